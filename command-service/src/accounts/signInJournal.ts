import type { FastifyRequest } from 'fastify';
import { JOURNAL_TEXT_MAX, SYSTEM_ACTOR, userDisplayName, type Actor } from '@examens-pro/domain';
import { commandIdOf, type EventStore } from '@examens-pro/platform';
import {
  recordSignInEvent,
  type ClientInfo,
  type JournalDetails,
  type JournalEntry,
  type JournalType,
} from '@examens-pro/application';

/** Where a request came from, as the journal records it. */
export const clientOf = (request: FastifyRequest): ClientInfo => {
  const agent = request.headers['user-agent'];
  return {
    ip: (request.ip ?? '').slice(0, JOURNAL_TEXT_MAX.ip),
    userAgent: (typeof agent === 'string' ? agent : '').slice(0, JOURNAL_TEXT_MAX.userAgent),
  };
};

/** Whom an entry is about: the login as typed, and the account when there is one. */
export interface JournalSubject {
  readonly login: string;
  readonly user?: { readonly id: string; readonly nom: string; readonly prenoms: string } | null;
}

export type SignInJournal = <T extends JournalType>(
  type: T,
  subject: JournalSubject,
  details: JournalDetails<T>,
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
