/**
 * The read side of grade sheets: one document per candidate and épreuve (the grid, the presences,
 * the discrepancies, the 360° view), and one line per grade event (« Historique des modifications des
 * notes »: who, when, old → new, reason, which entry).
 */
import type { RecordedEvent } from '../core/envelope.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import {
  GRADE_SHEET_CATEGORY,
  type EntrySource,
  type GradeSheetEvent,
  type MarkStatus,
  type Presence,
  type RosterEntry,
} from './gradeSheet.js';

export interface MarkDocument extends ReadModelDocument {
  feuilleId: string;
  sessionId: string;
  epreuveId: string;
  siteId: string;
  candidatureId: string;
  numeroCandidat: string;
  /** The copy's anonymity number on an anonymous sheet (written épreuve, session's rule). */
  numeroAnonymat: string | null;
  nom: string;
  prenoms: string;
  sexe: string;
  metierId: string;
  centreExamenId: string;
  presence: Presence | null;
  /** The retained mark (null until it counts). */
  note: number | null;
  statut: MarkStatus;
  saisies: { rang: number; note: number; par: string; le: string; source: EntrySource }[];
  modifieLe: string;
  modifiePar: string;
}

export const marksCollection: CollectionDefinition = {
  name: 'notes',
  fields: {
    feuilleId: 'string',
    sessionId: 'string',
    epreuveId: 'string',
    siteId: 'string',
    candidatureId: 'string',
    numeroCandidat: 'string',
    numeroAnonymat: 'string',
    metierId: 'string',
    sexe: 'string',
    presence: 'string',
    statut: 'string',
    note: 'number',
  },
  searchFields: ['numeroCandidat', 'nom', 'prenoms'],
  defaultSort: { field: 'numeroCandidat', order: 'ASC' },
  // Ten lines a candidate (one an épreuve): the largest table. Numbers sort by code point as in
  // French (upper-case codes); indexed only what is read by: a sheet (the grid, the lists, the
  // deliberation), a session (presences report, anonymity numbers), a dossier (its page), an
  // anonymity number, and the grid's orders.
  sortFields: [],
  indexed: ['feuilleId', 'sessionId', 'candidatureId', 'numeroCandidat', 'numeroAnonymat'],
};

export const MARKS_PROJECTION = 'notes';
export const markDocumentId = (candidatureId: string, epreuveId: string): string =>
  `${candidatureId}~${epreuveId}`;

/** The documents an event of a sheet makes anew: each candidate it names, from its stored state. */
export const markDocumentsAfter = (
  recorded: RecordedEvent,
  current: (candidatureId: string) => MarkDocument | null,
): MarkDocument[] => {
  const event = recorded as unknown as RecordedEvent<GradeSheetEvent>;
  const { feuilleId, sessionId, epreuveId, siteId } = event.data;
  const stamp = {
    version: event.revision,
    modifieLe: event.metadata.at,
    modifiePar: event.metadata.actor.name,
  };
  const change = (candidatureId: string, apply: (doc: MarkDocument) => Partial<MarkDocument>) => {
    const doc = current(candidatureId);
    return doc && doc.version < event.revision ? [{ ...doc, ...apply(doc), ...stamp }] : [];
  };
  switch (event.type) {
    case 'GradeSheetOpened':
      return event.data.candidats
        .filter((c) => {
          const doc = current(c.candidatureId);
          return !doc || doc.version < event.revision;
        })
        .map((c: RosterEntry) => ({
          id: markDocumentId(c.candidatureId, epreuveId),
          feuilleId,
          sessionId,
          epreuveId,
          siteId,
          ...c,
          numeroAnonymat: null,
          presence: null,
          note: null,
          statut: 'a-saisir',
          saisies: [],
          ...stamp,
        }));
    case 'PresencesRecorded':
      return event.data.presences.flatMap((p) =>
        change(p.candidatureId, () => ({ presence: p.vers })),
      );
    case 'AnonymityNumbersAssigned':
      return event.data.numeros.flatMap((n) =>
        // The copy is named by its number only: the list of marks no longer says whose it is.
        change(n.candidatureId, () => ({
          numeroAnonymat: n.numeroAnonymat,
          numeroCandidat: '',
          nom: '',
          prenoms: '',
        })),
      );
    case 'MarksEntered':
      return event.data.saisies.flatMap((s) =>
        change(s.candidatureId, (doc) => ({
          statut: s.resultat,
          note: s.resultat === 'retenue' ? s.note : null,
          saisies: [
            ...doc.saisies,
            {
              rang: s.rang,
              note: s.note,
              par: event.metadata.actor.name,
              le: event.metadata.at,
              source: event.data.source,
            },
          ],
        })),
      );
    case 'MarkModified':
      return change(event.data.candidatureId, () => ({ note: event.data.vers }));
    case 'DiscrepancyResolved':
      return change(event.data.candidatureId, () => ({ note: event.data.note, statut: 'retenue' }));
    default:
      return [];
  }
};

