import type { ListField } from '../lists/definition';

/** A métier's optional classification, chosen among the active items of the lists of its tabs. */
export const FILIERE: ListField = {
  name: 'filiereId',
  label: 'Filière',
  type: 'reference',
  reference: 'filieres',
  inList: true,
};

export const CORPS_DE_METIER: ListField = {
  name: 'corpsDeMetierId',
  label: 'Corps de métier',
  type: 'reference',
  reference: 'corps-de-metier',
  inList: true,
};

export const CLASSIFICATION: readonly ListField[] = [FILIERE, CORPS_DE_METIER];
