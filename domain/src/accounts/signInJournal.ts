import { assertNever } from '../core/decider.js';
import type { DomainEvent, RecordedEvent } from '../core/envelope.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';

/**
 * The sign-in journal: sign-ins, failures, lockouts, sign-outs, password changes and resets, as
 * events of a category of their own. Never a password nor a hash: who, when, from where, with what.
 */
export const SIGN_IN_JOURNAL_CATEGORY = 'journal-connexions';

/**
 * One stream per day (UTC): appends with "any" revision never conflict with anything else the
 * product writes, and a stream stays small whatever the traffic.
 */
export const signInJournalStream = (at: string): string =>
  `${SIGN_IN_JOURNAL_CATEGORY}-${at.slice(0, 10)}`;

/** Longest login and user agent kept: what a client sends is bounded before it is stored. */
export const JOURNAL_TEXT_MAX = { login: 254, userAgent: 512, ip: 64 } as const;

export interface SignInJournalData {
  /** As typed (trimmed, lower case), even when no account has it. */
  readonly login: string;
  /** The account, when the login names one. */
  readonly utilisateurId: string | null;
  /** The client's address as the server trusts it. */
  readonly ip: string;
  readonly userAgent: string;
}

export type SignInFailureReason =
  'mot-de-passe' | 'identifiant-inconnu' | 'compte-desactive' | 'compte-verrouille';

export type SignInSucceeded = DomainEvent<'SignInSucceeded', SignInJournalData>;
export type SignInFailed = DomainEvent<
  'SignInFailed',
  SignInJournalData & { reason: SignInFailureReason }
>;
/** The failure that reached the limit: the login is refused until `lockedUntil`. */
export type SignInLockedOut = DomainEvent<
  'SignInLockedOut',
  SignInJournalData & { lockedUntil: string }
>;
export type SignedOut = DomainEvent<'SignedOut', SignInJournalData>;
/** The user chose their own password (the change itself is `UserPasswordChanged`). */
export type PasswordChangeJournaled = DomainEvent<'PasswordChangeJournaled', SignInJournalData>;
/** An administrator set a temporary password (the reset itself is `UserPasswordReset`). */
export type PasswordResetJournaled = DomainEvent<'PasswordResetJournaled', SignInJournalData>;

export type SignInJournalEvent =
  | SignInSucceeded
  | SignInFailed
  | SignInLockedOut
  | SignedOut
  | PasswordChangeJournaled
  | PasswordResetJournaled;

export const SIGN_IN_JOURNAL_EVENT_TYPES: readonly SignInJournalEvent['type'][] = [
  'SignInSucceeded',
  'SignInFailed',
  'SignInLockedOut',
  'SignedOut',
  'PasswordChangeJournaled',
  'PasswordResetJournaled',
];

/** The type of an entry as staff read it (and filter on it). */
export const SIGN_IN_JOURNAL_TYPES: Readonly<Record<SignInJournalEvent['type'], string>> = {
  SignInSucceeded: 'Connexion réussie',
  SignInFailed: 'Échec de connexion',
  SignInLockedOut: 'Compte verrouillé',
  SignedOut: 'Déconnexion',
  PasswordChangeJournaled: 'Mot de passe changé',
  PasswordResetJournaled: 'Mot de passe réinitialisé',
};

export const SIGN_IN_FAILURE_REASONS: Readonly<Record<SignInFailureReason, string>> = {
  'mot-de-passe': 'Mot de passe incorrect',
  'identifiant-inconnu': 'Identifiant inconnu',
  'compte-desactive': 'Compte désactivé',
  'compte-verrouille': 'Compte verrouillé (trop d’échecs)',
};

/** One line of the "Journal des connexions" screen: one event. */
export interface SignInJournalDocument extends ReadModelDocument {
  /** ISO instant of the event. */
  date: string;
  login: string;
  utilisateurId: string | null;
  /** French type (`SIGN_IN_JOURNAL_TYPES`). */
  type: string;
  /** Why a sign-in failed, how long a lockout lasts, who reset a password; '' otherwise. */
  motif: string;
  adresseIp: string;
  navigateur: string;
}

export const signInJournalCollection: CollectionDefinition = {
  name: 'journal-connexions',
  fields: {
    date: 'string',
    login: 'string',
    utilisateurId: 'string',
    type: 'string',
    adresseIp: 'string',
  },
  searchFields: ['login', 'adresseIp'],
  defaultSort: { field: 'date', order: 'DESC' },
  // A line per sign-in: in the histories' file.
  storage: 'history',
};

export const signInJournalResource: ResourceDefinition = {
  name: 'journal-connexions',
  collection: signInJournalCollection,
  projections: ['journal-connexions'],
  category: SIGN_IN_JOURNAL_CATEGORY,
  label: 'entrée du journal des connexions',
  notFoundMessage: 'Cette entrée du journal des connexions est introuvable.',
};

const motifOf = (event: RecordedEvent<SignInJournalEvent>): string => {
  switch (event.type) {
    case 'SignInFailed':
      return SIGN_IN_FAILURE_REASONS[event.data.reason] ?? '';
    case 'SignInLockedOut': {
      const minutes = Math.max(
        1,
        Math.round((Date.parse(event.data.lockedUntil) - Date.parse(event.metadata.at)) / 60_000),
      );
      return `Trop d’échecs : connexion refusée pendant ${minutes} min`;
    }
    case 'PasswordResetJournaled':
      return `Par ${event.metadata.actor.name}`;
    case 'SignInSucceeded':
    case 'SignedOut':
    case 'PasswordChangeJournaled':
      return '';
    default:
      return assertNever(event);
  }
};

/** The journal's line for an event: its id is the event's, so a redelivery writes the same line. */
export const signInJournalEntry = (
  event: RecordedEvent<SignInJournalEvent>,
): SignInJournalDocument => ({
  id: event.id,
  version: event.revision,
  date: event.metadata.at,
  login: event.data.login,
  utilisateurId: event.data.utilisateurId,
  type: SIGN_IN_JOURNAL_TYPES[event.type],
  motif: motifOf(event),
  adresseIp: event.data.ip,
  navigateur: event.data.userAgent,
});