// ---------------------------------------------------------------------------------------------
// History of grades

export type GradeAction = 'saisie' | 'importation' | 'modification' | 'resolution';
export const GRADE_ACTION_LABELS: Record<GradeAction, string> = {
  saisie: 'Saisie',
  importation: 'Importation',
  modification: 'Modification',
  resolution: 'Résolution d’écart',
};

export interface GradeHistoryDocument extends ReadModelDocument {
  sessionId: string;
  epreuveId: string;
  siteId: string;
  candidatureId: string;
  /** Blank on an anonymous sheet: the line names the copy (`numeroAnonymat`). */
  numeroCandidat: string;
  numeroAnonymat: string | null;
  action: GradeAction;
  /** Which entry (1 or 2) for an entry; null otherwise. */
  rang: number | null;
  /** The retained mark before (null: none) and what the event made of it (null: not retained yet). */
  ancienneNote: number | null;
  nouvelleNote: number | null;
  /** The value typed or imported, or chosen by the resolution. */
  valeurSaisie: number;
  resultat: string;
  motif: string;
  /** `contentieux`: changed through a dispute after deliberation. */
  origine: 'notes' | 'contentieux';
  fichier: string | null;
  le: string;
  /** When it was typed, for an entry kept offline and recorded later (#35). */
  tapeeLe?: string;
  par: string;
}

export const gradeHistoryCollection: CollectionDefinition = {
  name: 'historique_notes',
  fields: {
    sessionId: 'string',
    epreuveId: 'string',
    siteId: 'string',
    candidatureId: 'string',
    numeroCandidat: 'string',
    numeroAnonymat: 'string',
    action: 'string',
    origine: 'string',
    le: 'string',
    par: 'string',
  },
  searchFields: ['numeroCandidat', 'numeroAnonymat', 'par', 'motif'],
  defaultSort: { field: 'le', order: 'DESC' },
  // The agent's name sorts in French order; the others are codes, ids and ISO instants.
  sortFields: ['par'],
  // What the screens filter on (session, épreuve, site, action, period, the disputes' origin, a
  // dossier's own lines) and sort on by value; the anonymous number is searched only.
  indexed: [
    'sessionId',
    'epreuveId',
    'siteId',
    'candidatureId',
    'numeroCandidat',
    'action',
    'origine',
    'le',
  ],
  // A line per mark entered: in the histories' file.
  storage: 'history',
};

export const GRADE_HISTORY_PROJECTION = 'historique-notes';

const RESULT_LABELS = {
  'en-attente': 'En attente de seconde saisie',
  retenue: 'Note retenue',
  ecart: 'Écart avec la première saisie',
} as const;

/**
 * The history lines of one grade event, from the event alone: an entry is only ever made on a mark
 * not retained yet (« old » is none), a modification and a resolution carry both values.
 */
