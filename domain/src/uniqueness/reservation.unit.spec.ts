import { describe, it } from '@jest/globals';
import { DuplicateError } from '../core/errors.js';
import { DeciderSpecification } from '../core/testing.js';
import { reservationDecider, type ReservationEvent } from './reservation.js';

const spec = DeciderSpecification.for(reservationDecider);
const reserved: ReservationEvent = {
  type: 'ValueReserved',
  data: { ownerId: 'a', value: 'ELEC', reservedAt: '2026-01-01T00:00:00.000Z' },
};
const now = '2026-01-01T00:05:00.000Z';

describe('Unique value reservation', () => {
  it('reserves a free value', () => {
    spec
      .given([])
      .when({ type: 'ReserveValue', data: { ownerId: 'a', value: 'ELEC', now } })
      .then([{ type: 'ValueReserved', data: { ownerId: 'a', value: 'ELEC', reservedAt: now } }]);
  });
  it('refuses a value another owner holds, with the contract message', () => {
    spec
      .given([reserved])
      .when({ type: 'ReserveValue', data: { ownerId: 'b', value: 'ELEC', now } })
      .thenThrows(DuplicateError, (e) => {
        if (e.message !== 'Ce code existe déjà.') throw new Error(e.message);
      });
  });
  it('is idempotent for the same owner and takes over an abandoned reservation', () => {
    spec
      .given([reserved])
      .when({ type: 'ReserveValue', data: { ownerId: 'a', value: 'ELEC', now } })
      .then([]);
    spec
      .given([reserved])
      .when({
        type: 'ReserveValue',
        data: { ownerId: 'b', value: 'ELEC', now, currentOwnerAbandoned: true },
      })
      .then([{ type: 'ValueReserved', data: { ownerId: 'b', value: 'ELEC', reservedAt: now } }]);
  });
  it('is released by its owner only, and can then be reserved again', () => {
    spec
      .given([reserved])
      .when({ type: 'ReleaseValue', data: { ownerId: 'b', value: 'ELEC' } })
      .then([]);
    spec
      .given([reserved])
      .when({ type: 'ReleaseValue', data: { ownerId: 'a', value: 'ELEC' } })
      .then([{ type: 'ValueReleased', data: { ownerId: 'a', value: 'ELEC' } }]);
    spec
      .given([reserved, { type: 'ValueReleased', data: { ownerId: 'a', value: 'ELEC' } }])
      .when({ type: 'ReserveValue', data: { ownerId: 'b', value: 'ELEC', now } })
      .then([{ type: 'ValueReserved', data: { ownerId: 'b', value: 'ELEC', reservedAt: now } }]);
  });
});
