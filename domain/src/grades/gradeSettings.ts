/**
 * How a session's grades may be entered (« Notes → Configuration »): the import window (marks entered
 * for the first time, by file or in the grid) and the modification window (a retained mark changed,
 * with a reason), each opened and closed under its seed §6 permission; whether a mark counts only
 * once two different people have entered the same value (double entry). One stream per session.
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent, RecordedEvent } from '../core/envelope.js';
import { ConflictError, ValidationError } from '../core/errors.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { describeHistory, type HistoryEvent } from '../history/history.js';
import type { SessionStatus } from '../sessions/session.js';
import { SESSION_STATUS_LABELS } from '../sessions/session.js';

export const GRADE_SETTINGS_CATEGORY = 'configurations-notes';

export const GRADE_WINDOWS = ['importation', 'modification'] as const;
export type GradeWindow = (typeof GRADE_WINDOWS)[number];
export const GRADE_WINDOW_LABELS: Record<GradeWindow, string> = {
  importation: 'Fenêtre d’importation et de saisie',
  modification: 'Fenêtre de modification',
};
/** Who opens and closes each window (seed §6). */
export const GRADE_WINDOW_PERMISSIONS: Record<GradeWindow, string> = {
  importation: 'note.autoriser-importation',
  modification: 'note.autoriser-modification',
};
/** The session steps during which grades are entered. */
export const GRADING_STATUSES: readonly SessionStatus[] = ['composition', 'deliberation'];

export interface GradeSettingsState {
  readonly exists: boolean;
  readonly importation: boolean;
  readonly modification: boolean;
  readonly doubleSaisie: boolean;
  /** Written épreuves' copies carry anonymity numbers; marks are entered against them. */
  readonly anonymat: boolean;
  /** The link between anonymity numbers and candidates lifted, for the deliberation. */
  readonly anonymatLeve: boolean;
}

type Id = { sessionId: string };
export type GradeWindowOpened = DomainEvent<'GradeWindowOpened', Id & { fenetre: GradeWindow }>;
export type GradeWindowClosed = DomainEvent<'GradeWindowClosed', Id & { fenetre: GradeWindow }>;
export type GradeEntryRuleSet = DomainEvent<'GradeEntryRuleSet', Id & { doubleSaisie: boolean }>;
export type GradeAnonymitySet = DomainEvent<'GradeAnonymitySet', Id & { anonymat: boolean }>;
export type GradeAnonymityLifted = DomainEvent<'GradeAnonymityLifted', Id>;
export type GradeSettingsEvent =
  | GradeWindowOpened
  | GradeWindowClosed
  | GradeEntryRuleSet
  | GradeAnonymitySet
  | GradeAnonymityLifted;
export const GRADE_SETTINGS_EVENT_TYPES: readonly GradeSettingsEvent['type'][] = [
  'GradeWindowOpened',
  'GradeWindowClosed',
  'GradeEntryRuleSet',
  'GradeAnonymitySet',
  'GradeAnonymityLifted',
];

export type GradeSettingsCommand =
  | { type: 'OpenGradeWindow'; data: Id & { fenetre: GradeWindow; sessionStatut: SessionStatus } }
  | { type: 'CloseGradeWindow'; data: Id & { fenetre: GradeWindow } }
  | { type: 'SetGradeEntryRule'; data: Id & { doubleSaisie: boolean } }
  | { type: 'SetGradeAnonymity'; data: Id & { anonymat: boolean } }
  | { type: 'LiftGradeAnonymity'; data: Id & { sessionStatut: SessionStatus } };

