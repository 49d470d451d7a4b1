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
import { describeHistoryStep, storedChanges, type StoredChange } from '../history/history.js';
import {
  CANDIDATURE_CATEGORY,
  CANDIDATURE_STATUS_LABELS,
  type CandidatureEvent,
  type CandidatureStatus,
} from './candidature.js';
import {
  candidateName,
  candidatureDocumentAfter,
  candidatureHistoryOptions,
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
  /**
   * Each field this event changed, as the dossier's history shows it (ids until read), stored
   * compactly (`StoredChange`); reads give them whole.
   */
  changes: StoredChange[];
}

export const candidatureChangesCollection: CollectionDefinition = {
  name: CANDIDATURE_CHANGES_RESOURCE,
  // `candidatureId` is read from the document only (a line is never looked for by its dossier).
  fields: {
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
  // What the screen filters on (session, centre, statut, agent, period) and sorts on by value
  // (number, statut, date, the default order); the texts sort on their French keys.
  indexed: ['numeroDossier', 'sessionId', 'centreDepotId', 'statut', 'date', 'ordre', 'acteurId'],
  // One line per event of every dossier: in the histories' file.
  storage: 'history',
};

/** What every line of a dossier says of it. */
interface DossierPart {
  readonly numeroDossier: string;
  readonly libelle: string;
  readonly sessionId: string;
  readonly centreDepotId: string;
}

/**
 * What the projection keeps of each dossier to describe its next event (one document per dossier,
 * its `version` the revision of the last event described): its history's state (the fold the
 * dossier's timeline replays: its number, session, centre and form's values among them), its
 * statut and its lines' ids (written again when the dossier is renamed or moved). Not its events:
 * a dossier's every event kept in full was 2 kB a dossier, read and written again at each event.
 * Internal to the projection; no route serves it.
 */
export interface CandidatureChangesState extends ReadModelDocument {
  history: Record<string, unknown>;
  /** The statut after the last event (before its deletion, for a deletion). */
  statut: CandidatureStatus | '';
  /** What the lines of a deleted dossier name (the dossier as it was); else read from `history`. */
  part?: DossierPart;
  lines: string[];
}

export const candidatureChangesStateCollection: CollectionDefinition = {
  name: 'historique-candidatures-etats',
  fields: {},
  searchFields: [],
  defaultSort: { field: 'id', order: 'ASC' },
  storage: 'history',
};

/** The dossier an event belongs to: its data says, else its stream. */
export const candidatureIdOf = (event: { streamId: string; data: unknown }): string => {
  const id = (event.data as { candidatureId?: unknown } | null)?.candidatureId;
  return typeof id === 'string' && id !== ''
    ? id
    : event.streamId.slice(CANDIDATURE_CATEGORY.length + 1);
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const NO_DOSSIER: DossierPart = {
  numeroDossier: '',
  libelle: '',
  sessionId: '',
  centreDepotId: '',
};

/** Whether a history's state holds a dossier (none before its creation, nor once deleted). */
const exists = (history: Record<string, unknown> | undefined): history is Record<string, unknown> =>
  history !== undefined && Object.keys(history).length > 0;

/** What the lines name, from the dossier's history's state (its number, form, session, centre). */
const partOf = (history: Record<string, unknown>): DossierPart => ({
  numeroDossier: text(history.numeroDossier),
  libelle: candidateName(history),
  sessionId: text(history.sessionId),
  centreDepotId: text(history.centreDepotId),
});

/**
 * The dossier before an event, as `candidatureDocumentAfter` takes it: of the dossier before an
 * event it reads only its number, session, centre, name and statut here (its pièces and payments
 * are recomputed by their own events, and none of them is kept).
 */
const documentBefore = (
  id: string,
  kept: CandidatureChangesState | null,
): CandidatureDocument | null =>
  kept && exists(kept.history)
    ? ({
        id,
        version: kept.version,
        ...partOf(kept.history),
        statut: kept.statut,
        nom: kept.history.nom,
        prenoms: kept.history.prenoms,
        pieces: [],
        piecesDemandees: [],
        piecesAVerifier: 0,
        paiements: [],
      } as unknown as CandidatureDocument)
    : null;

/**
 * One event of a dossier described: its line, and what is kept for the next one. `kept` is what
 * was kept after the dossier's previous events (null before the first); `renamed`: the event
 * changed what every line names (number, candidate, session, centre), so every earlier line is
 * written again with `part`. Pure and deterministic (times and names come from the events), so
 * that a rebuild writes the same lines.
 */
export const candidatureChangeStep = (
  candidatureId: string,
  kept: CandidatureChangesState | null,
  event: RecordedEvent,
): {
  line: CandidatureChangeDocument;
  kept: CandidatureChangesState;
  part: DossierPart;
  renamed: boolean;
} => {
  const { entry, state } = describeHistoryStep(
    kept?.history ?? candidatureHistoryOptions.initial,
    event,
    candidatureHistoryOptions,
  );
  const after = candidatureDocumentAfter(
    documentBefore(candidatureId, kept),
    event as RecordedEvent<CandidatureEvent>,
  );
  const before = !kept
    ? NO_DOSSIER
    : (kept.part ?? (exists(kept.history) ? partOf(kept.history) : NO_DOSSIER));
  const part = after && exists(state) ? partOf(state) : before;
  const statut: CandidatureStatus | '' = after?.statut ?? kept?.statut ?? '';
  const data = (event.data ?? {}) as Record<string, unknown>;
  const line: CandidatureChangeDocument = {
    id: event.id,
    version: event.revision,
    candidatureId,
    ...part,
    statut,
    date: entry.at,
    ordre: `${entry.at}|${event.position.padStart(20, '0')}`,
    acteurId: event.metadata.actor.id,
    acteur: entry.actor,
    action: entry.action,
    motif: entry.reason ?? text(data.commentaire),
    changes: storedChanges(entry.changes, candidatureHistoryOptions.fields),
  };
  return {
    line,
    kept: {
      id: candidatureId,
      version: event.revision,
      history: state,
      statut,
      ...(exists(state) ? {} : { part }),
      lines: [...(kept?.lines ?? []), event.id],
    },
    part,
    renamed: kept !== null && JSON.stringify(part) !== JSON.stringify(before),
  };
};

/** A line naming the dossier as `part` says (a line written before a rename or a move). */
export const withDossierPart = (
  line: CandidatureChangeDocument,
  part: DossierPart,
): CandidatureChangeDocument => ({ ...line, ...part });

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
  changeFields: candidatureHistoryOptions.fields,
  distinct: { acteurs: { field: 'acteurId', label: 'acteur' } },
};
