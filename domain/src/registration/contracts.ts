import { recordInputSchema } from '../configuration/contracts.js';
import type { RecordedEvent } from '../core/envelope.js';
import { ValidationError } from '../core/errors.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { parseInput } from '../core/validation.js';
import { describeHistory, type HistoryEntry, type HistoryEvent } from '../history/history.js';
import {
  CANDIDATURE_CATEGORY,
  CANDIDATURE_FIELDS,
  CANDIDATURE_NOT_FOUND,
  CANDIDATURE_STATUS_LABELS,
  checkCandidature,
  type CandidatureDetails,
  type CandidatureEvent,
  type CandidatureStatus,
  type CandidatureValues,
} from './candidature.js';

/** POST and PUT /api/candidatures: the declared fields, then what each category needs. */
export const parseCandidature = (body: unknown): CandidatureDetails => {
  const parsed = parseInput(recordInputSchema(CANDIDATURE_FIELDS), body) as Record<
    string,
    string | null
  >;
  const errors = checkCandidature(parsed);
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  const { sessionId, metierId, centreDepotId, ...rest } = parsed;
  // What the category does not use is not kept (an apprenti's matricule, a free candidate's patron).
  const values: CandidatureValues = { ...rest };
  if (values.categorie !== 'apprenti') values.apprentiId = null;
  if (values.categorie !== 'apprenti' && values.categorie !== 'patron') values.patronId = null;
  if (values.categorie !== 'agent') {
    values.matricule = '';
    values.datePremierePriseService = null;
  }
  return { sessionId: sessionId!, metierId: metierId!, centreDepotId: centreDepotId!, values };
};

/**
 * POST /api/candidatures: the form, and whether the registrar confirmed that a near-identical
 * person already registered is another person (`confirmerHomonyme: true`).
 */
export const parseNewCandidature = (
  body: unknown,
): CandidatureDetails & { confirmerHomonyme: boolean } => {
  const { confirmerHomonyme, ...rest } = (body ?? {}) as Record<string, unknown>;
  return { ...parseCandidature(rest), confirmerHomonyme: confirmerHomonyme === true };
};

/** POST /api/candidatures/:id/rejeter */
export const parseRejection = (body: unknown): { motifId: string; commentaire: string } => {
  const { motifId, commentaire } = (body ?? {}) as Record<string, unknown>;
  if (typeof motifId !== 'string' || motifId.trim() === '')
    throw new ValidationError('Choisissez le motif du rejet.', {
      motifId: 'Choisissez le motif du rejet.',
    });
  if (commentaire !== undefined && typeof commentaire !== 'string')
    throw new ValidationError('Le commentaire doit être un texte.', {
      commentaire: 'Le commentaire doit être un texte.',
    });
  const text = (commentaire ?? '').trim();
  if (text.length > 1000)
    throw new ValidationError('Le commentaire compte au plus 1 000 caractères.', {
      commentaire: 'Le commentaire compte au plus 1 000 caractères.',
    });
  return { motifId: motifId.trim(), commentaire: text };
};

export interface CandidatureDocument extends ReadModelDocument {
  numeroDossier: string;
  sessionId: string;
  metierId: string;
  centreDepotId: string;
  /** « Nom Prénoms », how lists and titles name the candidate. */
  libelle: string;
  statut: CandidatureStatus;
  motifRejetId: string | null;
  commentaireRejet: string;
  creeLe: string;
  creePar: string;
  modifieLe: string;
  modifiePar: string;
  [field: string]: unknown;
}

const nameOf = (values: Readonly<Record<string, unknown>>): string =>
  [values.nom, values.prenoms].filter((v) => typeof v === 'string' && v !== '').join(' ');

/**
 * The dossier's read-model document after one of its events (null once deleted): the projection
 * writes it, and the dossier « as it stood » at an instant replays it over the events up to then.
 */
export const candidatureDocumentAfter = (
  current: CandidatureDocument | null,
  event: RecordedEvent<CandidatureEvent>,
): CandidatureDocument | null => {
  const stamp = {
    version: event.revision,
    modifieLe: event.metadata.at,
    modifiePar: event.metadata.actor.name,
  };
  const changed = (changes: Partial<CandidatureDocument>) =>
    current ? { ...current, ...changes, ...stamp } : null;
  switch (event.type) {
    case 'CandidatureCreated':
    case 'CandidatureModified': {
      const { sessionId, metierId, centreDepotId, values } = event.data;
      return {
        ...(current ?? {}),
        ...values,
        id: event.data.candidatureId,
        numeroDossier:
          event.type === 'CandidatureCreated'
            ? event.data.numeroDossier
            : (current?.numeroDossier ?? ''),
        sessionId,
        metierId,
        centreDepotId,
        libelle: nameOf(values),
        statut: current?.statut ?? 'brouillon',
        motifRejetId: current?.motifRejetId ?? null,
        commentaireRejet: current?.commentaireRejet ?? '',
        creeLe: current?.creeLe ?? event.metadata.at,
        creePar: current?.creePar ?? event.metadata.actor.name,
        ...stamp,
      };
    }
    case 'CandidatureSubmitted':
      return changed({ statut: 'soumis' });
    case 'CandidatureValidated':
      return changed({ statut: 'valide' });
    case 'CandidatureRejected':
      return changed({
        statut: 'rejete',
        motifRejetId: event.data.motifId,
        commentaireRejet: event.data.commentaire,
      });
    case 'CandidatureWithdrawn':
      return changed({ statut: 'desiste' });
    case 'CandidatureDeleted':
      return null;
    default:
      return current;
  }
};

