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

describe('SQLite read store: search index', () => {
  const definition = {
    name: 'recherche_docs',
    fields: { ville: 'string' as const },
    searchFields: ['nom', 'numero'],
    defaultSort: { field: 'ville', order: 'ASC' as const },
  };
  type Doc = { id: string; version: number; ville: string; nom: string; numero: string | null };
  const integrity = (file: string) => {
    const db = new Database(file);
    try {
      // Throws « database disk image is malformed » when index and texts disagree.
      db.exec(
        "INSERT INTO rm_recherche_docs_fts (rm_recherche_docs_fts, rank) VALUES ('integrity-check', 1)",
      );
      return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM rm_recherche_docs_fts').get()!
        .n;
    } finally {
      db.close();
    }
  };

  it('follows every text written, changed and deleted, also in a file indexed by triggers before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-recherche-'));
    const file = join(dir, 'read.db');
    try {
      const first = new SqliteReadStore(file);
      await first.ensureCollection(definition);
      const put = (doc: Doc) => ({ collection: definition.name, type: 'put' as const, doc });
      await first.write({
        operations: [
          put({ id: 'a', version: 0, ville: 'Douala', nom: 'Atangana Marie', numero: null }),
          put({ id: 'b', version: 0, ville: 'Yaoundé', nom: 'Nkoulou Paul', numero: null }),
          put({ id: 'c', version: 0, ville: 'Bafoussam', nom: 'Fotso Jean', numero: null }),
        ],
      });
      await first.close();
      // As an earlier version left the file: its texts indexed by triggers on insert and update.
      const raw = new Database(file);
      raw.exec(`
        CREATE TRIGGER rm_recherche_docs_s_ai AFTER INSERT ON rm_recherche_docs_s BEGIN
          INSERT INTO rm_recherche_docs_fts (rowid, search) VALUES (new.rowid, new.search);
        END;
        CREATE TRIGGER rm_recherche_docs_s_au AFTER UPDATE OF search ON rm_recherche_docs_s BEGIN
          INSERT INTO rm_recherche_docs_fts (rm_recherche_docs_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
          INSERT INTO rm_recherche_docs_fts (rowid, search) VALUES (new.rowid, new.search);
        END;
      `);
      raw.close();
      const store = new SqliteReadStore(file);
      const docs = store.collection<Doc>(definition);
      await store.write({
        operations: [
          // A new number (the text changes), the same text again, a new document, a deletion.
          put({ id: 'a', version: 1, ville: 'Douala', nom: 'Atangana Marie', numero: 'M01-00007' }),
          put({ id: 'b', version: 1, ville: 'Kribi', nom: 'Nkoulou Paul', numero: null }),
          put({ id: 'd', version: 0, ville: 'Limbé', nom: 'Ewane Rose', numero: 'M02-00001' }),
          { collection: definition.name, type: 'delete', id: 'c' },
          // Written, then deleted, in the same batch; another written twice.
          put({ id: 'e', version: 0, ville: 'Buea', nom: 'Tabi Ruth', numero: null }),
          { collection: definition.name, type: 'delete', id: 'e' },
          put({ id: 'b', version: 2, ville: 'Kribi', nom: 'Nkoulou Paul', numero: 'X1-00001' }),
          put({ id: 'b', version: 3, ville: 'Kribi', nom: 'Nkoulou Paul', numero: 'X2-00002' }),
        ],
      });
      // Texts indexed in rowid order whatever the batch's order: the last document first.
      await store.write({
        operations: [
          put({ id: 'd', version: 1, ville: 'Limbé', nom: 'Ewane Rose', numero: 'M02-00009' }),
          put({ id: 'a', version: 2, ville: 'Douala', nom: 'Atangana Marie', numero: 'M01-00008' }),
        ],
      });
      const found = async (q: string) =>
        (await docs.list({ filter: { $q: q }, sort: [{ field: 'id', order: 'ASC' }] })).items.map(
          (d) => d.id,
        );
      expect(await found('00008')).toEqual(['a']);
      expect(await found('00007')).toEqual([]);
      expect(await found('atangana')).toEqual(['a']);
      expect(await found('nkoulou')).toEqual(['b']);
      expect(await found('x2-00002')).toEqual(['b']);
      expect(await found('x1-00001')).toEqual([]);
      expect(await found('00009')).toEqual(['d']);
      expect(await found('ewane')).toEqual(['d']);
      expect(await found('fotso')).toEqual([]);
      expect(await found('tabi')).toEqual([]);
      await store.close();
      // One index entry per text, none left behind: the triggers are gone, not doubled.
      expect(integrity(file)).toBe(3);
      const check = new Database(file);
      const triggers = check
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'rm_recherche_docs_s' ORDER BY name",
        )
        .all()
        .map((r) => r.name);
      check.close();
      expect(triggers).toEqual(['rm_recherche_docs_s_ad']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