export const gradeHistoryLines = (recorded: RecordedEvent): GradeHistoryDocument[] => {
  const event = recorded as unknown as RecordedEvent<GradeSheetEvent>;
  const { sessionId, epreuveId, siteId } = event.data;
  const base = (
    candidatureId: string,
    numeroCandidat: string,
    index: number,
    numeroAnonymat: string | undefined,
  ) => ({
    id: `${event.id}~${index}`,
    version: event.revision,
    sessionId,
    epreuveId,
    siteId,
    candidatureId,
    numeroCandidat: numeroAnonymat ? '' : numeroCandidat,
    numeroAnonymat: numeroAnonymat ?? null,
    le: event.metadata.at,
    ...(event.metadata.typedAt ? { tapeeLe: event.metadata.typedAt } : {}),
    par: event.metadata.actor.name,
  });
  switch (event.type) {
    case 'MarksEntered':
      return event.data.saisies.map((s, i) => ({
        ...base(s.candidatureId, s.numeroCandidat, i, s.numeroAnonymat),
        action: event.data.source === 'importation' ? 'importation' : 'saisie',
        rang: s.rang,
        ancienneNote: null,
        nouvelleNote: s.resultat === 'retenue' ? s.note : null,
        valeurSaisie: s.note,
        resultat: RESULT_LABELS[s.resultat],
        motif: '',
        origine: 'notes',
        fichier: event.data.importation?.fichier ?? null,
      }));
    case 'MarkModified':
      return [
        {
          ...base(
            event.data.candidatureId,
            event.data.numeroCandidat,
            0,
            event.data.numeroAnonymat,
          ),
          action: 'modification',
          rang: null,
          ancienneNote: event.data.de,
          nouvelleNote: event.data.vers,
          valeurSaisie: event.data.vers,
          resultat: 'Note modifiée',
          motif: event.data.motif,
          origine: event.data.origine,
          fichier: null,
        },
      ];
    case 'DiscrepancyResolved':
      return [
        {
          ...base(
            event.data.candidatureId,
            event.data.numeroCandidat,
            0,
            event.data.numeroAnonymat,
          ),
          action: 'resolution',
          rang: null,
          ancienneNote: null,
          nouvelleNote: event.data.note,
          valeurSaisie: event.data.note,
          resultat: `Écart résolu (saisies : ${event.data.saisies.join(' ; ').replace(/\./g, ',')})`,
          motif: event.data.motif,
          origine: 'notes',
          fichier: null,
        },
      ];
    default:
      return [];
  }
};

const gradeFields = [
  { name: 'epreuveId', type: 'reference', reference: 'epreuves' },
  { name: 'siteId', type: 'reference', reference: 'sites-composition' },
  { name: 'sessionId', type: 'reference', reference: 'sessions' },
] as const;

/** The marks of every sheet (the grid reads them through `/api/notes/feuille`). */
export const marksResource: ResourceDefinition = {
  name: 'notes',
  collection: marksCollection,
  projections: [MARKS_PROJECTION],
  category: GRADE_SHEET_CATEGORY,
  label: 'note',
  notFoundMessage: 'Cette note est introuvable.',
  // Its commands are the sheets' (`/api/notes/saisies`, `…/importation`…), not a record's.
  readOnly: true,
  fields: [...gradeFields, { name: 'metierId', type: 'reference', reference: 'metiers' }],
};

/** « Historique des modifications des notes »: every grade event, newest first. */
export const gradeHistoryResource: ResourceDefinition = {
  name: 'historique-notes',
  collection: gradeHistoryCollection,
  projections: [GRADE_HISTORY_PROJECTION],
  category: GRADE_SHEET_CATEGORY,
  label: 'modification de note',
  notFoundMessage: 'Cette ligne d’historique est introuvable.',
  readOnly: true,
  fields: [...gradeFields],
};

/** « Contentieux → Historique des modifications des notes »: those made through disputes. */
export const disputeGradeHistoryResource: ResourceDefinition = {
  ...gradeHistoryResource,
  name: 'historique-notes-contentieux',
};
