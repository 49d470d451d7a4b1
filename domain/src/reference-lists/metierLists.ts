/** The métiers and the lists that classify them (filières, corps de métiers). */
import type { ListField, ReferenceListDefinition } from './listTypes.js';

/** A métier's optional classification, chosen among the active items of the lists of its tabs. */
export const METIER_FILIERE: ListField = {
  name: 'filiereId',
  label: 'Filière',
  type: 'reference',
  reference: 'filieres',
  inList: true,
  inactiveMessage: 'Choisissez une filière active.',
};

export const METIER_CORPS_DE_METIER: ListField = {
  name: 'corpsDeMetierId',
  label: 'Corps de métier',
  type: 'reference',
  reference: 'corps-de-metier',
  inList: true,
  inactiveMessage: 'Choisissez un corps de métier actif.',
};

export const METIER_LISTS: readonly ReferenceListDefinition[] = [
  // Once an aggregate of its own (`Metier*` events, read as these lists' events: legacyMetiers.ts).
  {
    name: 'metiers',
    path: 'configuration/metiers',
    label: 'Métiers',
    itemLabel: 'Métier',
    notFoundMessage: 'Ce métier est introuvable.',
    subject: { text: 'Ce métier' },
    newItem: 'nouveau métier',
    documents: ['liste-metiers'],
    fields: [METIER_FILIERE, METIER_CORPS_DE_METIER],
  },
  // Managed from the métiers screen (tabs "Filières" and "Corps de métiers"), no route of their own.
  {
    name: 'filieres',
    label: 'Filières',
    itemLabel: 'Filière',
    notFoundMessage: 'Cette filière est introuvable.',
    fields: [],
    permissions: ['configuration.filieres'],
    managedFrom: 'configuration/metiers',
  },
  {
    name: 'corps-de-metier',
    label: 'Corps de métiers',
    itemLabel: 'Corps de métier',
    notFoundMessage: 'Ce corps de métier est introuvable.',
    fields: [],
    permissions: ['configuration.corps-de-metier'],
    managedFrom: 'configuration/metiers',
  },
];
