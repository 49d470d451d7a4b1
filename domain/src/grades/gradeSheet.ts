/**
 * A grade sheet (feuille de notes): the candidates of one composition site at one épreuve of a
 * session, their presences and their marks. It is the consistency boundary of every rule that ties
 * them: an absent candidate receives no mark, a candidate with a mark is not absent; with double
 * entry, a mark counts only once two different people entered the same value, and differing entries
 * wait for a resolution with a reason; a retained mark changes only with a reason.
 *
 * Its roster is fixed when the sheet is first written (allocation is locked from « Composition »
 * on): the candidates allocated to the site whose métier composes the épreuve.
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent } from '../core/envelope.js';
import { ConflictError, ValidationError } from '../core/errors.js';
import { formatMark } from './marks.js';

export const GRADE_SHEET_CATEGORY = 'feuilles-notes';

/** The sheet of a site at an épreuve of a session: one id, readable in streams and read models. */
export const gradeSheetId = (sessionId: string, epreuveId: string, siteId: string): string =>
  `${sessionId}~${epreuveId}~${siteId}`;

export type Presence = 'present' | 'absent';
export const PRESENCE_LABELS: Record<Presence, string> = { present: 'Présent', absent: 'Absent' };

/** Where a candidate's mark stands. */
export type MarkStatus = 'a-saisir' | 'en-attente' | 'ecart' | 'retenue';
export const MARK_STATUS_LABELS: Record<MarkStatus, string> = {
  'a-saisir': 'À saisir',
  'en-attente': 'En attente de seconde saisie',
  ecart: 'Écart à résoudre',
  retenue: 'Retenue',
};

export type EntrySource = 'saisie' | 'importation';

export interface SheetKeys {
  readonly feuilleId: string;
  readonly sessionId: string;
  readonly epreuveId: string;
  readonly siteId: string;
}

/** A candidate of the sheet as the roster names them. */
export interface RosterEntry {
  readonly candidatureId: string;
  readonly numeroCandidat: string;
  readonly nom: string;
  readonly prenoms: string;
  readonly sexe: string;
  readonly metierId: string;
  readonly centreExamenId: string;
}

export interface MarkEntry {
  readonly candidatureId: string;
  readonly numeroCandidat: string;
  /** The copy's anonymity number, on an anonymous sheet. */
  readonly numeroAnonymat?: string;
  readonly note: number;
  /** 1: first entry; 2: second entry (double entry). */
  readonly rang: 1 | 2;
  /** What the entry made of the mark. */
  readonly resultat: 'en-attente' | 'retenue' | 'ecart';
}

export type GradeSheetOpened = DomainEvent<
  'GradeSheetOpened',
  SheetKeys & { candidats: RosterEntry[] }
>;
export type PresencesRecorded = DomainEvent<
  'PresencesRecorded',
  SheetKeys & {
    presences: {
      candidatureId: string;
      numeroCandidat: string;
      de: Presence | null;
      vers: Presence;
    }[];
  }
>;
/** An anonymous sheet's copies numbered (once): the link stays in the sheet's stream. */
export type AnonymityNumbersAssigned = DomainEvent<
  'AnonymityNumbersAssigned',
  SheetKeys & { numeros: { candidatureId: string; numeroAnonymat: string }[] }
>;
export type MarksEntered = DomainEvent<
  'MarksEntered',
  SheetKeys & {
    source: EntrySource;
    /** The import (its file's name) that brought them, or null for the grid. */
    importation: { id: string; fichier: string } | null;
    /** Who entered them (the import's author for an import), as double entry compares it. */
    parId: string;
    saisies: MarkEntry[];
  }
>;
export type MarkModified = DomainEvent<
  'MarkModified',
  SheetKeys & {
    candidatureId: string;
    numeroCandidat: string;
    numeroAnonymat?: string;
    de: number;
    vers: number;
    motif: string;
    /** `contentieux`: changed through a dispute after deliberation. */
    origine: 'notes' | 'contentieux';
  }
>;
export type DiscrepancyResolved = DomainEvent<
  'DiscrepancyResolved',
  SheetKeys & {
    candidatureId: string;
    numeroCandidat: string;
    numeroAnonymat?: string;
    /** The two differing entries, kept with the resolution. */
    saisies: [number, number];
    note: number;
    motif: string;
  }
>;
export type GradeSheetEvent =
  | GradeSheetOpened
  | PresencesRecorded
  | AnonymityNumbersAssigned
  | MarksEntered
  | MarkModified
  | DiscrepancyResolved;
export const GRADE_SHEET_EVENT_TYPES: readonly GradeSheetEvent['type'][] = [
  'GradeSheetOpened',
  'PresencesRecorded',
  'AnonymityNumbersAssigned',
  'MarksEntered',
  'MarkModified',
  'DiscrepancyResolved',
];

