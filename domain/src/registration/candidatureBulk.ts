/**
 * Actions in bulk on the list of candidates (issue #32): one action (submit, validate, reject with
 * a motif, record one payment each, request the convocations) over chosen dossiers or over every
 * result of the list's filter. The run is recorded with its actor on a stream of its own, each
 * dossier decided alone by the same handler as by hand; each outcome (« Réussi » or the French
 * reason of the refusal) kept on the run. Pure: inputs, events, read models.
 */
import type { DomainEvent, RecordedEvent } from '../core/envelope.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { ValidationError } from '../core/errors.js';
import { parsePayment, parseRejection, type ManualPaymentChannel } from './candidatureInput.js';

/** Stream category of a run: `lots-candidatures-<id>`. */
export const BULK_CATEGORY = 'lots-candidatures';
export const BULK_NOT_FOUND = 'Cette action groupée est introuvable.';
/** Up to this many dossiers the answer carries the outcome; beyond, a reactor runs it in chunks. */
export const BULK_DIRECT_MAX = 200;
/** Dossiers per chunk of a run beyond `BULK_DIRECT_MAX`. */
export const BULK_CHUNK_SIZE = 250;
/** The most dossiers one run takes (a filter over more is refused: narrow it). */
export const BULK_MAX = 50_000;

export const BULK_ACTIONS = ['soumettre', 'valider', 'rejeter', 'payer', 'convoquer'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const BULK_ACTION_LABELS: Readonly<Record<BulkAction, string>> = {
  soumettre: 'Soumettre',
  valider: 'Valider',
  rejeter: 'Rejeter',
  payer: 'Enregistrer un paiement',
  convoquer: 'Demander les convocations',
};

/** The same payment for each dossier; its reference is the prefix followed by the dossier's number. */
export interface BulkPayment {
  readonly montant: number;
  readonly date: string;
  readonly prefixeReference: string;
  /** Absent: at the counter (« Guichet »). */
  readonly canal?: ManualPaymentChannel;
}

/** What the run does to each dossier, as accepted. */
export interface BulkParameters {
  readonly action: BulkAction;
  readonly rejet?: { readonly motifId: string; readonly commentaire: string };
  readonly paiement?: BulkPayment;
}

/** The list's filter (`{ sessionId, statut, q… }`), as the list screen sends it. */
export type BulkFilter = Readonly<Record<string, string | number | boolean | readonly string[]>>;

export interface BulkRequest extends BulkParameters {
  /** The dossiers chosen, or… */
  readonly ids?: readonly string[];
  /** …every result of the list's filter (resolved by the server, within the caller's scope). */
  readonly filtre?: BulkFilter;
}

const bad = (field: string, message: string) => new ValidationError(message, { [field]: message });

const parseFilter = (raw: unknown): BulkFilter => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw bad('filtre', 'Le filtre de la liste est invalide.');
  const filter: Record<string, string | number | boolean | readonly string[]> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (value === undefined || value === '' || value === null) continue;
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) filter[key] = value;
    else if (['string', 'number', 'boolean'].includes(typeof value))
      filter[key] = value as string | number | boolean;
    else throw bad('filtre', `Le filtre « ${key} » de la liste est invalide.`);
  }
  return filter;
};

/**
 * `POST /api/lots-candidatures`: `{ action, ids | filtre, motifId, commentaire,
 * montant, date, prefixeReference }`. A French 400 for what is missing; nothing is done then.
 */
export const parseBulkRequest = (body: unknown): BulkRequest => {
  const input = (body ?? {}) as Record<string, unknown>;
  const action = input.action;
  if (typeof action !== 'string' || !(BULK_ACTIONS as readonly string[]).includes(action))
    throw bad('action', 'Choisissez l’action à appliquer aux dossiers.');
  const ids = input.ids;
  let chosen: { ids: string[] } | { filtre: BulkFilter };
  if (ids !== undefined) {
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && id !== ''))
      throw bad('ids', 'Les dossiers choisis sont invalides.');
    if (ids.length === 0) throw bad('ids', 'Choisissez au moins un dossier.');
    if (ids.length > BULK_MAX)
      throw bad('ids', 'Une action groupée porte sur 50 000 dossiers au plus.');
    chosen = { ids: [...new Set(ids as string[])] };
  } else if (input.filtre !== undefined) chosen = { filtre: parseFilter(input.filtre) };
  else throw bad('ids', 'Choisissez les dossiers, ou tous les résultats du filtre.');
  const parameters: BulkParameters =
    action === 'rejeter'
      ? { action, rejet: parseRejection(input) }
      : action === 'payer'
        ? { action, paiement: parseBulkPayment(input) }
        : { action: action as BulkAction };
  return { ...parameters, ...chosen };
};

