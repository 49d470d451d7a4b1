import { z } from 'zod';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { codeSchema, libelleSchema } from '../core/validation.js';
import type { ListField } from '../configuration/lists.js';
import { metierHistory } from './history.js';
import { METIER_CATEGORY } from './metier.js';

/** Body of POST and PUT /api/metiers: what staff type in the form. */
const optionalId = z
  .string({ error: 'Identifiant attendu.' })
  .trim()
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .default(null);

export const metierInputSchema = z.strictObject(
  {
    code: codeSchema,
    libelle: libelleSchema,
    /** Chosen from the small lists managed in the métiers screen's tabs. */
    filiereId: optionalId,
    corpsDeMetierId: optionalId,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys.join(', ')}.` : undefined,
  },
);
export type MetierInput = z.output<typeof metierInputSchema>;

/** A métier's optional classification, chosen among the active items of the lists of its tabs. */
export const METIER_FILIERE: ListField = {
  name: 'filiereId',
  label: 'Filière',
  type: 'reference',
  reference: 'filieres',
  inList: true,
};

export const METIER_CORPS_DE_METIER: ListField = {
  name: 'corpsDeMetierId',
  label: 'Corps de métier',
  type: 'reference',
  reference: 'corps-de-metier',
  inList: true,
};

export interface MetierDocument extends ReadModelDocument {
  code: string;
  libelle: string;
  filiereId: string | null;
  corpsDeMetierId: string | null;
  actif: boolean;
  creeLe: string;
  creePar: string;
  modifieLe: string;
  modifiePar: string;
}

export const metiersCollection: CollectionDefinition = {
  name: 'metiers',
  fields: {
    code: 'string',
    libelle: 'string',
    filiereId: 'string',
    corpsDeMetierId: 'string',
    actif: 'boolean',
    creeLe: 'string',
    modifieLe: 'string',
  },
  searchFields: ['code', 'libelle'],
  defaultSort: { field: 'libelle', order: 'ASC' },
};

export const metiersResource: ResourceDefinition = {
  name: 'metiers',
  collection: metiersCollection,
  projections: ['metiers'],
  category: METIER_CATEGORY,
  label: 'métier',
  notFoundMessage: 'Ce métier est introuvable.',
  history: metierHistory,
};
