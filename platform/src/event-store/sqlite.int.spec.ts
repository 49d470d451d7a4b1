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

  it('tells in one read whether streams grew past given revisions, another connection’s appends too', async () => {
    expect(await store.grownSince([])).toBe(false);
    expect(await store.grownSince([{ stream: 'u-1', revision: -1 }])).toBe(false);
    await store.appendToStream('u-1', [event('u1-0'), event('u1-1')]);
    await store.appendToStream('p-1', [event('p1-0')]);
    const both = (user: number, profile: number) =>
      store.grownSince([
        { stream: 'u-1', revision: user },
        { stream: 'p-1', revision: profile },
      ]);
    expect(await store.grownSince([{ stream: 'u-1', revision: -1 }])).toBe(true);
    expect(await both(1, 0)).toBe(false);
    expect(await both(0, 0)).toBe(true);
    expect(await both(1, -1)).toBe(true);
    // Appended through another connection to the file (another thread or process).
    const other = new SqliteEventStore({ filename: join(dir, 'events.db') });
    try {
      await other.appendToStream('p-1', [event('p1-1')]);
    } finally {
      await other.close();
    }
    expect(await both(1, 0)).toBe(true);
    expect(await both(1, 1)).toBe(false);
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

describe('SQLite event store: a subscription to some types', () => {
  it('reads their events from the type index, in global order across types and batches, then the head', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'es-'));
    // Batches of 3: positions of several types merged again and again.
    const store = new SqliteEventStore({ filename: join(dir, 'events.db'), readBatchSize: 3 });
    try {
      const types = ['A', 'B', 'C', 'D'];
      // 40 events, types in an irregular order; the last ones of a type nobody asks for.
      const sequence = Array.from({ length: 40 }, (_, i) => (i >= 36 ? 'D' : types[(i * 7) % 3]!));
      for (const [i, type] of sequence.entries())
        await store.appendToStream(`s-${i % 5}`, [
          {
            id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
            type,
            data: { i },
            metadata: {
              actor: { id: 'a', name: 'A' },
              at: '2026-01-01T00:00:00.000Z',
              correlationId: 'c',
              causationId: 'c',
              schemaVersion: 1,
            },
          },
        ]);
      const reader = new Database(join(dir, 'events.db'), { readonly: true });
      const plan = reader
        .prepare(
          'EXPLAIN QUERY PLAN SELECT position FROM events WHERE type = ? AND position > ? AND position <= ? ORDER BY position LIMIT ?',
        )
        .all('A', 0, 100, 3) as { detail: string }[];
      reader.close();
      expect(plan.map((p) => p.detail).join(' ')).toContain('events_type');

      const controller = new AbortController();
      const seen: string[] = [];
      let caughtUp: string | undefined;
      for await (const message of store.subscribeToAll({
        signal: controller.signal,
        eventTypes: ['C', 'A'],
      })) {
        if (message.type === 'caughtUp') {
          caughtUp = message.position;
          controller.abort();
          continue;
        }
        seen.push(`${message.event.type}${(message.event.data as { i: number }).i}`);
      }
      const expected = sequence.flatMap((type, i) =>
        type === 'A' || type === 'C' ? [`${type}${i}`] : [],
      );
      expect(seen).toEqual(expected);
      // Passed up to the head: the last events (of another type) are not read again.
      expect(caughtUp).toBe('40');
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
