/**
 * Applying a verified list of agents (seed §5): one accepted list
 * per session and file, its rows kept in chunks beside it, then the candidatures a reactor creates
 * from them, chunk by chunk, each chunk's outcome recorded on the list. Pure: events, the rows'
 * values as a dossier stores them, the list's read model.
 */
import type { DomainEvent, RecordedEvent } from '../core/envelope.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { ValidationError } from '../core/errors.js';
import { storedName } from './identity.js';
import type { CandidatureValues } from './candidature.js';
import { isoFromFrench, type PersonRow } from './personList.js';

/** Stream category of an accepted list: `listes-candidats-<id>`. */
export const PERSON_LIST_CATEGORY = 'listes-candidats';
/** Where a list's rows are kept, one event per chunk: `lignes-listes-candidats-<id>`. */
export const personListRowsStream = (listeId: string) => `lignes-listes-candidats-${listeId}`;
/**
 * Rows per chunk: the reactor creates one chunk's candidatures per event it handles, so that no
 * single step outlives the projection runner's lease (a 50,000-row list is 200 short steps).
 */
export const PERSON_LIST_CHUNK_ROWS = 250;
/** Chunks per append (an append stays under EventStoreDB's 1 MB default). */
export const PERSON_LIST_CHUNKS_PER_APPEND = 4;

export const PERSON_LIST_NOT_FOUND = 'Cette liste de candidats est introuvable.';
export const PERSON_LIST_NOT_VERIFIED = 'Vérifiez d’abord la liste.';
export const PERSON_LIST_OTHER_TARGET =
  'Cette liste a déjà été soumise à cette session pour un autre métier ou un autre centre de dépôt.';

/** A row as applied: its sheet row and the dossier's values (names cleaned and capitalised). */
export interface AppliedRow {
  readonly ligne: number;
  readonly values: CandidatureValues;
}

/** Where the list's dossiers go. */
export interface PersonListTarget {
  readonly sessionId: string;
  readonly metierId: string;
  readonly centreDepotId: string;
}

/** A row not turned into a submitted dossier, and why. */
export interface RowOutcomeNote {
  readonly ligne: number;
  readonly motif: string;
}

export type PersonListAccepted = DomainEvent<
  'ListeCandidatsAcceptee',
  PersonListTarget & {
    listeId: string;
    /** The file's SHA-256 (the verification's id). */
    verificationId: string;
    format: 'csv' | 'xlsx';
    lignes: number;
    tranches: number;
  }
>;
/** One chunk of rows (in the rows' stream). */
export type PersonListChunk = DomainEvent<
  'ListeCandidatsTranche',
  { listeId: string; tranche: number; lignes: AppliedRow[] }
>;
/** What the reactor made of one chunk. */
export type PersonListChunkApplied = DomainEvent<
  'ListeCandidatsTrancheAppliquee',
  {
    listeId: string;
    tranche: number;
    lignes: number;
    /** Dossiers created (submitted, or left brouillons: see `brouillons`). */
    creees: number;
    soumises: number;
    /** Created but not submitted (the métier's quota reached), with the reason. */
    brouillons: RowOutcomeNote[];
    /** Rows for which no dossier was created (the person registered meanwhile…), with the reason. */
    ignorees: RowOutcomeNote[];
  }
>;
/** Every chunk applied: the list's totals. */
export type PersonListApplied = DomainEvent<
  'ListeCandidatsAppliquee',
  {
    listeId: string;
    lignes: number;
    creees: number;
    soumises: number;
    brouillons: number;
    ignorees: number;
  }
>;
export type PersonListEvent =
  PersonListAccepted | PersonListChunk | PersonListChunkApplied | PersonListApplied;

/** The events of a list's own stream (the read model's). */
export const PERSON_LIST_EVENT_TYPES = [
  'ListeCandidatsAcceptee',
  'ListeCandidatsTrancheAppliquee',
  'ListeCandidatsAppliquee',
] as const;

/** The rows in chunks of `PERSON_LIST_CHUNK_ROWS`. */
export const chunksOf = <T>(rows: readonly T[], size = PERSON_LIST_CHUNK_ROWS): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
};

/** « Électricité », « ELECTRICITE », « electricite » are one value. */
export const comparableLabel = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .trim()
    .toUpperCase()
    .replace(/\s+/g, ' ');

/**
 * A valid row (rules 1–8 passed) as a dossier of an agent: names cleaned and capitalised, dates
 * ISO, the niveau and the langue named by their ids (found by the caller from the row's text).
 */
export const agentValues = (
  row: PersonRow,
  references: { readonly niveauId: string | null; readonly langueId: string | null },
): CandidatureValues => ({
  categorie: 'agent',
  apprentiId: null,
  patronId: null,
  nom: storedName(row.nom ?? ''),
  prenoms: storedName(row.prenoms ?? ''),
  sexe: (row.sexe ?? '').trim(),
  dateNaissance: isoFromFrench(row.date_naissance ?? ''),
  lieuNaissance: (row.lieu_naissance ?? '').trim(),
  nationalite: (row.nationalite ?? '').trim(),
  telephone: (row.telephone ?? '').trim(),
  matricule: (row.matricule ?? '').trim(),
  datePremierePriseService: isoFromFrench(row.date_premiere_prise_service ?? ''),
  niveauId: references.niveauId,
  langueId: references.langueId,
  handicapId: null,
});

