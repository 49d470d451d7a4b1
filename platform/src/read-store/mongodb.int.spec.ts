import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { readStoreContract } from '../testing/readStoreContract.js';
import { readStorePageContract } from '../testing/readStorePageContract.js';
import { MongoReadStore } from './mongodb.js';

// Set by the global setup: the FerretDB the project builds and starts (or MONGODB_URL when given).
const url = process.env.TEST_MONGODB_URL;

const mongo7 = process.env.TEST_MONGO7_URL;
if (mongo7) {
  const dbName7 = `contrat_${randomUUID().slice(0, 8)}`;
  readStoreContract('MongoDB 7 (testcontainers)', async () => {
    const store = new MongoReadStore(mongo7, dbName7);
    return { store, teardown: () => store.close() };
  });
} else {
  describe('read store contract: MongoDB 7', () => {
    it.skip('IGNORÉ : aucun moteur Docker pour mongo:7 (la suite tourne sur FerretDB)', () =>
      undefined);
  });
}

if (!url) {
  describe('read store contract: MongoDB', () => {
    it.skip('IGNORÉ : aucun serveur MongoDB (FerretDB non construit, MONGODB_URL absent)', () =>
      undefined);
  });
} else {
  // One database per test file run; collections are unique per test (see the contract).
  const dbName = `contrat_${randomUUID().slice(0, 8)}`;
  const harness = async () => {
    const store = new MongoReadStore(url, dbName);
    return { store, teardown: () => store.close() };
  };
  readStoreContract('MongoDB (FerretDB)', harness);
  readStorePageContract('MongoDB (FerretDB)', harness);
}