export const decideGradeSettings = (
  command: GradeSettingsCommand,
  state: GradeSettingsState,
): GradeSettingsEvent[] => {
  switch (command.type) {
    case 'OpenGradeWindow': {
      const { sessionId, fenetre, sessionStatut } = command.data;
      if (state[fenetre]) return [];
      if (!GRADING_STATUSES.includes(sessionStatut))
        throw new ConflictError(
          `Cette session est à l’étape « ${SESSION_STATUS_LABELS[sessionStatut]} » : les notes se saisissent aux étapes « Composition » et « Délibération ».`,
        );
      return [{ type: 'GradeWindowOpened', data: { sessionId, fenetre } }];
    }
    case 'CloseGradeWindow':
      return state[command.data.fenetre] ? [{ type: 'GradeWindowClosed', data: command.data }] : [];
    case 'SetGradeEntryRule':
      if (state.doubleSaisie === command.data.doubleSaisie) return [];
      if (state.importation || state.modification)
        throw new ConflictError(
          'Fermez les fenêtres d’importation et de modification avant de changer la règle de double saisie.',
        );
      return [{ type: 'GradeEntryRuleSet', data: command.data }];
    case 'SetGradeAnonymity':
      if (state.anonymat === command.data.anonymat) return [];
      if (state.anonymatLeve)
        throw new ConflictError(
          'L’anonymat a été levé pour la délibération : la règle ne change plus.',
        );
      if (state.importation || state.modification)
        throw new ConflictError(
          'Fermez les fenêtres d’importation et de modification avant de changer la règle d’anonymat.',
        );
      return [{ type: 'GradeAnonymitySet', data: command.data }];
    case 'LiftGradeAnonymity': {
      const { sessionId, sessionStatut } = command.data;
      if (!state.anonymat || state.anonymatLeve) return [];
      if (sessionStatut !== 'deliberation')
        throw new ConflictError(
          `L’anonymat se lève pour la délibération : cette session est à l’étape « ${SESSION_STATUS_LABELS[sessionStatut]} ».`,
        );
      return [{ type: 'GradeAnonymityLifted', data: { sessionId } }];
    }
    default:
      return assertNever(command);
  }
};

export const evolveGradeSettings = (
  state: GradeSettingsState,
  event: GradeSettingsEvent,
): GradeSettingsState => {
  switch (event.type) {
    case 'GradeWindowOpened':
      return { ...state, exists: true, [event.data.fenetre]: true };
    case 'GradeWindowClosed':
      return { ...state, exists: true, [event.data.fenetre]: false };
    case 'GradeEntryRuleSet':
      return { ...state, exists: true, doubleSaisie: event.data.doubleSaisie };
    case 'GradeAnonymitySet':
      return { ...state, exists: true, anonymat: event.data.anonymat };
    case 'GradeAnonymityLifted':
      return { ...state, exists: true, anonymatLeve: true };
    default:
      return assertNever(event);
  }
};

export const gradeSettingsDecider: Decider<
  GradeSettingsCommand,
  GradeSettingsEvent,
  GradeSettingsState
> = {
  decide: decideGradeSettings,
  evolve: evolveGradeSettings,
  initialState: () => ({
    exists: false,
    importation: false,
    modification: false,
    doubleSaisie: false,
    anonymat: false,
    anonymatLeve: false,
  }),
};

/** `{ fenetre }` of an open or close command. */
export const parseGradeWindow = (body: unknown): { fenetre: GradeWindow } => {
  const fenetre = (body as Record<string, unknown> | null)?.fenetre;
  if (!(GRADE_WINDOWS as readonly unknown[]).includes(fenetre))
    throw new ValidationError('Choisissez la fenêtre : importation ou modification.', {
      fenetre: 'Choisissez la fenêtre : importation ou modification.',
    });
  return { fenetre: fenetre as GradeWindow };
};

export const parseGradeEntryRule = (body: unknown): { doubleSaisie: boolean } => {
  const value = (body as Record<string, unknown> | null)?.doubleSaisie;
  if (typeof value !== 'boolean')
    throw new ValidationError('Indiquez si la double saisie est exigée (oui ou non).', {
      doubleSaisie: 'Indiquez si la double saisie est exigée (oui ou non).',
    });
  return { doubleSaisie: value };
};

export const parseGradeAnonymity = (body: unknown): { anonymat: boolean } => {
  const value = (body as Record<string, unknown> | null)?.anonymat;
  if (typeof value !== 'boolean')
    throw new ValidationError(
      'Indiquez si les copies des épreuves écrites sont anonymes (oui ou non).',
      {
        anonymat: 'Indiquez si les copies des épreuves écrites sont anonymes (oui ou non).',
      },
    );
  return { anonymat: value };
};

// ---------------------------------------------------------------------------------------------
// Read side: one document per session that has settings.

