import { z } from 'zod';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import {
  DOCUMENT_CATEGORY,
  DOCUMENT_KINDS,
  namesSession,
  needsTarget,
  type DocumentKind,
  type DocumentTarget,
} from './document.js';
import { TOP_INVALID, TOP_MAX } from '../admission/admissionStats.js';

const id = z.string().trim().min(1).max(100);
export const documentRequestSchema = z
  .strictObject({
    kind: z.enum(Object.keys(DOCUMENT_KINDS) as [DocumentKind, ...DocumentKind[]], {
      error: 'Type de document inconnu.',
    }),
    cible: z
      .strictObject(
        {
          sessionId: id,
          siteId: id.optional(),
          centreExamenId: id.optional(),
          departementId: id.optional(),
          candidatureId: id.optional(),
          epreuveId: id.optional(),
          juryId: id.optional(),
          // An extraction of the admitted candidates: its filters and top N.
          metierId: id.optional(),
          centreDepotId: id.optional(),
          zoneId: id.optional(),
          sexe: z
            .enum(['M', 'F'], { error: 'Sexe inconnu : choisissez Masculin (M) ou Féminin (F).' })
            .optional(),
          top: z
            .number({ error: TOP_INVALID })
            .int({ error: TOP_INVALID })
            .min(1, { error: TOP_INVALID })
            .max(TOP_MAX, { error: TOP_INVALID })
            .optional(),
        },
        { error: 'Cible du document invalide.' },
      )
      .optional(),
  })
  .superRefine((request, context) => {
    // They check the candidates' results and print the public address: their own route does.
    if (request.kind === 'attestations' || request.kind === 'diplomes') {
      context.addIssue({
        code: 'custom',
        path: ['kind'],
        message:
          'Les attestations et les diplômes se demandent depuis les écrans « Attestations » (POST /api/attestations/documents).',
      });
      return;
    }
    const needed = needsTarget(request.kind);
    const { cible } = request;
    const extraction = request.kind === 'extraction-admis';
    const extractionFields = cible
      ? [cible.metierId, cible.centreDepotId, cible.zoneId, cible.sexe, cible.top]
      : [];
    if (
      extraction &&
      cible &&
      [cible.siteId, cible.centreExamenId, cible.candidatureId].some(Boolean)
    )
      context.addIssue({
        code: 'custom',
        path: ['cible'],
        message:
          'Une extraction des admis se filtre par métier, centre de dépôt, département, zone ou sexe.',
      });
    if (!extraction && extractionFields.some((v) => v !== undefined))
      context.addIssue({
        code: 'custom',
        path: ['cible'],
        message:
          'Seule l’extraction des admis se filtre par métier, centre de dépôt, zone ou sexe.',
      });
    const chosen = cible
      ? [cible.siteId, cible.centreExamenId, cible.departementId, cible.candidatureId].filter(
          Boolean,
        ).length
      : 0;
    if (extraction) {
      if (!cible)
        context.addIssue({ code: 'custom', path: ['cible'], message: 'Choisissez la session.' });
    } else if (needed && (!cible || chosen !== 1))
      context.addIssue({
        code: 'custom',
        path: ['cible'],
        message:
          'Choisissez la session et un site de composition, un centre d’examen ou un département.',
      });
    else if (cible?.candidatureId && request.kind !== 'convocations')
      context.addIssue({
        code: 'custom',
        path: ['cible'],
        message: 'Ce document se fait par site, centre d’examen ou département.',
      });
    if (request.kind === 'fiches-notes' && cible && !cible.epreuveId)
      context.addIssue({ code: 'custom', path: ['cible'], message: 'Choisissez l’épreuve.' });
    if (request.kind !== 'fiches-notes' && cible?.epreuveId)
      context.addIssue({
        code: 'custom',
        path: ['cible'],
        message: 'Seules les fiches de notes se font par épreuve.',
      });
    if (request.kind === 'proces-verbal' && cible && (!cible.juryId || !cible.centreExamenId))
      context.addIssue({
        code: 'custom',
        path: ['cible'],
        message: 'Choisissez le jury et le centre d’examen du procès-verbal.',
      });
    if (request.kind !== 'proces-verbal' && cible?.juryId)
      context.addIssue({
        code: 'custom',
        path: ['cible'],
        message: 'Seuls les procès-verbaux se font par jury.',
      });
    if (request.kind === 'decision-admission' && cible && !cible.departementId)
      context.addIssue({
        code: 'custom',
        path: ['cible'],
        message: 'Une décision d’admission se fait par département : choisissez le département.',
      });
    if (!needed && request.cible)
      context.addIssue({
        code: 'custom',
        path: ['cible'],
        message: 'Ce document n’a pas de cible.',
      });
  });

/** Text as part of a file name: no accents, lower case, words joined by hyphens, `max` long. */
export const fileNameSlug = (text: string, max: number): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, max)
    .replace(/-$/, '');

/**
 * A file name without spaces nor accents: « liste-emargement-lycee-de-douala.pdf »; a kind that
 * names its session too (`namesSession`): « liste-de-porte-lycee-de-douala-session-2026.pdf ».
 */
export const documentFileName = (
  kind: DocumentKind,
  cible?: { libelle: string; session?: string },
): string => {
  const base = DOCUMENT_KINDS[kind].fileName;
  if (!cible) return base;
  const slug = [
    fileNameSlug(cible.libelle, 60),
    namesSession(kind) && cible.session ? fileNameSlug(cible.session, 40) : '',
  ]
    .filter(Boolean)
    .join('-');
  return slug ? base.replace(/\.pdf$/, `-${slug}.pdf`) : base;
};

export type DocumentStatus = 'demande' | 'genere' | 'echec';

export interface DocumentDocument extends ReadModelDocument {
  kind: DocumentKind;
  /** What it was made of (a session's site, centre or département), when its kind has a target. */
  cible?: DocumentTarget;
  /**
   * The centre de dépôt whose candidates it holds (its target's: a centre-attached requester's, or
   * the centre an extraction was made for); null: every centre's. Centre-attached users read theirs.
   */
  centreDepotId?: string | null;
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
  /** Sent to these addresses (a département's lists), when, how, and the message's reference. */
  envoyeA?: string[];
  envoyeLe?: string;
  envoi?: 'smtp' | 'boite-envoi';
  referenceEnvoi?: string;
}

export const documentsCollection: CollectionDefinition = {
  name: 'documents',
  fields: {
    kind: 'string',
    statut: 'string',
    demandeLe: 'string',
    demandePar: 'string',
    envoyeLe: 'string',
    centreDepotId: 'string',
  },
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
  // A centre-attached user reads the documents made of their centre's candidates only.
  scopedBy: 'centreDepotId',
};

/** The queue job that makes a document: one per document, under a deterministic id. */
export const documentJobId = (documentId: string): string => `document-${documentId}`;
export const GENERATE_DOCUMENT_JOB = 'generer-document';
