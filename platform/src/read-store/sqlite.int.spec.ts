import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { CollectionDefinition } from '@examens-pro/domain/kernel';
import Database from 'better-sqlite3';
import { readStoreContract } from '../testing/readStoreContract.js';
import { readStorePageContract } from '../testing/readStorePageContract.js';
import { SqliteReadStore } from './sqlite.js';

const sqliteHarness = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rs-'));
  const store = new SqliteReadStore(join(dir, 'read.db'));
  return {
    store,
    teardown: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

readStoreContract('SQLite', sqliteHarness);
readStorePageContract('SQLite', sqliteHarness);

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

describe('SQLite read store: a page’s total', () => {
  it('is counted again after another connection (the projections’ thread) commits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-total-'));
    const file = join(dir, 'read.db');
    const definition = {
      name: 'total_docs',
      fields: { ville: 'string' as const },
      searchFields: [],
      defaultSort: { field: 'ville', order: 'ASC' as const },
    };
    const doc = (i: number, ville: string) => ({ id: `d${i}`, version: 0, ville });
    const reader = new SqliteReadStore(file);
    const writer = new SqliteReadStore(file);
    try {
      await writer.ensureCollection(definition);
      const put = (docs: ReturnType<typeof doc>[]) =>
        writer.write({
          operations: docs.map((d) => ({
            collection: definition.name,
            type: 'put' as const,
            doc: d,
          })),
        });
      await put(Array.from({ length: 30 }, (_, i) => doc(i, i % 3 ? 'Douala' : 'Garoua')));
      const list = reader.collection(definition);
      const totals = async () => [
        (await list.listJson({ limit: 5 })).total,
        (await list.list({ filter: { ville: 'Douala' }, limit: 5 })).total,
      ];
      expect(await totals()).toEqual([30, 20]);
      expect(await totals()).toEqual([30, 20]);
      await put([doc(30, 'Douala'), doc(0, 'Douala')]);
      expect(await totals()).toEqual([31, 22]);
      await writer.write({
        operations: [{ collection: definition.name, type: 'delete', id: 'd1' }],
      });
      expect(await totals()).toEqual([30, 21]);
    } finally {
      await reader.close();
      await writer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite read store: the histories in a file of their own', () => {
  const list: CollectionDefinition = {
    name: 'liste_docs',
    fields: { ville: 'string' },
    searchFields: ['ville'],
    defaultSort: { field: 'ville', order: 'ASC' },
  };
  const lines: CollectionDefinition = {
    name: 'lignes_docs',
    fields: { ville: 'string', rang: 'number' },
    searchFields: ['ville'],
    defaultSort: { field: 'rang', order: 'DESC' },
    indexed: ['rang'],
    storage: 'history',
  };
  /** The tables and indexes a file holds, and its checkpoints. */
  const contentOf = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return {
        objects: db
          .prepare<[], { name: string }>(
            "SELECT name FROM sqlite_master WHERE name LIKE 'rm_l%' ORDER BY name",
          )
          .all()
          .map((row) => row.name),
        checkpoints: db
          .prepare<[], { projection: string; position: string }>(
            'SELECT projection, position FROM rm_checkpoints ORDER BY projection',
          )
          .all(),
        pageSize: db.pragma('page_size', { simple: true }),
      };
    } finally {
      db.close();
    }
  };
  const put = (collection: string, id: string, ville: string, rang = 0) => ({
    collection,
    type: 'put' as const,
    doc: { id, version: 0, ville, rang },
  });

  it('keeps each projection with its checkpoint in one file; a history lost is rebuilt alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-fichiers-'));
    const file = join(dir, 'read-models.db');
    const historyFile = join(dir, 'read-models-history.db');
    try {
      const store = new SqliteReadStore(file);
      await store.ensureCollection(list);
      await store.ensureCollection(lines);
      // A history's first batch without documents leaves its checkpoint where checkpoints go.
      await store.write({
        operations: [],
        checkpoint: { projection: 'historique', position: '1', version: 'v1' },
      });
      await store.write({
        operations: [put(list.name, 'a', 'Douala'), put(list.name, 'b', 'Garoua')],
        checkpoint: { projection: 'liste', position: '4', version: 'v1' },
      });
      await store.write({
        operations: [put(lines.name, 'l1', 'Douala', 1), put(lines.name, 'l2', 'Yaoundé', 2)],
        checkpoint: { projection: 'historique', position: '5', version: 'v1' },
      });
      await store.write({
        operations: [],
        checkpoint: { projection: 'historique', position: '6', version: 'v1' },
      });
      expect((await store.getCheckpoint('historique'))?.position).toBe('6');
      expect((await store.getCheckpoint('liste'))?.position).toBe('4');
      // Read through one connection whatever the file; searched and sorted as before.
      const found = store.collection<{ id: string; version: number }>(lines);
      expect((await found.list({ filter: { $q: 'yaou' } })).items.map((d) => d.id)).toEqual(['l2']);
      expect((await found.list({ filter: { ville: 'Douala' } })).items.map((d) => d.id)).toEqual([
        'l1',
      ]);
      await store.close();

      const main = contentOf(file);
      const history = contentOf(historyFile);
      expect(main.objects.some((name) => name.startsWith('rm_lignes_docs'))).toBe(false);
      expect(main.objects).toContain('rm_liste_docs');
      // The history's indexes: its one indexed field; no index on `ville`.
      expect(history.objects).toEqual(
        expect.arrayContaining(['rm_lignes_docs', 'rm_lignes_docs_rang', 'rm_lignes_docs_fts']),
      );
      expect(history.objects).not.toContain('rm_lignes_docs_ville');
      expect(history.pageSize).toBe(8192);
      expect(main.checkpoints).toEqual([{ projection: 'liste', position: '4' }]);
      expect(history.checkpoints).toEqual([{ projection: 'historique', position: '6' }]);

      // The histories' file deleted: its projection starts again from zero, the lists do not.
      for (const suffix of ['', '-wal', '-shm']) rmSync(historyFile + suffix, { force: true });
      const reopened = new SqliteReadStore(file);
      try {
        await reopened.ensureCollection(list);
        await reopened.ensureCollection(lines);
        expect(await reopened.getCheckpoint('historique')).toBeNull();
        expect((await reopened.getCheckpoint('liste'))?.position).toBe('4');
        expect(await reopened.collection(lines).count()).toBe(0);
        expect(await reopened.collection(list).count()).toBe(2);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('moves a collection declared for the other file: its old table dropped, every projection rebuilt', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-deplacee-'));
    const file = join(dir, 'read-models.db');
    try {
      const before: CollectionDefinition = { ...lines, storage: undefined };
      const first = new SqliteReadStore(file);
      await first.ensureCollection(before);
      await first.write({
        operations: [put(lines.name, 'l1', 'Douala', 1)],
        checkpoint: { projection: 'historique', position: '3', version: 'v1' },
      });
      await first.close();
      expect(contentOf(file).objects).toContain('rm_lignes_docs');

      const second = new SqliteReadStore(file);
      try {
        await second.ensureCollection(lines);
        expect(await second.getCheckpoint('historique')).toBeNull();
        expect(await second.collection(lines).count()).toBe(0);
        await second.write({
          operations: [put(lines.name, 'l2', 'Garoua', 2)],
          checkpoint: { projection: 'historique', position: '4', version: 'v1' },
        });
        expect(
          (await second.collection<{ id: string; version: number }>(lines).list({})).items.map(
            (d) => d.id,
          ),
        ).toEqual(['l2']);
      } finally {
        await second.close();
      }
      expect(contentOf(file).objects.some((name) => name.startsWith('rm_lignes_docs'))).toBe(false);
      expect(contentOf(join(dir, 'read-models-history.db')).checkpoints).toEqual([
        { projection: 'historique', position: '4' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