const parseBulkPayment = (input: Record<string, unknown>): BulkPayment => {
  const prefix =
    typeof input.prefixeReference === 'string' ? input.prefixeReference.trim().toUpperCase() : '';
  if (prefix.length < 2 || prefix.length > 30 || !/^[A-Z0-9][A-Z0-9./_-]*$/.test(prefix))
    throw bad(
      'prefixeReference',
      'Le préfixe des références compte de 2 à 30 caractères : lettres, chiffres, « . », « / », « - » et « _ ».',
    );
  // The amount and the date as for one payment; the reference is checked with its prefix.
  const { montant, date, canal } = parsePayment({ ...input, reference: `${prefix}X` });
  return { montant, date, prefixeReference: prefix, ...(canal ? { canal } : {}) };
};

/** One dossier's payment reference in a run: the prefix, then its number. */
export const bulkPaymentReference = (prefix: string, numeroDossier: string): string =>
  `${prefix}${numeroDossier}`.toUpperCase().replace(/[^A-Z0-9./_-]/g, '-');

/** One dossier's outcome: `motif` null when done, else the French reason of the refusal. */
export interface BulkOutcome {
  readonly candidatureId: string;
  readonly numeroDossier: string;
  readonly libelle: string;
  readonly motif: string | null;
}

export type BulkAccepted = DomainEvent<
  'LotCandidaturesAccepte',
  BulkParameters & {
    lotId: string;
    total: number;
    tranches: number;
    /** A run done at once (≤ `BULK_DIRECT_MAX`): its dossiers; otherwise they are in its chunks. */
    candidatureIds?: string[];
    /** The caller's centre de dépôt (an enrôleur's): who else of that centre may read the run. */
    centreDepotId: string | null;
  }
>;
export type BulkChunk = DomainEvent<
  'LotCandidaturesTranche',
  { lotId: string; tranche: number; candidatureIds: string[] }
>;
export type BulkChunkApplied = DomainEvent<
  'LotCandidaturesTrancheAppliquee',
  {
    lotId: string;
    tranche: number;
    /** Rank of the chunk's first dossier in the run (results keep the run's order). */
    debut: number;
    centreDepotId: string | null;
    resultats: BulkOutcome[];
  }
>;
export type BulkCompleted = DomainEvent<
  'LotCandidaturesTermine',
  { lotId: string; reussis: number; refus: number }
>;
export type BulkEvent = BulkAccepted | BulkChunk | BulkChunkApplied | BulkCompleted;

export const BULK_EVENT_TYPES: readonly BulkEvent['type'][] = [
  'LotCandidaturesAccepte',
  'LotCandidaturesTrancheAppliquee',
  'LotCandidaturesTermine',
];

/** What accepting a run writes: the acceptance, then its dossiers in chunks (none: done at once). */
export const bulkEvents = (
  lotId: string,
  parameters: BulkParameters,
  candidatureIds: readonly string[],
  centreDepotId: string | null,
  chunked: boolean,
): (BulkAccepted | BulkChunk)[] => {
  const chunks: string[][] = [];
  if (chunked)
    for (let i = 0; i < candidatureIds.length; i += BULK_CHUNK_SIZE)
      chunks.push(candidatureIds.slice(i, i + BULK_CHUNK_SIZE));
  return [
    {
      type: 'LotCandidaturesAccepte',
      data: {
        ...parameters,
        lotId,
        total: candidatureIds.length,
        tranches: chunked ? chunks.length : 1,
        ...(chunked ? {} : { candidatureIds: [...candidatureIds] }),
        centreDepotId,
      },
    },
    ...chunks.map((ids, tranche): BulkChunk => ({
      type: 'LotCandidaturesTranche',
      data: { lotId, tranche, candidatureIds: ids },
    })),
  ];
};

// ---------------------------------------------------------------------------------------------
// Read models: the runs with their progress, and one row per dossier of a run

export interface BulkDocument extends ReadModelDocument {
  readonly action: BulkAction;
  readonly libelleAction: string;
  readonly centreDepotId: string | null;
  readonly statut: 'en-cours' | 'terminee';
  readonly total: number;
  readonly traites: number;
  readonly reussis: number;
  readonly refus: number;
  readonly progression: number;
  readonly creeLe: string;
  readonly creePar: string;
  readonly termineLe: string | null;
}

