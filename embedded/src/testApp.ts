import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DirectoryDocumentStorage,
  InProcessJobQueue,
  SqliteEventStore,
  SqliteReadStore,
} from '@examens-pro/platform';
import { buildApp } from './app.js';

/** The embedded product on fresh SQLite files in a temporary folder, for route tests (`app.inject`). */
export const startTestApp = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'app-'));
  const eventStore = new SqliteEventStore({ filename: join(dir, 'events.db') });
  const readStore = new SqliteReadStore(join(dir, 'read.db'));
  const jobQueue = new InProcessJobQueue();
  const storage = new DirectoryDocumentStorage(join(dir, 'documents'));
  const { app, runner } = await buildApp({ eventStore, readStore, jobQueue, storage });
  await app.ready();
  return {
    app,
    runner,
    eventStore,
    readStore,
    jobQueue,
    storage,
    close: async () => {
      await app.close();
      await eventStore.close();
      await readStore.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
