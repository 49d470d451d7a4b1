import { assertNever, type Decider } from '../core/decider.js';
import { DuplicateError } from '../core/errors.js';

/**
 * A unique value (a code) is owned through its own stream, appended with "no stream" or the exact
 * revision read: two staff creating the same code at the same instant cannot both win.
 */
export type ReservationEvent =
  | { type: 'ValueReserved'; data: { ownerId: string; value: string; reservedAt: string } }
  | { type: 'ValueReleased'; data: { ownerId: string; value: string } };

export type ReservationCommand =
  | {
      type: 'ReserveValue';
      data: {
        ownerId: string;
        value: string;
        now: string;
        /** Set by the handler when the current owner's stream was never written (a crashed create). */
        currentOwnerAbandoned?: boolean;
      };
    }
  | { type: 'ReleaseValue'; data: { ownerId: string; value: string } };

export type ReservationState =
  { status: 'free' } | { status: 'reserved'; ownerId: string; reservedAt: string };

/** A reservation whose owner never appeared is considered abandoned after this delay. */
export const ABANDONED_RESERVATION_MS = 60_000;

export const reservationDecider: Decider<ReservationCommand, ReservationEvent, ReservationState> = {
  initialState: () => ({ status: 'free' }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'ValueReserved':
        return {
          status: 'reserved',
          ownerId: event.data.ownerId,
          reservedAt: event.data.reservedAt,
        };
      case 'ValueReleased':
        return { status: 'free' };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ReserveValue': {
        const { ownerId, value, now } = command.data;
        if (state.status === 'reserved') {
          if (state.ownerId === ownerId) return [];
          if (!command.data.currentOwnerAbandoned) throw new DuplicateError();
        }
        return [{ type: 'ValueReserved', data: { ownerId, value, reservedAt: now } }];
      }
      case 'ReleaseValue': {
        if (state.status !== 'reserved' || state.ownerId !== command.data.ownerId) return [];
        return [
          {
            type: 'ValueReleased',
            data: { ownerId: command.data.ownerId, value: command.data.value },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};
