import { z } from 'zod';
import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent } from '../core/envelope.js';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { libelleSchema, parseInput } from '../core/validation.js';
import { describeHistory, type HistoryEntry, type HistoryEvent } from '../history/history.js';

/** An exam session: one examen, one year, its registration window and composition dates. */
export const SESSION_CATEGORY = 'sessions';

export const SESSION_STATUSES = [
  'preparation',
  'inscriptions-ouvertes',
  'inscriptions-closes',
  'composition',
  'deliberation',
  'cloturee',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = {
  preparation: 'Préparation',
  'inscriptions-ouvertes': 'Inscriptions ouvertes',
  'inscriptions-closes': 'Inscriptions closes',
  composition: 'Composition',
  deliberation: 'Délibération',
  cloturee: 'Clôturée',
};

export const nextSessionStatus = (status: SessionStatus): SessionStatus | undefined =>
  SESSION_STATUSES[SESSION_STATUSES.indexOf(status) + 1];

export interface SessionDetails {
  examenId: string;
  annee: number;
  libelle: string;
  /** YYYY-MM-DD */
  ouvertureInscriptions: string;
  clotureInscriptions: string;
  debutComposition: string;
  finComposition: string;
}

export type SessionCreated = DomainEvent<'SessionCreated', SessionDetails & { sessionId: string }>;
export type SessionModified = DomainEvent<
  'SessionModified',
  SessionDetails & { sessionId: string }
>;
export type SessionAdvanced = DomainEvent<
  'SessionAdvanced',
  { sessionId: string; examenId: string; from: SessionStatus; to: SessionStatus }
>;
/**
 * The session's one reference (« Référence d’examen »): the arrêté's number and date, printed on
 * the minutes and the admission decisions. Set, then changed, each time an event (its history).
 */
export interface SessionReference {
  numeroArrete: string;
  /** YYYY-MM-DD */
  dateArrete: string;
}
export type SessionReferenceSet = DomainEvent<
  'SessionReferenceSet',
  SessionReference & { sessionId: string }
>;
export type SessionEvent = SessionCreated | SessionModified | SessionAdvanced | SessionReferenceSet;
export const SESSION_EVENT_TYPES: readonly SessionEvent['type'][] = [
  'SessionCreated',
  'SessionModified',
  'SessionAdvanced',
  'SessionReferenceSet',
];

export type SessionCommand =
  | { type: 'CreateSession'; data: SessionDetails & { sessionId: string } }
  | { type: 'ModifySession'; data: SessionDetails & { sessionId: string } }
  /** `to` is the status the user confirmed: a repeated click cannot skip a step. */
  | { type: 'AdvanceSession'; data: { sessionId: string; to: SessionStatus } }
  | { type: 'SetSessionReference'; data: SessionReference & { sessionId: string } };

export type Session =
  | { status: 'absent' }
  | (SessionDetails & {
      status: 'present';
      id: string;
      statut: SessionStatus;
      /** Null until the reference is set. */
      reference?: SessionReference | null;
    });

export const SESSION_NOT_FOUND = 'Cette session est introuvable.';

const existing = (state: Session) => {
  if (state.status === 'absent') throw new NotFoundError(SESSION_NOT_FOUND);
  return state;
};

/** The command's details are those already stored (the state's own keys — status, id — aside). */
const sameDetails = (stored: SessionDetails, command: SessionDetails & { sessionId: string }) =>
  (Object.keys(command) as (keyof typeof command)[])
    .filter((key) => key !== 'sessionId')
    .every((key) => stored[key as keyof SessionDetails] === command[key]);

export const decideSession = (command: SessionCommand, state: Session): SessionEvent[] => {
  switch (command.type) {
    case 'CreateSession':
      if (state.status !== 'absent') throw new ConflictError('Cette session existe déjà.');
      return [{ type: 'SessionCreated', data: { ...command.data } }];
    case 'ModifySession': {
      const current = existing(state);
      if (current.statut === 'cloturee')
        throw new ConflictError('Une session clôturée ne se modifie plus.');
      if (current.statut !== 'preparation' && current.examenId !== command.data.examenId)
        throw new ConflictError(
          'L’examen d’une session ne change plus une fois les inscriptions ouvertes.',
        );
      if (sameDetails(current, command.data)) return [];
      return [{ type: 'SessionModified', data: { ...command.data } }];
    }
    case 'AdvanceSession': {
      const current = existing(state);
      const next = nextSessionStatus(current.statut);
      if (!next) throw new ConflictError('Cette session est déjà clôturée.');
      if (command.data.to !== next)
        throw new ConflictError(
          `Cette session est à l’étape « ${SESSION_STATUS_LABELS[current.statut]} » : l’étape suivante est « ${SESSION_STATUS_LABELS[next]} ». Rechargez la page.`,
        );
      return [
        {
          type: 'SessionAdvanced',
          data: {
            sessionId: current.id,
            examenId: current.examenId,
            from: current.statut,
            to: next,
          },
        },
      ];
    }
    case 'SetSessionReference': {
      const current = existing(state);
      if (current.statut === 'cloturee')
        throw new ConflictError(
          'Cette session est clôturée : sa référence d’examen ne change plus.',
        );
      const { numeroArrete, dateArrete } = command.data;
      if (
        current.reference?.numeroArrete === numeroArrete &&
        current.reference.dateArrete === dateArrete
      )
        return [];
      return [
        { type: 'SessionReferenceSet', data: { sessionId: current.id, numeroArrete, dateArrete } },
      ];
    }
    default:
      return assertNever(command);
  }
};

export const evolveSession = (state: Session, event: SessionEvent): Session => {
  switch (event.type) {
    case 'SessionCreated': {
      const { sessionId, ...details } = event.data;
      return { status: 'present', id: sessionId, statut: 'preparation', ...details };
    }
    case 'SessionModified': {
      if (state.status === 'absent') return state;
      const { sessionId: _id, ...details } = event.data;
      return { ...state, ...details };
    }
    case 'SessionAdvanced':
      return state.status === 'absent' ? state : { ...state, statut: event.data.to };
    case 'SessionReferenceSet': {
      if (state.status === 'absent') return state;
      const { numeroArrete, dateArrete } = event.data;
      return { ...state, reference: { numeroArrete, dateArrete } };
    }
    default:
      return assertNever(event);
  }
};

export const sessionDecider: Decider<SessionCommand, SessionEvent, Session> = {
  decide: decideSession,
  evolve: evolveSession,
  initialState: () => ({ status: 'absent' }),
};

const isoDate = (label: string) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .refine(
      (value) => {
        const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
        if (!match) return false;
        const date = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
      },
      { error: `${label} : date invalide (AAAA-MM-JJ attendu).` },
    );

/** POST and PUT /api/sessions */
export const sessionInputSchema = z.strictObject(
  {
    examenId: z
      .string({ error: 'L’examen est obligatoire.' })
      .trim()
      .min(1, { error: 'L’examen est obligatoire.' }),
    annee: z
      .number({ error: 'L’année doit être un nombre entier entre 2000 et 2100.' })
      .int({ error: 'L’année doit être un nombre entier entre 2000 et 2100.' })
      .min(2000, { error: 'L’année doit être un nombre entier entre 2000 et 2100.' })
      .max(2100, { error: 'L’année doit être un nombre entier entre 2000 et 2100.' }),
    libelle: libelleSchema,
    ouvertureInscriptions: isoDate('L’ouverture des inscriptions'),
    clotureInscriptions: isoDate('La clôture des inscriptions'),
    debutComposition: isoDate('Le début de la composition'),
    finComposition: isoDate('La fin de la composition'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys.join(', ')}.` : undefined,
  },
);

/** Parses a session's form, then orders its dates: opening < closing < composition start ≤ end. */
export const parseSession = (body: unknown): SessionDetails => {
  const input = parseInput(sessionInputSchema, body);
  const errors: Record<string, string> = {};
  if (input.clotureInscriptions <= input.ouvertureInscriptions)
    errors.clotureInscriptions = 'La clôture des inscriptions doit suivre leur ouverture.';
  else if (input.debutComposition <= input.clotureInscriptions)
    errors.debutComposition = 'La composition doit commencer après la clôture des inscriptions.';
  else if (input.finComposition < input.debutComposition)
    errors.finComposition = 'La fin de la composition ne peut précéder son début.';
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return input;
};

/** POST /api/sessions/:id/reference { numeroArrete, dateArrete (YYYY-MM-DD) } */
export const sessionReferenceSchema = z.strictObject(
  {
    numeroArrete: z
      .string({ error: 'Le numéro de l’arrêté est obligatoire.' })
      .trim()
      .min(1, { error: 'Le numéro de l’arrêté est obligatoire.' })
      .max(100, { error: 'Le numéro de l’arrêté compte au plus 100 caractères.' }),
    dateArrete: isoDate('La date de l’arrêté'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys.join(', ')}.` : undefined,
  },
);

export const parseSessionReference = (body: unknown): SessionReference =>
  parseInput(sessionReferenceSchema, body);

export const OPEN_REGISTRATION_TAKEN =
  'Une autre session de cet examen est déjà ouverte aux inscriptions.';

export interface SessionDocument extends ReadModelDocument, SessionDetails {
  statut: SessionStatus;
  /** A session may be chosen (fees, editing parameters, métiers open) until it is closed. */
  actif: boolean;
  /** « Référence d’examen »: the arrêté's number and date (YYYY-MM-DD); null until set. */
  numeroArrete: string | null;
  dateArrete: string | null;
  /** When and by whom the reference was last set. */
  referenceModifieeLe: string | null;
  referenceModifieePar: string | null;
  creeLe: string;
  creePar: string;
  modifieLe: string;
  modifiePar: string;
}

export const sessionsCollection: CollectionDefinition = {
  name: 'sessions',
  fields: {
    examenId: 'string',
    annee: 'number',
    libelle: 'string',
    statut: 'string',
    actif: 'boolean',
    ouvertureInscriptions: 'string',
    debutComposition: 'string',
    numeroArrete: 'string',
    dateArrete: 'string',
    creeLe: 'string',
    modifieLe: 'string',
  },
  searchFields: ['libelle', 'numeroArrete'],
  defaultSort: { field: 'ouvertureInscriptions', order: 'DESC' },
};

const sessionHistory = (events: readonly HistoryEvent[]): HistoryEntry[] =>
  describeHistory<Record<string, unknown>>(events, {
    initial: {},
    apply: (state, event) => {
      const e = event as unknown as SessionEvent;
      switch (e.type) {
        case 'SessionCreated':
        case 'SessionModified': {
          const { sessionId: _id, ...details } = e.data;
          return {
            ...state,
            ...details,
            statut: (state.statut as string | undefined) ?? SESSION_STATUS_LABELS.preparation,
          };
        }
        case 'SessionAdvanced':
          return { ...state, statut: SESSION_STATUS_LABELS[e.data.to] };
        case 'SessionReferenceSet':
          return { ...state, numeroArrete: e.data.numeroArrete, dateArrete: e.data.dateArrete };
        default:
          return state;
      }
    },
    actions: {
      SessionCreated: 'Création',
      SessionModified: 'Modification',
      SessionAdvanced: 'Changement d’étape',
      SessionReferenceSet: 'Référence d’examen',
    },
    fields: {
      examenId: 'Examen',
      annee: 'Année',
      libelle: 'Libellé',
      ouvertureInscriptions: 'Ouverture des inscriptions',
      clotureInscriptions: 'Clôture des inscriptions',
      debutComposition: 'Début de la composition',
      finComposition: 'Fin de la composition',
      statut: 'Étape',
      numeroArrete: 'Numéro de l’arrêté',
      dateArrete: 'Date de l’arrêté',
    },
  });

export const sessionsResource: ResourceDefinition = {
  name: 'sessions',
  collection: sessionsCollection,
  projections: ['sessions'],
  category: SESSION_CATEGORY,
  label: 'session',
  notFoundMessage: SESSION_NOT_FOUND,
  fields: [{ name: 'examenId', type: 'reference', reference: 'examens' }],
  history: sessionHistory,
};

/**
 * « Référence d’examen » (espace-examen/reference-dexamen, and the decisions' own screen): the
 * sessions with their reference, read from the same documents. Its one command is the session's
 * (`POST /api/sessions/:id/reference`), guarded by this resource's write permission: « Enregistrer
 * la référence et la date de délibération » only. Its history is the session's reference changes.
 */
export const sessionReferencesResource: ResourceDefinition = {
  ...sessionsResource,
  name: 'references-examen',
  label: 'référence d’examen',
  readOnly: true,
  history: (events) =>
    sessionHistory(events).filter((entry) =>
      entry.changes.some((c) => c.field === 'numeroArrete' || c.field === 'dateArrete'),
    ),
};
