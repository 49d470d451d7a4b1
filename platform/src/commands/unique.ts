import {
  ABANDONED_RESERVATION_MS,
  fold,
  reservationDecider,
  uniqueValueStream,
  type CommandContext,
  type ReservationCommand,
  type ReservationState,
} from '@examens-pro/domain/kernel';
import { WrongExpectedRevisionError, type EventStore } from '../event-store/port.js';
import { toEnvelopes } from './handle.js';

export interface UniqueValue {
  /** Resource (e.g. `metiers`), field (e.g. `code`) and the normalised value. */
  readonly resource: string;
  readonly field: string;
  readonly value: string;
}

const ATTEMPTS = 5;

/**
 * Read the reservation stream, decide, append at the revision read; when someone changed the
 * reservation meanwhile, read again: the decider then says who owns the value now.
 */
const onReservation = async (
  store: EventStore,
  unique: UniqueValue,
  context: CommandContext,
  commandFor: (state: ReservationState) => Promise<ReservationCommand>,
): Promise<void> => {
  const stream = uniqueValueStream(unique.resource, unique.field, unique.value);
  for (let attempt = 0; ; attempt += 1) {
    const recorded = await store.readStream(stream);
    const state = fold(reservationDecider, recorded as never);
    const events = reservationDecider.decide(await commandFor(state), state);
    if (events.length === 0) return;
    const last = recorded[recorded.length - 1];
    // Event ids derive from the command and the revision read, so a retried command appends nothing twice.
    const envelopes = toEnvelopes(events, {
      ...context,
      commandId: `${context.commandId}/${stream}/${recorded.length}`,
    });
    try {
      await store.appendToStream(stream, envelopes, {
        expectedRevision: last ? last.revision : 'no_stream',
      });
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= ATTEMPTS) throw error;
    }
  }
};

/**
 * Reserves a unique value for `ownerStream` through its reservation stream. Throws DuplicateError
 * (409 "Ce code existe déjà.") when another owner holds it. A reservation whose owner's stream was
 * never written (a create that crashed between the two appends) is taken over after a minute.
 */
export const reserveUniqueValue = (
  store: EventStore,
  unique: UniqueValue,
  ownerStream: string,
  context: CommandContext,
): Promise<void> =>
  onReservation(store, unique, context, async (state) => {
    let abandoned = false;
    if (state.status === 'reserved' && state.ownerId !== ownerStream) {
      const ageMs = Date.parse(context.now) - Date.parse(state.reservedAt);
      abandoned =
        ageMs > ABANDONED_RESERVATION_MS &&
        (await store.readStream(state.ownerId, { maxCount: 1 })).length === 0;
    }
    return {
      type: 'ReserveValue',
      data: {
        ownerId: ownerStream,
        value: unique.value,
        now: context.now,
        currentOwnerAbandoned: abandoned,
      },
    };
  });

/** Releases a value held by `ownerStream`; nothing happens if someone else holds it. */
export const releaseUniqueValue = (
  store: EventStore,
  unique: UniqueValue,
  ownerStream: string,
  context: CommandContext,
): Promise<void> =>
  onReservation(store, unique, context, async () => ({
    type: 'ReleaseValue',
    data: { ownerId: ownerStream, value: unique.value },
  }));

/** The stream holding a unique value now (`jurys-<id>`), undefined when it is free. */
export const uniqueValueHolder = async (
  store: EventStore,
  unique: UniqueValue,
): Promise<string | undefined> => {
  const recorded = await store.readStream(
    uniqueValueStream(unique.resource, unique.field, unique.value),
  );
  const state = fold(reservationDecider, recorded as never);
  return state.status === 'reserved' ? state.ownerId : undefined;
};
