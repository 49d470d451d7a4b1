import { z } from 'zod';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { DOCUMENT_CATEGORY, DOCUMENT_KINDS, type DocumentKind } from './document.js';

export const documentRequestSchema = z.strictObject({
  kind: z.enum(Object.keys(DOCUMENT_KINDS) as [DocumentKind, ...DocumentKind[]], {
    error: 'Type de document inconnu.',
  }),
});

export type DocumentStatus = 'demande' | 'genere' | 'echec';

export interface DocumentDocument extends ReadModelDocument {
  kind: DocumentKind;
  libelle: string;
  statut: DocumentStatus;
  demandeLe: string;
  demandePar: string;
  fichier: string;
  sha256?: string;
  taille?: number;
  pages?: number;
  genereLe?: string;
  raison?: string;
}

export const documentsCollection: CollectionDefinition = {
  name: 'documents',
  fields: { kind: 'string', statut: 'string', demandeLe: 'string', demandePar: 'string' },
  searchFields: ['libelle', 'demandePar'],
  defaultSort: { field: 'demandeLe', order: 'DESC' },
};

export const documentsResource: ResourceDefinition = {
  name: 'documents',
  collection: documentsCollection,
  projections: ['documents'],
  category: DOCUMENT_CATEGORY,
  label: 'document',
  notFoundMessage: 'Ce document est introuvable.',
};

/** The queue job that makes a document: one per document, under a deterministic id. */
export const documentJobId = (documentId: string): string => `document-${documentId}`;
export const GENERATE_DOCUMENT_JOB = 'generer-document';