/** POST /api/listes-candidats: `{ verificationId, sessionId, metierId, centreDepotId }`. */
export const parsePersonListApplication = (
  body: unknown,
): PersonListTarget & { verificationId: string } => {
  const input = (body ?? {}) as Record<string, unknown>;
  const text = (field: string) => (typeof input[field] === 'string' ? input[field].trim() : '');
  const errors: Record<string, string> = {};
  if (!/^[0-9a-f]{64}$/.test(text('verificationId')))
    errors.verificationId = PERSON_LIST_NOT_VERIFIED;
  if (!text('sessionId')) errors.sessionId = 'Choisissez la session.';
  if (!text('metierId')) errors.metierId = 'Choisissez le métier.';
  if (!text('centreDepotId')) errors.centreDepotId = 'Choisissez le centre de dépôt.';
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return {
    verificationId: text('verificationId'),
    sessionId: text('sessionId'),
    metierId: text('metierId'),
    centreDepotId: text('centreDepotId'),
  };
};

/** The list's progress, as `GET /api/listes-candidats/:id` answers it. */
export interface PersonListDocument extends ReadModelDocument, PersonListTarget {
  readonly verificationId: string;
  readonly statut: 'en-cours' | 'terminee';
  readonly lignes: number;
  readonly tranches: number;
  readonly tranchesAppliquees: number;
  /** Rows handled so far (created, left brouillons or ignored). */
  readonly traitees: number;
  readonly creees: number;
  readonly soumises: number;
  readonly brouillons: number;
  readonly ignorees: number;
  /** The first rows not submitted, with their reason (at most `NOTES_KEPT`). */
  readonly anomalies: readonly RowOutcomeNote[];
  readonly progression: number;
  readonly creeLe: string;
  readonly creePar: string;
  readonly termineeLe: string | null;
}

const NOTES_KEPT = 200;

export const personListsCollection: CollectionDefinition = {
  name: 'listes_candidats',
  fields: {
    sessionId: 'string',
    metierId: 'string',
    centreDepotId: 'string',
    statut: 'string',
    creeLe: 'string',
    creePar: 'string',
  },
  searchFields: ['creePar'],
  defaultSort: { field: 'creeLe', order: 'DESC' },
};

export const PERSON_LISTS_PROJECTION = 'listes-candidats';

/** The list's document after one of its events (undefined: nothing to show yet). */
export const personListDocumentAfter = (
  current: PersonListDocument | null,
  event: RecordedEvent,
): PersonListDocument | null => {
  const e = event as unknown as RecordedEvent<PersonListEvent>;
  switch (e.type) {
    case 'ListeCandidatsAcceptee':
      return {
        id: e.data.listeId,
        version: e.revision,
        verificationId: e.data.verificationId,
        sessionId: e.data.sessionId,
        metierId: e.data.metierId,
        centreDepotId: e.data.centreDepotId,
        statut: 'en-cours',
        lignes: e.data.lignes,
        tranches: e.data.tranches,
        tranchesAppliquees: 0,
        traitees: 0,
        creees: 0,
        soumises: 0,
        brouillons: 0,
        ignorees: 0,
        anomalies: [],
        progression: 0,
        creeLe: e.metadata.at,
        creePar: e.metadata.actor.name,
        termineeLe: null,
      };
    case 'ListeCandidatsTrancheAppliquee': {
      if (!current) return null;
      const d = e.data;
      const traitees = current.traitees + d.lignes;
      return {
        ...current,
        version: e.revision,
        tranchesAppliquees: current.tranchesAppliquees + 1,
        traitees,
        creees: current.creees + d.creees,
        soumises: current.soumises + d.soumises,
        brouillons: current.brouillons + d.brouillons.length,
        ignorees: current.ignorees + d.ignorees.length,
        anomalies: [...current.anomalies, ...d.brouillons, ...d.ignorees]
          .sort((a, b) => a.ligne - b.ligne)
          .slice(0, NOTES_KEPT),
        progression: Math.min(99, Math.floor((traitees * 100) / Math.max(current.lignes, 1))),
      };
    }
    case 'ListeCandidatsAppliquee':
      if (!current) return null;
      return {
        ...current,
        version: e.revision,
        statut: 'terminee',
        progression: 100,
        termineeLe: e.metadata.at,
      };
    default:
      return current;
  }
};

export const personListsResource: ResourceDefinition = {
  name: 'listes-candidats',
  collection: personListsCollection,
  projections: [PERSON_LISTS_PROJECTION],
  category: PERSON_LIST_CATEGORY,
  label: 'liste de candidats',
  notFoundMessage: PERSON_LIST_NOT_FOUND,
  scopedBy: 'centreDepotId',
};
