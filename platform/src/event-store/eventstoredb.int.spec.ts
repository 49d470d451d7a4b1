import { describe, it } from '@jest/globals';
import { eventStoreContract } from '../testing/eventStoreContract.js';
import { EventStoreDbEventStore } from './eventstoredb.js';

// Set by the global setup: EVENTSTORE_URL, or a testcontainers EventStoreDB where Docker runs.
const url = process.env.TEST_EVENTSTORE_URL;

if (!url) {
  describe('event store contract: EventStoreDB', () => {
    it.skip('IGNORÉ : aucun EventStoreDB (pas de moteur Docker, EVENTSTORE_URL absent)', () =>
      undefined);
  });
} else {
  eventStoreContract('EventStoreDB', async () => {
    const store = new EventStoreDbEventStore(url);
    return { store, teardown: () => store.close() };
  });
}
