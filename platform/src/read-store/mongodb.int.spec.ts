import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { readStoreContract } from '../testing/readStoreContract.js';
import { MongoReadStore } from './mongodb.js';

// Set by the global setup: the FerretDB the project builds and starts (or MONGODB_URL when given).
const url = process.env.TEST_MONGODB_URL;

if (!url) {
  describe('read store contract: MongoDB', () => {
    it.skip('IGNORÉ : aucun serveur MongoDB (FerretDB non construit, MONGODB_URL absent)', () =>
      undefined);
  });
} else {
  // One database per test file run; collections are unique per test (see the contract).
  const dbName = `contrat_${randomUUID().slice(0, 8)}`;
  readStoreContract('MongoDB', async () => {
    const store = new MongoReadStore(url, dbName);
    return { store, teardown: () => store.close() };
  });
}
