import type { FieldDeclaration } from './declaration';

/**
 * The columns of a list of runs handled in chunks (the lists of agents, the bulk actions): their
 * statut, filterable, and their counts.
 */
export const RUN_STATUTS = [
  { value: 'en-cours', label: 'En cours' },
  { value: 'terminee', label: 'Terminée' },
] as const;

export const runStatusField: FieldDeclaration = {
  name: 'statut',
  label: 'Statut',
  type: 'choice',
  choices: RUN_STATUTS,
  inList: true,
  filter: true,
};

/** A count shown in the list (« Dossiers », « Réussis »…). */
export const countField = (name: string, label: string): FieldDeclaration => ({
  name,
  label,
  type: 'integer',
  inList: true,
});
