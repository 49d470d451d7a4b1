/**
 * « Historique des modifications » (inscription/candidats/historique-modification): every change
 * to any dossier, one line per event of a dossier's stream — who, when, what, each field before →
 * after, the reason. The lines are the dossier's own history (`candidaturesResource.history`, the
 * same function as a dossier's timeline), so every event type a dossier gains reads here as there.
 */
import type { RecordedEvent } from '../core/envelope.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import type { HistoryEntry, HistoryEvent } from '../history/history.js';
import {
  CANDIDATURE_CATEGORY,
  CANDIDATURE_STATUS_LABELS,
  type CandidatureEvent,
  type CandidatureStatus,
} from './candidature.js';
import {
  candidatureDocumentAfter,
  candidaturesResource,
  type CandidatureDocument,
} from './contracts.js';

export const CANDIDATURE_CHANGES_RESOURCE = 'historique-candidatures';
export const CANDIDATURE_CHANGES_PROJECTION = 'historique-candidatures';

/** One line of the list: one event of one dossier. */
export interface CandidatureChangeDocument extends ReadModelDocument {
  candidatureId: string;
  /**
   * The dossier as it stands now (after its last event, or before its deletion): its number, its
   * candidate, its session and its centre — the centre decides who reads the line, as it decides
   * who reads the dossier and its timeline.
   */
  numeroDossier: string;
  libelle: string;
  sessionId: string;
  centreDepotId: string;
  /** The dossier's statut right after this event (before its deletion, for a deletion). */
  statut: CandidatureStatus | '';
  /** When, who, what. */
  date: string;
  /** Newest first, events of one instant in the log's order: the instant, then the position. */
  ordre: string;
  acteurId: string;
  acteur: string;
  action: string;
  /**
   * The reason recorded with the command, else the comment of a rejection (its motif de rejet is
   * among the changes).
   */
  motif: string;
  /** Each field this event changed, as the dossier's history shows it (ids until read). */
  changes: HistoryEntry['changes'];
}

export const candidatureChangesCollection: CollectionDefinition = {
  name: CANDIDATURE_CHANGES_RESOURCE,
  fields: {
    candidatureId: 'string',
    numeroDossier: 'string',
    libelle: 'string',
    sessionId: 'string',
    centreDepotId: 'string',
    statut: 'string',
    date: 'string',
    ordre: 'string',
    acteurId: 'string',
    acteur: 'string',
    action: 'string',
  },
  searchFields: ['numeroDossier', 'libelle'],
  defaultSort: { field: 'ordre', order: 'DESC' },
  // Texts sorted in French order; the others are codes, ids and ISO dates (their own order).
  sortFields: ['libelle', 'action', 'acteur'],
};

/** An event of a dossier as the projection keeps it to describe the next ones. */
export interface KeptEvent extends HistoryEvent {
  readonly id: string;
  readonly position: string;
  readonly metadata: HistoryEvent['metadata'] & { readonly actor: { id: string; name: string } };
}

/**
 * The events of each dossier seen so far (one document per dossier): a line says what changed
 * since the previous event, which takes the dossier's events before it. Internal to the
 * projection; no route serves it.
 */
export const candidatureChangesEventsCollection: CollectionDefinition = {
  name: 'historique-candidatures-evenements',
  fields: {},
  searchFields: [],
  defaultSort: { field: 'id', order: 'ASC' },
};

export interface CandidatureEventsDocument extends ReadModelDocument {
  events: KeptEvent[];
}

/** What the description of an event needs of it, and its position (orders one instant's lines). */
export const keptEvent = (event: RecordedEvent): KeptEvent => ({
  id: event.id,
  position: event.position,
  type: event.type,
  data: event.data,
  revision: event.revision,
  metadata: {
    at: event.metadata.at,
    actor: { id: event.metadata.actor.id, name: event.metadata.actor.name },
    ...(event.metadata.reason ? { reason: event.metadata.reason } : {}),
  },
});

/** The dossier an event belongs to: its data says, else its stream. */
export const candidatureIdOf = (event: { streamId: string; data: unknown }): string => {
  const id = (event.data as { candidatureId?: unknown } | null)?.candidatureId;
  return typeof id === 'string' && id !== ''
    ? id
    : event.streamId.slice(CANDIDATURE_CATEGORY.length + 1);
};

