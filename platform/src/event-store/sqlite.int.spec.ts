import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { eventStoreContract } from '../testing/eventStoreContract.js';
import { WrongExpectedRevisionError } from './port.js';
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

describe('SQLite event store durability', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'es-'));
    store = new SqliteEventStore({ filename: join(dir, 'events.db') });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const event = (id: string) => ({
    id,
    type: 'Essai',
    data: { id },
    metadata: {
      actor: { id: 'a', name: 'A' },
      at: '2026-01-01T00:00:00.000Z',
      correlationId: id,
      causationId: id,
      schemaVersion: 1,
    },
  });

  it('syncs every commit to disk (synchronous = FULL) before answering', () => {
    const db = new Database(join(dir, 'events.db'));
    try {
      // The setting belongs to the connection: read it through the store's own file handle.
      const level = (store as unknown as { db: Database.Database }).db.pragma('synchronous', {
        simple: true,
      });
      expect(level).toBe(2);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  });

  it('commits concurrent appends together, each one succeeding or failing alone', async () => {
    await store.appendToStream('s-0', [event('e-0')]);
    const before = store.stats();
    const appends = Array.from({ length: 50 }, (_, i) =>
      store.appendToStream(`s-${i}`, [event(`e-${i}-1`)], {
        // s-0 exists: "no stream" fails for it alone.
        expectedRevision: 'no_stream',
      }),
    );
    const outcomes = await Promise.allSettled(appends);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(49);
    expect(outcomes[0]).toMatchObject({ status: 'rejected' });
    expect(outcomes[0]).toMatchObject({
      reason: expect.any(WrongExpectedRevisionError) as unknown,
    });
    // Positions follow the order of the calls, without the rolled-back one.
    const positions = outcomes
      .slice(1)
      .map((o) => Number((o as PromiseFulfilledResult<{ position: string }>).value.position));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(await store.headPosition()).toBe(String(positions[positions.length - 1]));
    expect((await store.readStream('s-0')).map((e) => e.id)).toEqual(['e-0']);
    // Issued in the same turn of the event loop: one transaction (one fsync) for the 50.
    expect(store.stats().commits - before.commits).toBe(1);
    expect(store.stats().appends - before.appends).toBe(50);
  });

  it('tells its commits to a watcher, and wakes on another instance’s commit when told', async () => {
    // Another thread's connection to the same file, polling so rarely that only a wake-up counts.
    const other = new SqliteEventStore({
      filename: join(dir, 'events.db'),
      pollIntervalMs: 60_000,
    });
    const controller = new AbortController();
    try {
      let commits = 0;
      const unwatch = store.watchAppends(() => {
        commits += 1;
        other.appendedElsewhere();
      });
      const seen: string[] = [];
      const following = (async () => {
        for await (const message of other.subscribeToAll({
          fromPosition: '0',
          signal: controller.signal,
        }))
          if (message.type === 'event') {
            seen.push(message.event.id);
            if (seen.length === 2) return;
          }
      })();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      await store.appendToStream('s-1', [event('e-1')]);
      await store.appendToStream('s-2', [event('e-2')]);
      await following;
      expect(seen).toEqual(['e-1', 'e-2']);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(commits).toBe(2);
      unwatch();
      await store.appendToStream('s-3', [event('e-3')]);
      expect(commits).toBe(2);
    } finally {
      controller.abort();
      await other.close();
    }
  });
});
