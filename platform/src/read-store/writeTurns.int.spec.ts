import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from '@jest/globals';
import { SqliteReadStore } from './sqlite.js';
import { WriteTurns, writeTurnsMemory } from './writeTurns.js';

const collection = {
  name: 'tours',
  fields: { ville: 'string' as const },
  searchFields: ['ville'],
  defaultSort: { field: 'ville', order: 'ASC' as const },
};

/**
 * A thread that writes batch after batch (the projections catching up), on the built platform (as
 * the product's projections' thread runs it): with `turns`, it takes turns with the test's thread.
 */
const writerThread = (file: string, ms: number, turns?: SharedArrayBuffer) =>
  new Worker(
    `
    const { workerData, parentPort } = require('node:worker_threads');
    const { SqliteReadStore, adoptWriteTurns } = require('@examens-pro/platform');
    if (workerData.turns) adoptWriteTurns(workerData.file, workerData.turns);
    const store = new SqliteReadStore(workerData.file, { refreshStatistics: false });
    (async () => {
      await store.ensureCollection(workerData.collection);
      parentPort.postMessage('go');
      const stop = Date.now() + workerData.ms;
      let n = 0;
      while (Date.now() < stop) {
        await store.write({
          operations: Array.from({ length: 500 }, (_, i) => ({
            collection: 'tours',
            type: 'put',
            doc: { id: 'w' + ((n * 500 + i) % 5000), version: n, ville: 'Douala ' + n },
          })),
        });
        n += 1;
      }
      await store.close();
      parentPort.postMessage(n);
    })();
    `,
    { eval: true, workerData: { file, ms, turns, collection } },
  );

describe('write turns', () => {
  it('keep a thread that commits batch after batch from shutting another out of the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tours-'));
    const file = join(dir, 'read.db');
    const store = new SqliteReadStore(file);
    try {
      await store.ensureCollection(collection);
      const worker = writerThread(file, 4000, writeTurnsMemory(file));
      const done = new Promise<number>((resolve, reject) => {
        worker.on('message', (m) => typeof m === 'number' && resolve(m));
        worker.on('error', reject);
      });
      await new Promise<void>((resolve) => worker.once('message', () => resolve()));
      const waits: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const started = performance.now();
        const doc = { id: `m${i}`, version: 0, ville: 'Yaoundé' };
        await store.write({ operations: [{ collection: 'tours', type: 'put', doc }] });
        waits.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const batches = await done;
      // Every write went through, each behind one of the other thread's batches at most.
      expect(await store.collection(collection).count({ ville: 'Yaoundé' })).toBe(30);
      expect(Math.max(...waits)).toBeLessThan(1000);
      expect(batches).toBeGreaterThan(10);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('never skip a second turn when a thread taken for dead ends its write after all', async () => {
    const buffer = new SharedArrayBuffer(8);
    const cells = new Int32Array(buffer);
    const turns = new WriteTurns(buffer, 200);
    // A thread holding its turn for 600 ms, three times as long as the turns wait for a live one.
    const slow = new Worker(
      `
      const { workerData, parentPort } = require('node:worker_threads');
      const { WriteTurns } = require('@examens-pro/platform');
      new WriteTurns(workerData.buffer, 200).run(() => {
        parentPort.postMessage('tient');
        const until = Date.now() + 600;
        while (Date.now() < until);
      });
      parentPort.postMessage('fini');
      `,
      { eval: true, workerData: { buffer } },
    );
    const said = (word: string) =>
      new Promise<void>((resolve, reject) => {
        slow.on('message', (m) => m === word && resolve());
        slow.on('error', reject);
      });
    const finished = said('fini');
    await said('tient');
    const started = Date.now();
    // Skipped after 200 ms: this thread writes meanwhile.
    expect(turns.run(() => 'écrit')).toBe('écrit');
    expect(Date.now() - started).toBeLessThan(550);
    await finished;
    // The slow thread's end moved nothing: the next ticket handed out is the one served.
    expect(Atomics.load(cells, 1)).toBe(Atomics.load(cells, 0));
    const next = Date.now();
    expect(turns.run(() => 'encore')).toBe('encore');
    expect(Date.now() - next).toBeLessThan(100);
    await slow.terminate();
  });

  it('skip the turn of a thread that died holding it', () => {
    const turns = new WriteTurns(new SharedArrayBuffer(8), 200);
    const cells = new Int32Array(turns.buffer);
    Atomics.add(cells, 0, 1); // a ticket taken, never served: its thread is gone
    const started = Date.now();
    expect(turns.run(() => 'écrit')).toBe('écrit');
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(Atomics.load(cells, 1)).toBe(2);
  });
});