export interface GradeSettingsDocument extends ReadModelDocument {
  sessionId: string;
  importationOuverte: boolean;
  modificationOuverte: boolean;
  doubleSaisie: boolean;
  anonymat: boolean;
  anonymatLeve: boolean;
  modifieLe: string;
  modifiePar: string;
}

export const gradeSettingsCollection: CollectionDefinition = {
  name: 'configurations_notes',
  fields: { sessionId: 'string', modifieLe: 'string' },
  searchFields: [],
  defaultSort: { field: 'modifieLe', order: 'DESC' },
};

export const GRADE_SETTINGS_PROJECTION = 'configurations-notes';

export const gradeSettingsDocumentAfter = (
  current: GradeSettingsDocument | null,
  recorded: RecordedEvent,
): GradeSettingsDocument => {
  const event = recorded as unknown as RecordedEvent<GradeSettingsEvent>;
  const base: GradeSettingsDocument = current ?? {
    id: event.data.sessionId,
    version: -1,
    sessionId: event.data.sessionId,
    importationOuverte: false,
    modificationOuverte: false,
    doubleSaisie: false,
    anonymat: false,
    anonymatLeve: false,
    modifieLe: '',
    modifiePar: '',
  };
  const stamp = {
    version: event.revision,
    modifieLe: event.metadata.at,
    modifiePar: event.metadata.actor.name,
  };
  switch (event.type) {
    case 'GradeWindowOpened':
    case 'GradeWindowClosed':
      return {
        ...base,
        ...stamp,
        [`${event.data.fenetre}Ouverte`]: event.type === 'GradeWindowOpened',
      };
    case 'GradeEntryRuleSet':
      return { ...base, ...stamp, doubleSaisie: event.data.doubleSaisie };
    case 'GradeAnonymitySet':
      return { ...base, ...stamp, anonymat: event.data.anonymat };
    case 'GradeAnonymityLifted':
      return { ...base, ...stamp, anonymatLeve: true };
    default:
      return base;
  }
};

const yesNo = (value: boolean) => (value ? 'Ouverte' : 'Fermée');

const gradeSettingsHistory = (events: readonly HistoryEvent[]) =>
  describeHistory<Record<string, unknown>>(events, {
    initial: {},
    apply: (state, event) => {
      const e = event as unknown as GradeSettingsEvent;
      switch (e.type) {
        case 'GradeWindowOpened':
        case 'GradeWindowClosed':
          return { ...state, [e.data.fenetre]: yesNo(e.type === 'GradeWindowOpened') };
        case 'GradeEntryRuleSet':
          return { ...state, doubleSaisie: e.data.doubleSaisie ? 'Exigée' : 'Non exigée' };
        case 'GradeAnonymitySet':
          return { ...state, anonymat: e.data.anonymat ? 'Copies anonymes' : 'Copies nominatives' };
        case 'GradeAnonymityLifted':
          return { ...state, anonymat: 'Anonymat levé pour la délibération' };
        default:
          return state;
      }
    },
    actions: {
      GradeWindowOpened: 'Ouverture d’une fenêtre',
      GradeWindowClosed: 'Fermeture d’une fenêtre',
      GradeEntryRuleSet: 'Règle de double saisie',
      GradeAnonymitySet: 'Règle d’anonymat',
      GradeAnonymityLifted: 'Levée de l’anonymat',
    },
    fields: {
      importation: GRADE_WINDOW_LABELS.importation,
      modification: GRADE_WINDOW_LABELS.modification,
      doubleSaisie: 'Double saisie',
      anonymat: 'Anonymat des épreuves écrites',
    },
  });

/** « Configuration des notes »: read by whoever opens a window, imports, lists or changes marks. */
export const gradeSettingsResource: ResourceDefinition = {
  name: 'configurations-notes',
  collection: gradeSettingsCollection,
  projections: [GRADE_SETTINGS_PROJECTION],
  category: GRADE_SETTINGS_CATEGORY,
  label: 'configuration des notes',
  notFoundMessage: 'Cette session n’a pas encore de configuration des notes.',
  // Its commands are the windows' and the rule's (`/api/configurations-notes/:sessionId/…`).
  readOnly: true,
  history: gradeSettingsHistory,
};