/**
 * The dossier as it stood at `instant`: its events at or before it, replayed; undefined before its
 * creation (or once deleted).
 */
export const candidatureAsAt = (
  events: readonly RecordedEvent[],
  instant: string,
): { revision: number; candidature: CandidatureDocument } | undefined => {
  const limit = Date.parse(instant);
  let document: CandidatureDocument | null = null;
  let revision = -1;
  for (const event of events) {
    if (Date.parse(event.metadata.at) > limit) break;
    document = candidatureDocumentAfter(document, event as RecordedEvent<CandidatureEvent>);
    revision = event.revision;
  }
  return document ? { revision, candidature: document } : undefined;
};

export const candidaturesCollection: CollectionDefinition = {
  name: 'candidatures',
  fields: {
    numeroDossier: 'string',
    sessionId: 'string',
    metierId: 'string',
    centreDepotId: 'string',
    categorie: 'string',
    statut: 'string',
    sexe: 'string',
    handicapId: 'string',
    patronId: 'string',
    dateNaissance: 'string',
    libelle: 'string',
    creeLe: 'string',
    modifieLe: 'string',
  },
  searchFields: ['numeroDossier', 'libelle', 'telephone', 'matricule'],
  defaultSort: { field: 'numeroDossier', order: 'DESC' },
};

export const CANDIDATURES_PROJECTION = 'candidatures';

const candidatureHistory = (events: readonly HistoryEvent[]): HistoryEntry[] =>
  describeHistory<Record<string, unknown>>(events, {
    initial: {},
    apply: (state, event) => {
      const e = event as unknown as CandidatureEvent;
      switch (e.type) {
        case 'CandidatureCreated':
          return {
            numeroDossier: e.data.numeroDossier,
            sessionId: e.data.sessionId,
            metierId: e.data.metierId,
            centreDepotId: e.data.centreDepotId,
            ...e.data.values,
            statut: CANDIDATURE_STATUS_LABELS.brouillon,
            // Ids, not numbers: another centre's dossier number is not the reader's to see.
            homonymesConfirmes: e.data.homonymesConfirmes?.length
              ? `${e.data.homonymesConfirmes.length} dossier${e.data.homonymesConfirmes.length > 1 ? 's' : ''} au nom proche`
              : null,
          };
        case 'CandidatureModified':
          return {
            ...state,
            metierId: e.data.metierId,
            centreDepotId: e.data.centreDepotId,
            ...e.data.values,
          };
        case 'CandidatureSubmitted':
          return { ...state, statut: CANDIDATURE_STATUS_LABELS.soumis };
        case 'CandidatureValidated':
          return { ...state, statut: CANDIDATURE_STATUS_LABELS.valide };
        case 'CandidatureRejected':
          return {
            ...state,
            statut: CANDIDATURE_STATUS_LABELS.rejete,
            motifRejetId: e.data.motifId,
            commentaireRejet: e.data.commentaire,
          };
        case 'CandidatureWithdrawn':
          return { ...state, statut: CANDIDATURE_STATUS_LABELS.desiste };
        case 'CandidatureDeleted':
          return {};
        default:
          return state;
      }
    },
    actions: {
      CandidatureCreated: 'Création',
      CandidatureModified: 'Modification',
      CandidatureSubmitted: 'Soumission',
      CandidatureValidated: 'Validation',
      CandidatureRejected: 'Rejet',
      CandidatureWithdrawn: 'Désistement',
      CandidatureDeleted: 'Suppression',
    },
    fields: {
      numeroDossier: 'Numéro de dossier',
      ...Object.fromEntries(CANDIDATURE_FIELDS.map((f) => [f.name, f.label])),
      statut: 'Statut',
      motifRejetId: 'Motif de rejet',
      commentaireRejet: 'Commentaire du rejet',
      homonymesConfirmes: 'Autre personne que les dossiers',
    },
  });

export const candidaturesResource: ResourceDefinition = {
  name: 'candidatures',
  collection: candidaturesCollection,
  projections: [CANDIDATURES_PROJECTION],
  category: CANDIDATURE_CATEGORY,
  label: 'dossier',
  notFoundMessage: CANDIDATURE_NOT_FOUND,
  scopedBy: 'centreDepotId',
  itemKey: 'candidature',
  asAt: (events, instant) => {
    const found = candidatureAsAt(events, instant);
    return found && { revision: found.revision, document: found.candidature };
  },
  fields: [
    ...CANDIDATURE_FIELDS,
    { name: 'motifRejetId', type: 'reference', reference: 'motifs-rejet' },
  ],
  history: candidatureHistory,
};

/**
 * The validated dossiers (« Inscrits »): the same documents, read through a route whose scope is
 * `statut = valide`; read-only (their commands are the dossiers').
 */
export const inscritsResource: ResourceDefinition = {
  ...candidaturesResource,
  name: 'inscrits',
  label: 'inscrit',
  readOnly: true,
};
