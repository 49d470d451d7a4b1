import type { ListField } from './listTypes.js';

/** Fields several lists and records share (a département, a métier, a session), declared once. */
export const departement: ListField = {
  name: 'departementId',
  label: 'Département',
  type: 'reference',
  reference: 'departements',
  required: true,
  inList: true,
};

/** A métier, required (what a session opens, what a level is required for). */
export const metier: ListField = {
  name: 'metierId',
  label: 'Métier',
  type: 'reference',
  reference: 'metiers',
  required: true,
  inList: true,
};

export const session: ListField = {
  name: 'sessionId',
  label: 'Session',
  type: 'reference',
  reference: 'sessions',
  required: true,
  inList: true,
};
