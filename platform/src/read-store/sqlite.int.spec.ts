import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStoreContract } from '../testing/readStoreContract.js';
import { SqliteReadStore } from './sqlite.js';

readStoreContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rs-'));
  const store = new SqliteReadStore(join(dir, 'read.db'));
  return {
    store,
    teardown: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
