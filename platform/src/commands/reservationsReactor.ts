import {
  DuplicateError,
  reservedValues,
  sameReservedValue,
  SYSTEM_ACTOR,
  UNIQUE_VALUE_OWNERS,
  type CommandContext,
  type RecordedEvent,
  type UniqueValueOwner,
} from '@examens-pro/domain/kernel';
import type { EventStore } from '../event-store/port.js';
import type { Projection } from '../projection-runner/projection.js';
import { releaseUniqueValue, reserveUniqueValue } from './unique.js';

export const RESERVATIONS_REACTOR = 'reacteur-reservations';

/**
 * Reactor: gives back the unique values (codes, logins, open registrations) that stored events
 * stopped using. A handler releases the old value right after its append (the fast path), but a
 * process killed in between, or a command retried through its Idempotency-Key (the replay answers
 * without deciding again), left the value taken for good; this reactor releases it from the event
 * itself, whenever it runs.
 *
 * For an event of an owner's stream, the owner's whole stream is read: the value used before the
 * event is released unless the owner uses it again now (a code changed and changed back), and the
 * value it uses now is reserved again if it is free (a release racing with a change back). Releases
 * go through the reservation's decider, which appends only while that owner holds that value, with a
 * command id derived from the event id: a replay of the reactor appends nothing twice.
 */
export const reservationsReactor = (
  eventStore: EventStore,
  options: {
    readonly owners?: readonly UniqueValueOwner[];
    readonly log?: (message: string) => void;
  } = {},
): Projection => {
  // Several owners may follow one event type (a list item's code and its unique key).
  const byType = new Map<string, UniqueValueOwner[]>();
  for (const owner of options.owners ?? UNIQUE_VALUE_OWNERS)
    for (const type of owner.eventTypes) byType.set(type, [...(byType.get(type) ?? []), owner]);

  return {
    name: RESERVATIONS_REACTOR,
    version: 1,
    collections: [],
    eventTypes: [...byType.keys()],
    async apply(event: RecordedEvent) {
      const owners = byType.get(event.type);
      if (!owners) return;
      const stream = await eventStore.readStream(event.streamId);
      const earlier = stream.filter((e) => e.revision < event.revision);
      const context = (action: string, n: number): CommandContext => ({
        // One command per owner of the event (the first keeps the id it always had).
        commandId: `${RESERVATIONS_REACTOR}/${action}${n === 0 ? '' : `-${n}`}/${event.id}`,
        causationId: event.id,
        actor: SYSTEM_ACTOR,
        now: new Date().toISOString(),
      });
      for (const [n, owner] of owners.entries()) {
        // Several values per owner (a jury's pairs): each released or reserved on its own stream.
        const before = reservedValues(owner.heldAfter(earlier));
        const now = reservedValues(owner.heldAfter(stream));
        for (const value of before)
          if (!now.some((kept) => sameReservedValue(kept, value)))
            await releaseUniqueValue(eventStore, value, event.streamId, context('liberation', n));
        for (const value of now) {
          try {
            await reserveUniqueValue(eventStore, value, event.streamId, context('reservation', n));
          } catch (error) {
            if (!(error instanceof DuplicateError)) throw error;
            // Two owners use one value (only a race older than this reactor could do it): reported.
            options.log?.(
              `Réservations : « ${value.value} » (${value.resource}, ${value.field}) est utilisé par ${event.streamId} mais réservé par un autre.`,
            );
          }
        }
      }
    },
  };
};
