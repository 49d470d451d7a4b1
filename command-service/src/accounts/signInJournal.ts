import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  JOURNAL_TEXT_MAX,
  signInJournalStream,
  SYSTEM_ACTOR,
  userDisplayName,
  type Actor,
  type SignInJournalData,
  type SignInJournalEvent,
} from '@examens-pro/domain';
import { commandIdOf, eventIdFor, newId, type EventStore } from '@examens-pro/platform';

/** Where a request came from, as the journal records it. */
export interface ClientInfo {
  readonly ip: string;
  readonly userAgent: string;
}

export const clientOf = (request: FastifyRequest): ClientInfo => {
  const agent = request.headers['user-agent'];
  return {
    ip: (request.ip ?? '').slice(0, JOURNAL_TEXT_MAX.ip),
    userAgent: (typeof agent === 'string' ? agent : '').slice(0, JOURNAL_TEXT_MAX.userAgent),
  };
};

/**
 * A journal append waits at most this long: past it the answer goes out and the append finishes
 * (or fails, logged) on its own. A sign-in is never refused nor held up by its journal.
 */
export const JOURNAL_WAIT_MS = 500;

type JournalType = SignInJournalEvent['type'];
/** What an event adds to the login and the client (a failure's reason, a lockout's end). */
type Details<T extends JournalType> = Omit<
  Extract<SignInJournalEvent, { type: T }>['data'],
  keyof SignInJournalData
>;

export interface JournalEntry {
  readonly event: { [T in JournalType]: { type: T; data: Details<T> } }[JournalType];
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
  log: Pick<FastifyBaseLogger, 'warn'>,
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

/** Whom an entry is about: the login as typed, and the account when there is one. */
export interface JournalSubject {
  readonly login: string;
  readonly user?: { readonly id: string; readonly nom: string; readonly prenoms: string } | null;
}

export type SignInJournal = <T extends JournalType>(
  type: T,
  subject: JournalSubject,
  details: Details<T>,
  /** Who acted, when it is not the subject (an administrator resetting a password). */
  actor?: Actor,
) => Promise<void>;

/**
 * The journal of one request: its client, and its command id. Given `commandId` (a command of a
 * signed-in person), a retry of that person's command journals nothing more; without it (sign-in
 * attempts, sign-outs), every call is a line of its own, whatever Idempotency-Key came with it.
 * The actor is the subject's account when known, else the system.
 */
export const signInJournalFor =
  (eventStore: EventStore, request: FastifyRequest, commandId?: string): SignInJournal =>
  (type, subject, details, actor) => {
    const by =
      actor ??
      (subject.user ? { id: subject.user.id, name: userDisplayName(subject.user) } : undefined);
    return recordSignInEvent(eventStore, request.log, {
      event: { type, data: details } as JournalEntry['event'],
      login: subject.login,
      utilisateurId: subject.user?.id ?? null,
      client: clientOf(request),
      actor: by,
      commandId: commandId ?? commandIdOf(request),
      ...(commandId === undefined ? {} : { retryKey: `${by?.id ?? SYSTEM_ACTOR.id}/${commandId}` }),
    });
  };
