import { z } from 'zod';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { codeSchema, libelleSchema } from '../core/validation.js';
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
