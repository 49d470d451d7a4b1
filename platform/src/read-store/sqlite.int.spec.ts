import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
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

describe('SQLite read store: planner statistics', () => {
  const definition = {
    name: 'stat_docs',
    fields: { ville: 'string' as const },
    searchFields: [],
    defaultSort: { field: 'ville', order: 'ASC' as const },
  };
  const statisticsOf = (file: string): number => {
    const db = new Database(file);
    try {
      return db
        .prepare<[], { n: number }>(
          "SELECT count(*) AS n FROM sqlite_stat1 WHERE tbl = 'rm_stat_docs'",
        )
        .get()!.n;
    } finally {
      db.close();
    }
  };

  it('are refreshed as the writer opens, never by a connection that only reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-stat-'));
    const file = join(dir, 'read.db');
    try {
      const writer = new SqliteReadStore(file);
      await writer.ensureCollection(definition);
      await writer.write({
        operations: Array.from({ length: 3000 }, (_, i) => ({
          collection: definition.name,
          type: 'put' as const,
          doc: { id: `d${i}`, version: 0, ville: i % 2 ? 'Douala' : 'Yaoundé' },
        })),
      });
      await writer.close();
      // Grown past its last analysis and never analysed since: what a restart finds.
      const raw = new Database(file);
      raw.exec('DELETE FROM sqlite_stat1');
      raw.close();
      await new SqliteReadStore(file, { refreshStatistics: false }).close();
      expect(statisticsOf(file)).toBe(0);
      await new SqliteReadStore(file).close();
      expect(statisticsOf(file)).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite read store: streaming', () => {
  const definition = {
    name: 'flux_docs',
    fields: { ville: 'string' as const, rang: 'number' as const },
    searchFields: [],
    defaultSort: { field: 'rang', order: 'ASC' as const },
  };

  it('reads each batch by its own rows, in order, and skips a row deleted meanwhile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-flux-'));
    const store = new SqliteReadStore(join(dir, 'read.db'));
    try {
      const docs = store.collection<{ id: string; version: number; ville: string; rang: number }>(
        definition,
      );
      await store.write({
        operations: Array.from({ length: 2500 }, (_, i) => ({
          collection: definition.name,
          type: 'put' as const,
          doc: {
            id: `d${i}`,
            version: 0,
            ville: i % 3 ? 'Douala' : 'Yaoundé',
            rang: (i * 7) % 2500,
          },
        })),
      });
      const expected = Array.from({ length: 2500 }, (_, i) => ({
        id: `d${i}`,
        rang: (i * 7) % 2500,
      }))
        .filter((_, i) => i % 3 !== 0)
        .sort((a, b) => b.rang - a.rang)
        .map((d) => d.id);
      const seen: string[] = [];
      // The 1,500th of the list, deleted while the first batch is read: never streamed.
      const deleted = expected[1500]!;
      for await (const doc of docs.stream({
        filter: { ville: 'Douala' },
        sort: [{ field: 'rang', order: 'DESC' }],
        batchSize: 1000,
      })) {
        if (seen.length === 10)
          await store.write({
            operations: [{ collection: definition.name, type: 'delete', id: deleted }],
          });
        seen.push(doc.id);
      }
      expect(seen).toEqual(expected.filter((id) => id !== deleted));
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
