import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SYSTEM_ACTOR } from '@examens-pro/domain';
import {
  DirectoryDocumentStorage,
  InProcessJobQueue,
  SqliteEventStore,
  SqliteReadStore,
  toEnvelopes,
  waitForProjections,
} from '@examens-pro/platform';
import { ProjectionRunner } from '@examens-pro/platform';
import { documentsProjection, metiersProjection } from '@examens-pro/projections';
import { startWorkers } from './index.js';

describe('start-up reconciliation', () => {
  let dir: string;
  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  let runner: ProjectionRunner;
  const queues: InProcessJobQueue[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reconcile-'));
    eventStore = new SqliteEventStore({ filename: join(dir, 'events.db') });
    readStore = new SqliteReadStore(join(dir, 'read.db'));
    runner = new ProjectionRunner(eventStore, readStore, [documentsProjection, metiersProjection]);
    runner.start();
  });
  afterEach(async () => {
    await runner.stop();
    for (const q of queues.splice(0)) await q.close();
    await eventStore.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('enqueues again a document requested before a crash, and it gets generated', async () => {
    // The request was stored, but the process stopped before its job ran (in-process queue lost).
    await eventStore.appendToStream(
      'documents-d1',
      toEnvelopes(
        [{ type: 'DocumentRequested', data: { documentId: 'd1', kind: 'liste-metiers' } }],
        {
          commandId: 'req-1',
          actor: SYSTEM_ACTOR,
          now: new Date().toISOString(),
        },
      ),
    );
    const queue = new InProcessJobQueue();
    queues.push(queue);
    const storage = new DirectoryDocumentStorage(join(dir, 'documents'));
    expect(await startWorkers({ eventStore, readStore, storage, queue })).toBe(1);

    const deadline = Date.now() + 10_000;
    while ((await eventStore.readStream('documents-d1')).length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const events = await eventStore.readStream('documents-d1');
    expect(events.map((e) => e.type)).toEqual(['DocumentRequested', 'DocumentGenerated']);
    expect(storage.exists('d1.pdf')).toBe(true);

    // Once generated, a new start has nothing to do.
    await waitForProjections(readStore, ['documents'], await eventStore.headPosition(), 5000);
    const again = new InProcessJobQueue();
    queues.push(again);
    expect(await startWorkers({ eventStore, readStore, storage, queue: again })).toBe(0);
  });
});
