/**
 * A candidature's form: its statuses, the candidate categories, the declared fields and the rules
 * between them.
 */
import type { CommandContext } from '../core/envelope.js';
import { utcDay } from '../core/time.js';
import type { ListField } from '../reference-lists/listTypes.js';
import { session, metier } from '../reference-lists/fields.js';
import { SEXES } from './identity.js';

export const CANDIDATURE_CATEGORY = 'candidatures';
export const CANDIDATURE_NOT_FOUND = 'Ce dossier de candidature est introuvable.';

export const CANDIDATURE_STATUSES = [
  'brouillon',
  'soumis',
  'valide',
  'affecte',
  'rejete',
  'desiste',
] as const;
export type CandidatureStatus = (typeof CANDIDATURE_STATUSES)[number];
export const CANDIDATURE_STATUS_LABELS: Record<CandidatureStatus, string> = {
  brouillon: 'Brouillon',
  soumis: 'Soumis',
  valide: 'Validé',
  affecte: 'Affecté',
  rejete: 'Rejeté',
  desiste: 'Désisté',
};

/**
 * What a row of the dossiers' lists carries (« Liste des candidats », « Inscrits », « Liste
 * d'examen », the choosers of a dossier): their columns and what the rows' labels read; not the
 * identity, pièces and payments a dossier's page reads (about 0.5 kB a row instead of 2 kB).
 */
export const CANDIDATURE_LIST_FIELDS = [
  'id',
  'version',
  'numeroDossier',
  'libelle',
  'sessionId',
  'metierId',
  'centreDepotId',
  'categorie',
  'statut',
  'etatPieces',
  'numeroCandidat',
  'siteId',
  'numeroTable',
  'modifieLe',
] as const;

export const CANDIDATE_CATEGORIES = [
  { value: 'apprenti', label: 'Apprenti' },
  { value: 'patron', label: 'Patron' },
  { value: 'agent', label: 'Agent' },
  { value: 'libre', label: 'Candidat libre' },
] as const;

/**
 * The form of a candidature, declared like the lists' fields (same types, same French messages):
 * the dossier's session, métier and centre, the category and the person's identity.
 */
export const CANDIDATURE_FIELDS: readonly ListField[] = [
  { ...session, inactiveMessage: 'Choisissez une session qui n’est pas clôturée.' },
  { ...metier, inactiveMessage: 'Choisissez un métier actif.' },
  {
    name: 'centreDepotId',
    label: 'Centre de dépôt',
    type: 'reference',
    reference: 'centres-depot',
    required: true,
    inList: true,
    inactiveMessage: 'Choisissez un centre de dépôt actif.',
  },
  {
    name: 'categorie',
    label: 'Catégorie',
    type: 'choice',
    required: true,
    choices: CANDIDATE_CATEGORIES,
    inList: true,
  },
  {
    name: 'apprentiId',
    label: 'Apprenti',
    type: 'reference',
    reference: 'apprentis',
    inactiveMessage: 'Choisissez un apprenti actif.',
  },
  {
    name: 'patronId',
    label: 'Patron',
    type: 'reference',
    reference: 'patrons',
    inactiveMessage: 'Choisissez un patron actif.',
  },
  { name: 'nom', label: 'Nom', type: 'person-name', required: true },
  { name: 'prenoms', label: 'Prénoms', type: 'person-name', required: true },
  { name: 'sexe', label: 'Sexe', type: 'choice', required: true, choices: SEXES, inList: true },
  { name: 'dateNaissance', label: 'Date de naissance', type: 'date', required: true },
  { name: 'lieuNaissance', label: 'Lieu de naissance', type: 'text', required: true },
  { name: 'nationalite', label: 'Nationalité', type: 'text', required: true },
  { name: 'telephone', label: 'Téléphone', type: 'phone', required: true },
  { name: 'matricule', label: 'Matricule', type: 'text' },
  { name: 'datePremierePriseService', label: 'Date de première prise de service', type: 'date' },
  {
    name: 'niveauId',
    label: 'Niveau de scolarisation',
    type: 'reference',
    reference: 'niveaux-scolarisation',
    required: true,
  },
  { name: 'langueId', label: 'Langue de composition', type: 'reference', reference: 'langues' },
  {
    name: 'handicapId',
    label: 'Handicap',
    type: 'reference',
    reference: 'types-handicap',
    help: 'Laisser vide : aucun handicap.',
  },
];

export const MATRICULE_REQUIRED = 'Matricule obligatoire à la soumission.';
export const MATRICULE_TOO_SHORT = 'Matricule : 8 caractères au minimum.';

/**
 * Rules between the fields of a candidature: what each category needs; the date of birth is past
 * on the day of the command's instant (`now`).
 */
export const checkCandidature = (
  values: Readonly<Record<string, unknown>>,
  { now }: Pick<CommandContext, 'now'>,
) => {
  const errors: Record<string, string> = {};
  const text = (field: string) => (typeof values[field] === 'string' ? values[field] : '');
  if (values.categorie === 'apprenti' && !text('apprentiId'))
    errors.apprentiId = 'Choisissez l’apprenti inscrit.';
  if (values.categorie === 'patron' && !text('patronId'))
    errors.patronId = 'Choisissez le patron inscrit.';
  if (values.categorie === 'agent') {
    if (!text('matricule')) errors.matricule = MATRICULE_REQUIRED;
    else if (text('matricule').length < 8) errors.matricule = MATRICULE_TOO_SHORT;
    if (!text('datePremierePriseService'))
      errors.datePremierePriseService = 'La date de première prise de service est obligatoire.';
  }
  const born = text('dateNaissance');
  if (born && born >= utcDay(now)) errors.dateNaissance = 'La date de naissance doit être passée.';
  return errors;
};