export interface SheetCandidate {
  readonly numeroCandidat: string;
  readonly numeroAnonymat: string | null;
  readonly presence: Presence | null;
  readonly saisies: readonly { readonly note: number; readonly parId: string }[];
  readonly note: number | null;
  readonly statut: MarkStatus;
}

export type GradeSheet =
  | { readonly status: 'absent' }
  | {
      readonly status: 'present';
      readonly keys: SheetKeys;
      readonly candidats: ReadonlyMap<string, SheetCandidate>;
    };

export type GradeSheetCommand =
  | { type: 'OpenGradeSheet'; data: SheetKeys & { candidats: RosterEntry[] } }
  | {
      type: 'RecordPresences';
      data: { presences: readonly { candidatureId: string; presence: Presence }[] };
    }
  | {
      type: 'AssignAnonymityNumbers';
      data: { numeros: readonly { candidatureId: string; numeroAnonymat: string }[] };
    }
  | {
      type: 'EnterMarks';
      data: {
        source: EntrySource;
        importation: { id: string; fichier: string } | null;
        parId: string;
        doubleSaisie: boolean;
        marks: readonly { candidatureId: string; note: number }[];
      };
    }
  | {
      type: 'ModifyMark';
      data: {
        candidatureId: string;
        note: number;
        motif: string;
        origine?: 'notes' | 'contentieux';
      };
    }
  | { type: 'ResolveDiscrepancy'; data: { candidatureId: string; note: number; motif: string } };

/** Marks refused, each with its French reason (the import lists them against its rows). */
export class MarkEntryError extends ValidationError {
  constructor(readonly problems: readonly { index: number; message: string }[]) {
    super(problems[0]?.message ?? 'Saisie refusée.');
  }
}

export const NOT_ON_SHEET =
  'Ce candidat ne compose pas cette épreuve sur ce site (il n’est pas sur la feuille de notes).';

const opened = (state: GradeSheet) => {
  if (state.status !== 'present')
    throw new ConflictError('Cette feuille de notes n’est pas encore ouverte.');
  return state;
};

const candidateOf = (
  state: Extract<GradeSheet, { status: 'present' }>,
  candidatureId: string,
): SheetCandidate => {
  const candidate = state.candidats.get(candidatureId);
  if (!candidate) throw new ValidationError(NOT_ON_SHEET, { candidatureId: NOT_ON_SHEET });
  return candidate;
};

/** How messages name a candidate: by the copy's anonymity number on an anonymous sheet. */
export const subjectOf = (candidate: Pick<SheetCandidate, 'numeroCandidat' | 'numeroAnonymat'>) =>
  candidate.numeroAnonymat
    ? `La copie ${candidate.numeroAnonymat}`
    : `Le candidat ${candidate.numeroCandidat}`;

/** The fields an event names a candidate by. */
const named = (candidate: SheetCandidate) => ({
  numeroCandidat: candidate.numeroCandidat,
  ...(candidate.numeroAnonymat ? { numeroAnonymat: candidate.numeroAnonymat } : {}),
});

/**
 * What entering `note` for `candidate` by `parId` makes: an entry, nothing (the same mark again),
 * or the French reason it is refused.
 */
export const entryOutcome = (
  candidate: SheetCandidate,
  note: number,
  parId: string,
  doubleSaisie: boolean,
): { entry: Pick<MarkEntry, 'rang' | 'resultat'> } | { skip: true } | { error: string } => {
  const who = subjectOf(candidate);
  if (candidate.presence === 'absent')
    return {
      error: candidate.numeroAnonymat
        ? `${who} est celle d’un candidat absent à cette épreuve : elle ne peut pas recevoir de note.`
        : `${who} est absent à cette épreuve : il ne peut pas recevoir de note.`,
    };
  switch (candidate.statut) {
    case 'retenue':
      if (candidate.note === note) return { skip: true };
      return {
        error: `${who} a déjà une note retenue (${formatMark(candidate.note)}) : une modification se fait dans la liste des notes, avec un motif.`,
      };
    case 'ecart':
      return {
        error: `${who} a deux saisies différentes (${candidate.saisies.map((s) => formatMark(s.note)).join(' et ')}) : l’écart doit d’abord être résolu.`,
      };
    case 'en-attente': {
      const first = candidate.saisies[0]!;
      if (first.parId === parId)
        return first.note === note
          ? { skip: true }
          : {
              error: `${who} a déjà votre saisie (${formatMark(first.note)}) : la seconde saisie doit être faite par une autre personne.`,
            };
      return { entry: { rang: 2, resultat: first.note === note ? 'retenue' : 'ecart' } };
    }
    case 'a-saisir':
      return { entry: { rang: 1, resultat: doubleSaisie ? 'en-attente' : 'retenue' } };
    default:
      return assertNever(candidate.statut);
  }
};

