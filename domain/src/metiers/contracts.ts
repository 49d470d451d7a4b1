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
export const metierInputSchema = z.strictObject(
  { code: codeSchema, libelle: libelleSchema },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys.join(', ')}.` : undefined,
  },
);
export type MetierInput = z.output<typeof metierInputSchema>;

export interface MetierDocument extends ReadModelDocument {
  code: string;
  libelle: string;
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
