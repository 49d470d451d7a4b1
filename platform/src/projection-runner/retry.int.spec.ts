import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CollectionDefinition } from '@examens-pro/domain';
import { SqliteEventStore } from '../event-store/sqlite.js';
import { SqliteReadStore } from '../read-store/sqlite.js';
import type { ReadStore } from '../read-store/port.js';
import { ProjectionRunner } from './runner.js';
import type { Projection } from './projection.js';

/**
 * A projection whose store fails is tried again with growing delays (capped),
 * never in a tight loop, and its error is in the runner's state (what readiness reports) until it
 * works again.
 */
const collection: CollectionDefinition = {
  name: 'essais_reprise',
  fields: { nom: 'string' },
  searchFields: [],
  defaultSort: { field: 'nom', order: 'ASC' },
};
const projection: Projection = {
  name: 'essais-reprise',
  version: 1,
  collections: [collection],
  eventTypes: ['Essai'],
  apply: async () => undefined,
};

/** The read store, whose checkpoint reads fail `failures` times (a server that drops the connection). */
const failingStore = (store: ReadStore, failures: number) => {
  const attempts: number[] = [];
  const failing = new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'getCheckpoint')
        return async (name: string) => {
          attempts.push(Date.now());
          if (attempts.length <= failures)
            throw new Error('connection 1 to 127.0.0.1:27017 closed');
          return target.getCheckpoint(name);
        };
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return { failing, attempts };
};

describe('projection runner: a failing projection', () => {
  let dir: string;
  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  let runner: ProjectionRunner | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reprise-'));
    eventStore = new SqliteEventStore({ filename: join(dir, 'events.db'), pollIntervalMs: 20 });
    readStore = new SqliteReadStore(join(dir, 'read.db'));
  });
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await eventStore.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is tried again with growing delays, capped, and reports its error until it works', async () => {
    const { failing, attempts } = failingStore(readStore, 6);
    const logs: string[] = [];
    runner = new ProjectionRunner(eventStore, failing, [projection], {
      log: (message) => logs.push(message),
      retryDelayMs: { first: 40, max: 200 },
    });
    runner.start();
    // While it fails: its error, and how many tries, are in its state.
    await until(() => attempts.length >= 3);
    const failingState = runner.status()[0]!;
    expect(failingState.error).toContain('connection 1 to 127.0.0.1:27017 closed');
    expect(failingState.attempts).toBeGreaterThanOrEqual(2);
    expect(failingState.retryAt).toEqual(expect.any(String));
    expect(runner.ready()).toBe(false);

    await until(() => runner!.ready(), 5000);
    expect(attempts).toHaveLength(7);
    const gaps = attempts.slice(1).map((at, i) => at - attempts[i]!);
    // 40, 80, 160, then the cap (200): never sooner than planned (a timer may fire 1 ms early).
    [40, 80, 160, 200, 200, 200].forEach((planned, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(planned - 2);
    });
    expect(gaps[2]!).toBeGreaterThan(gaps[0]! + 60);
    // One line per failure, which says when it is tried again.
    const failures = logs.filter((line) => line.includes('en échec'));
    expect(failures).toHaveLength(6);
    expect(failures[0]).toMatch(/nouvel essai dans 0,04 s/);
    // Working again: the error is gone from its state.
    const state = runner.status()[0]!;
    expect(state.error).toBeUndefined();
    expect(state.attempts).toBeUndefined();
    expect(state.caughtUp).toBe(true);
  });

  it('waits at most the cap between two tries, however long it fails', async () => {
    const { failing, attempts } = failingStore(readStore, 1000);
    runner = new ProjectionRunner(eventStore, failing, [projection], {
      retryDelayMs: { first: 10, max: 40 },
    });
    const started = Date.now();
    runner.start();
    // Waits 10, 20, 40, 40, 40…: eight tries take 230 ms at least (a tight loop makes hundreds in
    // that time), and come however busy the machine is.
    await until(() => attempts.length >= 8, 10_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(225);
    expect(runner.status()[0]!.attempts).toBeGreaterThanOrEqual(7);
  });
});

const until = async (condition: () => boolean, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Délai dépassé.');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
