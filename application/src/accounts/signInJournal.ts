/**
 * The sign-in journal's writer: one event per sign-in attempt, sign-out, lockout or password
 * change, on the day's journal stream, never holding up the answer it describes.
 */
import {
  JOURNAL_TEXT_MAX,
  signInJournalStream,
  SYSTEM_ACTOR,
  type Actor,
  type SignInJournalData,
  type SignInJournalEvent,
} from '@examens-pro/domain';
import { eventIdFor, newId, type EventStore } from '@examens-pro/platform';

/** Where a failed or slow append is told (the service's logger). */
export interface JournalLog {
  warn(details: object, message: string): void;
}

/** Where a request came from, as the journal records it. */
export interface ClientInfo {
  readonly ip: string;
  readonly userAgent: string;
}

/**
 * A journal append waits at most this long: past it the answer goes out and the append finishes
 * (or fails, logged) on its own. A sign-in is never refused nor held up by its journal.
 */
export const JOURNAL_WAIT_MS = 500;

export type JournalType = SignInJournalEvent['type'];
/** What an event adds to the login and the client (a failure's reason, a lockout's end). */
export type JournalDetails<T extends JournalType> = Omit<
  Extract<SignInJournalEvent, { type: T }>['data'],
  keyof SignInJournalData
>;

export interface JournalEntry {
  readonly event: { [T in JournalType]: { type: T; data: JournalDetails<T> } }[JournalType];
  readonly login: string;
  readonly utilisateurId: string | null;
  readonly client: ClientInfo;
  /** The user when known, else the system. */
  readonly actor?: Actor;
  /** The command (or sign-in attempt) id: the event's correlation, never its id. */
  readonly commandId: string;
  /**
   * A command of a signed-in person, itself idempotent (a password reset, a change): the event id
   * derives from this key (the actor and their command id), so its retry journals nothing more.
   * Without it (every sign-in attempt, a sign-out) the server draws the id: nothing a client sends
   * can make an attempt pass for a retry and vanish.
   */
  readonly retryKey?: string;
}

/**
 * Records one journal event on today's journal stream. Never throws: a failed or slow append is
 * logged, the sign-in (or password change) it describes has its answer regardless.
 */
export const recordSignInEvent = async (
  eventStore: EventStore,
  log: JournalLog,
  entry: JournalEntry,
): Promise<void> => {
  const at = new Date().toISOString();
  const data: SignInJournalData = {
    login: entry.login.slice(0, JOURNAL_TEXT_MAX.login),
    utilisateurId: entry.utilisateurId,
    ip: entry.client.ip,
    userAgent: entry.client.userAgent,
  };
  const append = eventStore
    .appendToStream(
      signInJournalStream(at),
      [
        {
          id:
            entry.retryKey === undefined
              ? newId()
              : eventIdFor(`${entry.retryKey}/journal-connexions/${entry.event.type}`, 0),
          type: entry.event.type,
          data: { ...entry.event.data, ...data },
          metadata: {
            actor: entry.actor ?? SYSTEM_ACTOR,
            at,
            correlationId: entry.commandId,
            causationId: entry.commandId,
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'any' },
    )
    .then(
      () => true,
      (error: unknown) => {
        log.warn(
          { err: error, type: entry.event.type },
          'journal des connexions : écriture perdue',
        );
        return true;
      },
    );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((done) => {
    timer = setTimeout(() => done(false), JOURNAL_WAIT_MS);
  });
  const inTime = await Promise.race([append, late]);
  clearTimeout(timer);
  if (!inTime) log.warn({ type: entry.event.type }, 'journal des connexions : écriture lente');
};
