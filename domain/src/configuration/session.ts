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
export type SessionEvent = SessionCreated | SessionModified | SessionAdvanced;
export const SESSION_EVENT_TYPES: readonly SessionEvent['type'][] = [
  'SessionCreated',
  'SessionModified',
  'SessionAdvanced',
];

export type SessionCommand =
  | { type: 'CreateSession'; data: SessionDetails & { sessionId: string } }
  | { type: 'ModifySession'; data: SessionDetails & { sessionId: string } }
  /** `to` is the status the user confirmed: a repeated click cannot skip a step. */
  | { type: 'AdvanceSession'; data: { sessionId: string; to: SessionStatus } };

export type Session =
  | { status: 'absent' }
  | (SessionDetails & { status: 'present'; id: string; statut: SessionStatus });

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

export const OPEN_REGISTRATION_TAKEN =
  'Une autre session de cet examen est déjà ouverte aux inscriptions.';

export interface SessionDocument extends ReadModelDocument, SessionDetails {
  statut: SessionStatus;
  /** A session may be chosen (fees, editing parameters, métiers open) until it is closed. */
  actif: boolean;
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
    creeLe: 'string',
    modifieLe: 'string',
  },
  searchFields: ['libelle'],
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
        default:
          return state;
      }
    },
    actions: {
      SessionCreated: 'Création',
      SessionModified: 'Modification',
      SessionAdvanced: 'Changement d’étape',
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
