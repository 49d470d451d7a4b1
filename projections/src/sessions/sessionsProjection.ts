import {
  assertNever,
  SESSION_EVENT_TYPES,
  sessionsCollection,
  type RecordedEvent,
  type SessionDocument,
  type SessionEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';
import { ALREADY_SEEN, createdStamp, documentBefore, stampOf } from '../support.js';

/** The `sessions` list: details, dates and the step each session has reached. */
export const sessionsProjection: Projection = {
  name: 'sessions',
  version: 1,
  collections: [sessionsCollection],
  eventTypes: SESSION_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<SessionEvent>;
    const id = event.data.sessionId;
    const current = await documentBefore<SessionDocument>(context, sessionsCollection, id, event);
    if (current === ALREADY_SEEN) return;
    const stamp = stampOf(event);
    switch (event.type) {
      case 'SessionCreated':
      case 'SessionModified': {
        const { sessionId: _id, ...details } = event.data;
        context.put(sessionsCollection, {
          ...details,
          id,
          statut: current?.statut ?? 'preparation',
          actif: current?.actif ?? true,
          numeroArrete: current?.numeroArrete ?? null,
          dateArrete: current?.dateArrete ?? null,
          referenceModifieeLe: current?.referenceModifieeLe ?? null,
          referenceModifieePar: current?.referenceModifieePar ?? null,
          ...createdStamp(current, event),
          ...stamp,
        } satisfies SessionDocument);
        return;
      }
      case 'SessionAdvanced':
        if (current)
          context.put(sessionsCollection, { ...current, statut: event.data.to, ...stamp });
        return;
      case 'SessionReferenceSet':
        if (current)
          context.put(sessionsCollection, {
            ...current,
            numeroArrete: event.data.numeroArrete,
            dateArrete: event.data.dateArrete,
            referenceModifieeLe: event.metadata.at,
            referenceModifieePar: event.metadata.actor.name,
            ...stamp,
          });
        return;
      default:
        assertNever(event);
    }
  },
};