export const decideGradeSheet = (
  command: GradeSheetCommand,
  state: GradeSheet,
): GradeSheetEvent[] => {
  switch (command.type) {
    case 'OpenGradeSheet':
      return state.status === 'present' ? [] : [{ type: 'GradeSheetOpened', data: command.data }];
    case 'RecordPresences': {
      const sheet = opened(state);
      const problems: { index: number; message: string }[] = [];
      const presences: PresencesRecorded['data']['presences'] = [];
      command.data.presences.forEach(({ candidatureId, presence }, index) => {
        const candidate = sheet.candidats.get(candidatureId);
        if (!candidate) return problems.push({ index, message: NOT_ON_SHEET });
        if (candidate.presence === presence) return;
        if (presence === 'absent' && candidate.saisies.length > 0)
          return problems.push({
            index,
            message: `Le candidat ${candidate.numeroCandidat} a une note à cette épreuve : il ne peut pas être déclaré absent.`,
          });
        presences.push({
          candidatureId,
          numeroCandidat: candidate.numeroCandidat,
          de: candidate.presence,
          vers: presence,
        });
      });
      if (problems.length > 0) throw new MarkEntryError(problems);
      return presences.length === 0
        ? []
        : [{ type: 'PresencesRecorded', data: { ...sheet.keys, presences } }];
    }
    case 'AssignAnonymityNumbers': {
      const sheet = opened(state);
      if ([...sheet.candidats.values()].some((c) => c.numeroAnonymat !== null)) return [];
      const { numeros } = command.data;
      const given = new Set(numeros.map((n) => n.candidatureId));
      if (
        numeros.length !== sheet.candidats.size ||
        given.size !== numeros.length ||
        ![...sheet.candidats.keys()].every((id) => given.has(id)) ||
        new Set(numeros.map((n) => n.numeroAnonymat)).size !== numeros.length
      )
        throw new ConflictError(
          'Chaque copie de la feuille reçoit un numéro d’anonymat, et un seul : réessayez.',
        );
      return [{ type: 'AnonymityNumbersAssigned', data: { ...sheet.keys, numeros: [...numeros] } }];
    }
    case 'EnterMarks': {
      const sheet = opened(state);
      const { source, importation, parId, doubleSaisie, marks } = command.data;
      const problems: { index: number; message: string }[] = [];
      const saisies: MarkEntry[] = [];
      const seen = new Set<string>();
      marks.forEach(({ candidatureId, note }, index) => {
        const candidate = sheet.candidats.get(candidatureId);
        if (!candidate) return problems.push({ index, message: NOT_ON_SHEET });
        if (seen.has(candidatureId))
          return problems.push({
            index,
            message: `${subjectOf(candidate)} a deux notes pour cette épreuve.`,
          });
        seen.add(candidatureId);
        const outcome = entryOutcome(candidate, note, parId, doubleSaisie);
        if ('error' in outcome) return problems.push({ index, message: outcome.error });
        if ('entry' in outcome)
          saisies.push({ candidatureId, ...named(candidate), note, ...outcome.entry });
      });
      if (problems.length > 0) throw new MarkEntryError(problems);
      return saisies.length === 0
        ? []
        : [{ type: 'MarksEntered', data: { ...sheet.keys, source, importation, parId, saisies } }];
    }
    case 'ModifyMark': {
      const sheet = opened(state);
      const { candidatureId, note, motif } = command.data;
      const candidate = candidateOf(sheet, candidatureId);
      if (candidate.statut !== 'retenue' || candidate.note === null)
        throw new ConflictError(
          `${subjectOf(candidate)} n’a pas de note retenue à modifier (${MARK_STATUS_LABELS[candidate.statut].toLowerCase()}).`,
        );
      if (candidate.note === note) return [];
      return [
        {
          type: 'MarkModified',
          data: {
            ...sheet.keys,
            candidatureId,
            ...named(candidate),
            de: candidate.note,
            vers: note,
            motif,
            origine: command.data.origine ?? 'notes',
          },
        },
      ];
    }
    case 'ResolveDiscrepancy': {
      const sheet = opened(state);
      const { candidatureId, note, motif } = command.data;
      const candidate = candidateOf(sheet, candidatureId);
      if (candidate.statut !== 'ecart')
        throw new ConflictError(`${subjectOf(candidate)} n’a pas d’écart à résoudre.`);
      return [
        {
          type: 'DiscrepancyResolved',
          data: {
            ...sheet.keys,
            candidatureId,
            ...named(candidate),
            saisies: [candidate.saisies[0]!.note, candidate.saisies[1]!.note],
            note,
            motif,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
};

const updated = (
  state: Extract<GradeSheet, { status: 'present' }>,
  changes: Iterable<[string, (c: SheetCandidate) => SheetCandidate]>,
): GradeSheet => {
  const candidats = new Map(state.candidats);
  for (const [id, change] of changes) {
    const current = candidats.get(id);
    if (current) candidats.set(id, change(current));
  }
  return { ...state, candidats };
};

export const evolveGradeSheet = (state: GradeSheet, event: GradeSheetEvent): GradeSheet => {
  if (event.type === 'GradeSheetOpened') {
    const { feuilleId, sessionId, epreuveId, siteId, candidats } = event.data;
    return {
      status: 'present',
      keys: { feuilleId, sessionId, epreuveId, siteId },
      candidats: new Map(
        candidats.map((c) => [
          c.candidatureId,
          {
            numeroCandidat: c.numeroCandidat,
            numeroAnonymat: null,
            presence: null,
            saisies: [],
            note: null,
            statut: 'a-saisir',
          },
        ]),
      ),
    };
  }
  if (state.status !== 'present') return state;
  switch (event.type) {
    case 'PresencesRecorded':
      return updated(
        state,
        event.data.presences.map((p) => [p.candidatureId, (c) => ({ ...c, presence: p.vers })]),
      );
    case 'AnonymityNumbersAssigned':
      return updated(
        state,
        event.data.numeros.map((n) => [
          n.candidatureId,
          (c) => ({ ...c, numeroAnonymat: n.numeroAnonymat }),
        ]),
      );
    case 'MarksEntered':
      return updated(
        state,
        event.data.saisies.map((s) => [
          s.candidatureId,
          (c) => ({
            ...c,
            saisies: [...c.saisies, { note: s.note, parId: event.data.parId }],
            statut: s.resultat,
            note: s.resultat === 'retenue' ? s.note : null,
          }),
        ]),
      );
    case 'MarkModified':
      return updated(state, [[event.data.candidatureId, (c) => ({ ...c, note: event.data.vers })]]);
    case 'DiscrepancyResolved':
      return updated(state, [
        [event.data.candidatureId, (c) => ({ ...c, note: event.data.note, statut: 'retenue' })],
      ]);
    default:
      return assertNever(event);
  }
};

export const gradeSheetDecider: Decider<GradeSheetCommand, GradeSheetEvent, GradeSheet> = {
  decide: decideGradeSheet,
  evolve: evolveGradeSheet,
  initialState: () => ({ status: 'absent' }),
};

// ---------------------------------------------------------------------------------------------
// Inputs of the grid and the presences page

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** `{ sessionId, epreuveId, siteId }`: which sheet. */
export const parseSheetKeys = (input: unknown): Omit<SheetKeys, 'feuilleId'> => {
  const body = (input ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (!text(body.sessionId)) errors.sessionId = 'Choisissez la session.';
  if (!text(body.epreuveId)) errors.epreuveId = 'Choisissez l’épreuve.';
  if (!text(body.siteId)) errors.siteId = 'Choisissez le site de composition.';
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return {
    sessionId: text(body.sessionId),
    epreuveId: text(body.epreuveId),
    siteId: text(body.siteId),
  };
};

/** `{ …keys, presences: [{ candidatureId, presence }] }`. */
export const parsePresences = (input: unknown) => {
  const keys = parseSheetKeys(input);
  const raw = (input as Record<string, unknown>).presences;
  if (!Array.isArray(raw) || raw.length === 0)
    throw new ValidationError('Indiquez la présence d’au moins un candidat.');
  const presences = raw.map((p) => {
    const item = (p ?? {}) as Record<string, unknown>;
    if (!text(item.candidatureId) || (item.presence !== 'present' && item.presence !== 'absent'))
      throw new ValidationError(
        'Chaque présence nomme un candidat et vaut « present » ou « absent ».',
      );
    return { candidatureId: text(item.candidatureId), presence: item.presence as Presence };
  });
  return { ...keys, presences };
};

/** A reason: required to change a retained mark or resolve a discrepancy. */
export const parseMotif = (value: unknown): string => {
  const motif = text(value);
  if (!motif)
    throw new ValidationError('Indiquez le motif de la modification.', {
      motif: 'Indiquez le motif de la modification.',
    });
  if (motif.length > 1000)
    throw new ValidationError('Le motif ne doit pas dépasser 1 000 caractères.', {
      motif: 'Le motif ne doit pas dépasser 1 000 caractères.',
    });
  return motif;
};
