import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventStoreContract } from '../testing/eventStoreContract.js';
import { SqliteEventStore } from './sqlite.js';

eventStoreContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'es-'));
  const store = new SqliteEventStore({ filename: join(dir, 'events.db'), pollIntervalMs: 50 });
  return {
    store,
    teardown: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