export const bulkCollection: CollectionDefinition = {
  name: 'lots_candidatures',
  fields: {
    action: 'string',
    centreDepotId: 'string',
    statut: 'string',
    creeLe: 'string',
    creePar: 'string',
  },
  searchFields: ['creePar', 'libelleAction'],
  defaultSort: { field: 'creeLe', order: 'DESC' },
};

export interface BulkResultDocument extends ReadModelDocument {
  readonly lotId: string;
  readonly rang: number;
  readonly candidatureId: string;
  readonly numeroDossier: string;
  readonly libelle: string;
  readonly resultat: 'reussi' | 'refuse';
  /** « Réussi », or the reason of the refusal. */
  readonly motif: string;
  readonly centreDepotId: string | null;
}

export const bulkResultsCollection: CollectionDefinition = {
  name: 'resultats_lots_candidatures',
  fields: {
    lotId: 'string',
    rang: 'number',
    numeroDossier: 'string',
    libelle: 'string',
    resultat: 'string',
    centreDepotId: 'string',
  },
  searchFields: ['numeroDossier', 'libelle', 'motif'],
  defaultSort: { field: 'rang', order: 'ASC' },
};

export const BULK_PROJECTION = 'lots-candidatures';
export const BULK_DONE = 'Réussi';

/** A run's document after one of its events. */
export const bulkDocumentAfter = (
  current: BulkDocument | null,
  event: RecordedEvent,
): BulkDocument | null => {
  const e = event as unknown as RecordedEvent<BulkEvent>;
  switch (e.type) {
    case 'LotCandidaturesAccepte':
      return {
        id: e.data.lotId,
        version: e.revision,
        action: e.data.action,
        libelleAction: BULK_ACTION_LABELS[e.data.action],
        centreDepotId: e.data.centreDepotId,
        statut: e.data.total === 0 ? 'terminee' : 'en-cours',
        total: e.data.total,
        traites: 0,
        reussis: 0,
        refus: 0,
        progression: e.data.total === 0 ? 100 : 0,
        creeLe: e.metadata.at,
        creePar: e.metadata.actor.name,
        termineLe: e.data.total === 0 ? e.metadata.at : null,
      };
    case 'LotCandidaturesTrancheAppliquee': {
      if (!current) return null;
      const refus = e.data.resultats.filter((r) => r.motif !== null).length;
      const traites = current.traites + e.data.resultats.length;
      return {
        ...current,
        version: e.revision,
        traites,
        reussis: current.reussis + e.data.resultats.length - refus,
        refus: current.refus + refus,
        progression: Math.min(99, Math.floor((traites * 100) / Math.max(current.total, 1))),
      };
    }
    case 'LotCandidaturesTermine':
      if (!current) return null;
      return {
        ...current,
        version: e.revision,
        statut: 'terminee',
        progression: 100,
        termineLe: e.metadata.at,
      };
    default:
      return current;
  }
};

/** The rows a chunk's outcome adds to its run's results. */
export const bulkResultRows = (event: RecordedEvent<BulkChunkApplied>): BulkResultDocument[] =>
  event.data.resultats.map((r, i) => ({
    id: `${event.data.lotId}.${r.candidatureId}`,
    version: event.revision,
    lotId: event.data.lotId,
    rang: event.data.debut + i + 1,
    candidatureId: r.candidatureId,
    numeroDossier: r.numeroDossier,
    libelle: r.libelle,
    resultat: r.motif === null ? 'reussi' : 'refuse',
    motif: r.motif ?? BULK_DONE,
    centreDepotId: event.data.centreDepotId,
  }));

export const bulkResource: ResourceDefinition = {
  name: 'lots-candidatures',
  collection: bulkCollection,
  projections: [BULK_PROJECTION],
  category: BULK_CATEGORY,
  label: 'action groupée',
  notFoundMessage: BULK_NOT_FOUND,
  scopedBy: 'centreDepotId',
};

export const bulkResultsResource: ResourceDefinition = {
  name: 'resultats-lots-candidatures',
  collection: bulkResultsCollection,
  projections: [BULK_PROJECTION],
  category: BULK_CATEGORY,
  label: 'résultat d’action groupée',
  notFoundMessage: 'Ce résultat d’action groupée est introuvable.',
  scopedBy: 'centreDepotId',
  readOnly: true,
};
