import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, SqliteReadStore } from '@examens-pro/platform';
import { buildApp } from './app.js';

/** The embedded product on fresh SQLite files in a temporary folder, for route tests (`app.inject`). */
export const startTestApp = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'app-'));
  const eventStore = new SqliteEventStore({ filename: join(dir, 'events.db') });
  const readStore = new SqliteReadStore(join(dir, 'read.db'));
  const { app, runner } = await buildApp({ eventStore, readStore });
  await app.ready();
  return {
    app,
    runner,
    eventStore,
    readStore,
    close: async () => {
      await app.close();
      await eventStore.close();
      await readStore.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
