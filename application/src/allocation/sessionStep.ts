import {
  fold,
  SESSION_STATUSES,
  sessionDecider,
  streamName,
  ValidationError,
  type SessionEvent,
} from '@examens-pro/domain';
import type { EventStore } from '@examens-pro/platform';

/** A session as its stream holds it, and how far along its statuses it is (400 when unknown). */
export const sessionStep = async (eventStore: EventStore, sessionId: string) => {
  const session = fold(
    sessionDecider,
    (await eventStore.readStream(streamName('sessions', sessionId))) as unknown as SessionEvent[],
  );
  if (session.status !== 'present')
    throw new ValidationError('Cette session est introuvable.', {
      sessionId: 'Cette session est introuvable.',
    });
  return { session, step: SESSION_STATUSES.indexOf(session.statut) };
};

/** The session has reached its composition: allocations are locked. */
export const compositionStarted = async (eventStore: EventStore, sessionId: string) =>
  (await sessionStep(eventStore, sessionId)).step >= SESSION_STATUSES.indexOf('composition');
