import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SYSTEM_ACTOR } from '@examens-pro/domain';
import {
  DirectoryDocumentStorage,
  InProcessJobQueue,
  partialFileName,
  SqliteEventStore,
  SqliteReadStore,
  toEnvelopes,
  waitForProjections,
} from '@examens-pro/platform';
import { ProjectionRunner } from '@examens-pro/platform';
import { documentsProjection, listsProjection } from '@examens-pro/projections';
import { closeRenderThreads, startWorkers } from '../index.js';

const TEST_KEY = 'cle-de-certificat-de-test-cle-de-certificat';

const request = (documentId: string) =>
  toEnvelopes([{ type: 'DocumentRequested', data: { documentId, kind: 'liste-metiers' } }], {
    commandId: `req-${documentId}`,
    actor: SYSTEM_ACTOR,
    now: new Date().toISOString(),
  });
const generated = async (eventStore: SqliteEventStore, documentId: string): Promise<string[]> => {
  const deadline = Date.now() + 10_000;
  let events = await eventStore.readStream(`documents-${documentId}`);
  while (events.length < 2 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    events = await eventStore.readStream(`documents-${documentId}`);
  }
  return events.map((e) => e.type);
};

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
    runner = new ProjectionRunner(eventStore, readStore, [documentsProjection, listsProjection]);
    runner.start();
  });
  afterEach(async () => {
    await runner.stop();
    for (const q of queues.splice(0)) await q.close();
    await eventStore.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterAll(closeRenderThreads);

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
    expect(
      await startWorkers({ eventStore, readStore, storage, certificateKey: TEST_KEY, queue }),
    ).toBe(1);

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
    expect(
      await startWorkers({
        eventStore,
        readStore,
        storage,
        certificateKey: TEST_KEY,
        queue: again,
      }),
    ).toBe(0);
  });

  it('removes the partial files a killed worker left, then generates the document once', async () => {
    // Killed mid-render: the request without an outcome and its partial file.
    await eventStore.appendToStream('documents-d2', request('d2'));
    const documents = join(dir, 'documents');
    mkdirSync(documents, { recursive: true });
    const killed = spawnSync(process.execPath, ['-e', '']).pid;
    const leftovers = [
      partialFileName('d2.pdf', killed, Date.now() - 5000),
      `d1.pdf.partiel-${killed}-1700000000000`,
    ];
    for (const name of leftovers) writeFileSync(join(documents, name), '%PDF-1.3 tronqué');

    const queue = new InProcessJobQueue();
    queues.push(queue);
    const storage = new DirectoryDocumentStorage(documents);
    const logs: string[] = [];
    const again = await startWorkers({
      eventStore,
      readStore,
      storage,
      certificateKey: TEST_KEY,
      queue,
      reconcile: { log: (m) => logs.push(m) },
    });
    expect(again).toBe(1);
    expect(logs).toEqual(['Documents : 2 fichier(s) partiel(s) abandonné(s) supprimé(s).']);
    expect(await generated(eventStore, 'd2')).toEqual(['DocumentRequested', 'DocumentGenerated']);
    expect(readdirSync(documents)).toEqual(['d2.pdf']);
  });

  it('never enqueues from a stale view: waits, says so, and goes on once the projection caught up', async () => {
    await runner.stop();
    await eventStore.appendToStream('documents-d3', request('d3'));
    const queue = new InProcessJobQueue();
    queues.push(queue);
    const storage = new DirectoryDocumentStorage(join(dir, 'documents'));
    const logs: string[] = [];
    let answer: number | undefined;
    const started = startWorkers({
      eventStore,
      readStore,
      storage,
      certificateKey: TEST_KEY,
      queue,
      reconcile: { waitMs: 100, log: (m) => logs.push(m) },
    }).then((n) => (answer = n));
    await new Promise((r) => setTimeout(r, 500));
    expect(answer).toBeUndefined();
    expect(logs.length).toBeGreaterThanOrEqual(2);
    expect(logs[0]).toMatch(/la projection « documents » n’a pas encore atteint la position/);

    runner.start();
    await started;
    expect(answer).toBe(1);
    expect(await generated(eventStore, 'd3')).toEqual(['DocumentRequested', 'DocumentGenerated']);
  });

  it('gives up with an error, not a silent stale answer, when the projection never catches up', async () => {
    await runner.stop();
    await eventStore.appendToStream('documents-d4', request('d4'));
    const queue = new InProcessJobQueue();
    queues.push(queue);
    const storage = new DirectoryDocumentStorage(join(dir, 'documents'));
    await expect(
      startWorkers({
        eventStore,
        readStore,
        storage,
        certificateKey: TEST_KEY,
        queue,
        reconcile: { waitMs: 50, maxWaitMs: 200, log: () => undefined },
      }),
    ).rejects.toThrow('Réconciliation des documents abandonnée');
    runner.start();
  });
});