/** What every line of a dossier says of it: the dossier as it stands after `events`. */
const dossierOf = (documents: readonly (CandidatureDocument | null)[]) => {
  const last = [...documents].reverse().find((doc) => doc !== null) ?? null;
  return {
    numeroDossier: last?.numeroDossier ?? '',
    libelle: last?.libelle ?? '',
    sessionId: last?.sessionId ?? '',
    centreDepotId: last?.centreDepotId ?? '',
  };
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The lines of one dossier, from its events in order (revisions ascending): one per event its
 * history describes. Pure and deterministic (times and names come from the events), so that a
 * redelivered event writes the same lines and a rebuild finds them all again.
 */
export const candidatureChangeLines = (
  candidatureId: string,
  events: readonly KeptEvent[],
): CandidatureChangeDocument[] => {
  const entries = candidaturesResource.history!(events);
  const byRevision = new Map(entries.map((entry) => [entry.revision, entry]));
  // The dossier after each event, as its read model and its « as it stood » view replay it.
  const documents: (CandidatureDocument | null)[] = [];
  let document: CandidatureDocument | null = null;
  for (const event of events) {
    document = candidatureDocumentAfter(
      document,
      event as unknown as RecordedEvent<CandidatureEvent>,
    );
    documents.push(document);
  }
  const dossier = dossierOf(documents);
  const lines: CandidatureChangeDocument[] = [];
  let statut: CandidatureStatus | '' = '';
  events.forEach((event, i) => {
    statut = documents[i]?.statut ?? statut;
    const entry = byRevision.get(event.revision);
    if (!entry) return;
    const data = (event.data ?? {}) as Record<string, unknown>;
    lines.push({
      id: event.id,
      version: event.revision,
      candidatureId,
      ...dossier,
      statut,
      date: entry.at,
      ordre: `${entry.at}|${event.position.padStart(20, '0')}`,
      acteurId: event.metadata.actor.id,
      acteur: entry.actor,
      action: entry.action,
      motif: entry.reason ?? text(data.commentaire),
      changes: entry.changes,
    });
  });
  return lines;
};

/** The same for every line: whether a new event changed it (then every line is written again). */
export const dossierPartOf = (line: CandidatureChangeDocument | undefined): string =>
  line
    ? JSON.stringify([line.numeroDossier, line.libelle, line.sessionId, line.centreDepotId])
    : '';

/** A value of a change as a text (exports): a day as DD/MM/YYYY, yes/no, « — » for nothing. */
export const changeValueText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'number') return new Intl.NumberFormat('fr-FR').format(value);
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return day ? `${day[3]}/${day[2]}/${day[1]}` : value;
  }
  if (Array.isArray(value)) return value.map(changeValueText).join(', ');
  return JSON.stringify(value);
};

/** A line's changes as one text: « Libellé : avant → après », one per line. */
export const changesText = (changes: unknown): string =>
  Array.isArray(changes)
    ? changes
        .map(
          (change: { label?: unknown; before?: unknown; after?: unknown }) =>
            `${String(change.label ?? '')} : ${changeValueText(change.before)} → ${changeValueText(change.after)}`,
        )
        .join('\n')
    : '';

export const statutLabel = (statut: unknown): string =>
  CANDIDATURE_STATUS_LABELS[statut as CandidatureStatus] ?? '';

/**
 * The list of changes: read-only, kept per centre de dépôt like the dossiers (an enrôleur reads
 * its own centre's), its changes shown like a dossier's history (libellés, labels).
 */
export const candidatureChangesResource: ResourceDefinition = {
  name: CANDIDATURE_CHANGES_RESOURCE,
  collection: candidatureChangesCollection,
  projections: [CANDIDATURE_CHANGES_PROJECTION],
  category: CANDIDATURE_CATEGORY,
  label: 'modification de dossier',
  notFoundMessage: 'Cette modification de dossier est introuvable.',
  readOnly: true,
  scopedBy: 'centreDepotId',
  changesOf: candidaturesResource.fields,
  distinct: { acteurs: { field: 'acteurId', label: 'acteur' } },
};
