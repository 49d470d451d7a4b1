import Database from 'better-sqlite3';
import {
  comparePositions,
  type CollectionDefinition,
  indexedFields,
  type ReadModelDocument,
  sortKeyedFields,
} from '@examens-pro/domain/kernel';
import { StaleWriterError } from './port.js';
import type { Checkpoint, LeaseHolder, Collection, ReadStore, WriteBatch } from './port.js';
import { searchText, sortKey } from './search.js';
import { SqliteCollection } from './sqliteCollection.js';
import { IDENTIFIER, table } from './sqliteSql.js';
import { WriteTurns, writeTurnsMemory } from './writeTurns.js';

/** Bumped when the table layout changes: tables are then recreated and every projection rebuilt. */
const STORAGE_FORMAT = 5;

/** The two files' schemas on one connection: the lists' file, and the histories' attached to it. */
type Schema = 'main' | 'history';
const SCHEMAS: readonly Schema[] = ['main', 'history'];

const schemaOf = (definition: CollectionDefinition): Schema =>
  definition.storage === 'history' ? 'history' : 'main';

/**
 * The file of the histories and statistics beside a read models' file: `read-models.db` →
 * `read-models-history.db` (an in-memory store keeps them in memory too).
 */
export const historyFileOf = (filename: string): string =>
  filename === ':memory:' || filename === ''
    ? ':memory:'
    : `${filename.replace(/\.db$/, '')}-history.db`;

/** A document's new search text, to index (its former one, if any, to take out of the index). */
interface SearchChange {
  readonly rowid: number;
  readonly old: string | undefined;
  readonly text: string;
}

interface WritePlan {
  /** The row's id and columns, or nothing. */
  readonly select: string;
  readonly insert: string;
  /** The update of the document and of the columns at these indexes (cached per set). */
  readonly update: (changed: readonly number[]) => string;
  readonly values: (doc: Record<string, unknown>) => (string | number | null)[];
}

/**
 * Read store on SQLite: one table per collection holding JSON documents, an expression index per
 * declared field, a French sort key per string field (accents and case ignored, as staff expect
 * "Électricité" among the E), and an FTS5 trigram index for "contains" search.
 *
 * Two files on one connection: the lists' (`filename`) and, attached as `history`, the histories'
 * and statistics' (`storage: 'history'`), which grow with every event. Statements name tables
 * without their schema (SQLite finds them in either file); a projection's collections and its
 * checkpoint share one file, so a batch and its checkpoint are still written in one transaction
 * of that file (SQLite commits attached files one by one, each atomically).
 */
export class SqliteReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly turns: WriteTurns;
  private readonly definitions = new Map<string, CollectionDefinition>();
  private readonly statements = new Map<string, Database.Statement>();

  /**
   * `refreshStatistics` (default): the planner's statistics are brought up to date at open. Only
   * the connection that writes the read models needs it (the projections); a service that only
   * reads would otherwise map and walk the indexes of every grown table as it starts (about 100 MB
   * of a 50,000-dossier file in the command service's memory, for nothing).
   */
  constructor(
    filename: string,
    options: {
      readonly refreshStatistics?: boolean;
      /** The histories' file (default: `historyFileOf(filename)`). */
      readonly historyFile?: string;
    } = {},
  ) {
    this.db = new Database(filename);
    // Several threads of this process may write the file (the projections' own): in turns.
    this.turns = new WriteTurns(writeTurnsMemory(filename));
    this.db.pragma('busy_timeout = 5000');
    this.db
      .prepare('ATTACH DATABASE ? AS history')
      .run(options.historyFile ?? historyFileOf(filename));
    // Histories' rows are large (a dossier's creation lists each of its fields): 4-kB pages held
    // two of them and left a quarter of the file empty. Taken by a new file only.
    this.db.pragma('history.page_size = 8192');
    for (const schema of SCHEMAS) {
      this.db.pragma(`${schema}.journal_mode = WAL`);
      this.db.pragma(`${schema}.synchronous = NORMAL`);
      // Lists sort and filter over hundreds of thousands of rows: the first pages of each file are
      // memory-mapped, the rest read through the page cache. Every mapped page read counts in the
      // process's resident memory, once per connection (the services' and the projections'): a
      // 1-GiB map per file let a national session's process pass 1.9 GB.
      this.db.pragma(`${schema}.mmap_size = ${schema === 'main' ? 268435456 : 67108864}`);
      this.db.pragma(`${schema}.cache_size = ${schema === 'main' ? -65536 : -32768}`);
    }
    // ANALYZE samples about a thousand rows per index: the planner's statistics stay as good, and an
    // analysis runs in tens of milliseconds instead of a second or two at 200,000 rows (it holds the
    // event loop: commands waited behind it).
    this.db.pragma('analysis_limit = 1000');
    // Planner statistics: without them SQLite filters on `actif` and sorts 100,000 rows instead of
    // walking the sort index. Refreshed at open (by the writer) and each time a table has doubled.
    // Each file its own collections and checkpoints (a file lost or deleted is rebuilt alone);
    // leases in the lists' file.
    for (const schema of SCHEMAS)
      this.db.exec(`
        CREATE TABLE IF NOT EXISTS ${schema}.rm_collections (name TEXT PRIMARY KEY, definition TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS ${schema}.rm_checkpoints (projection TEXT PRIMARY KEY, position TEXT NOT NULL, version TEXT NOT NULL);
      `);
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS main.rm_leases (name TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at INTEGER NOT NULL);',
    );
    if (options.refreshStatistics ?? true)
      this.turns.run(() => this.db.pragma('optimize = 0x10002'));
  }

  /** Rows written per table since its last analysis, and its size then. */
  private readonly analysis = new Map<string, { written: number; analyzedAt: number }>();

  /** Re-analyses a table once the rows written since its last analysis exceed its size then. */
  private analyzeIfGrown(written: Map<string, number>): void {
    for (const [t, rows] of written) {
      const state = this.analysis.get(t) ?? { written: 0, analyzedAt: 0 };
      state.written += rows;
      this.analysis.set(t, state);
      if (state.written < Math.max(1000, state.analyzedAt)) continue;
      this.db.exec(`ANALYZE ${t}`);
      state.analyzedAt = this.queryOne<{ n: number }>(`SELECT count(*) AS n FROM ${t}`, [])?.n ?? 0;
      state.written = 0;
    }
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** The string fields with a French sort key (all of them unless the definition names some). */
  private stringFields(definition: CollectionDefinition): string[] {
    return sortKeyedFields(definition);
  }

  async ensureCollection(definition: CollectionDefinition): Promise<void> {
    this.ensureSync(definition);
  }

  private ensureSync(definition: CollectionDefinition): void {
    const known = this.definitions.get(definition.name);
    if (known === definition) return;
    for (const field of Object.keys(definition.fields)) {
      if (!IDENTIFIER.test(field)) throw new Error(`Nom de champ invalide : ${field}`);
    }
    const serialized = JSON.stringify({ storageFormat: STORAGE_FORMAT, definition });
    const schema = schemaOf(definition);
    const other: Schema = schema === 'main' ? 'history' : 'main';
    const storedNow = () =>
      this.db
        .prepare<[string], { definition: string }>(
          `SELECT definition FROM ${schema}.rm_collections WHERE name = ?`,
        )
        .get(definition.name);
    // A collection moved to the other file (or left there by a write interrupted between the two
    // files' commits): its old table would hide the new one from unqualified statements.
    const elsewhere = () =>
      this.db
        .prepare<[string, string], { n: number }>(
          `SELECT (SELECT count(*) FROM ${other}.rm_collections WHERE name = ?)
                + (SELECT count(*) FROM ${other}.sqlite_master WHERE name = ?) AS n`,
        )
        .get(definition.name, table(definition.name))!.n > 0;
    if (storedNow()?.definition === serialized && !elsewhere()) {
      this.definitions.set(definition.name, definition);
      return;
    }
    // Read again and reshaped under one write lock: another connection (the projections' thread)
    // declaring the same collection at the same time finds it done, and never drops it again.
    this.turns.run(() =>
      this.db
        .transaction(() => {
          const stored = storedNow();
          const moved = elsewhere();
          if (moved) this.dropSync(definition.name, other);
          if (stored && stored.definition !== serialized) this.dropSync(definition.name, schema);
          if (moved || (stored && stored.definition !== serialized))
            // Which projection filled the table is not known here: every one starts again from zero.
            for (const s of SCHEMAS) this.db.exec(`DELETE FROM ${s}.rm_checkpoints`);
          if (!stored || stored.definition !== serialized)
            this.createSync(definition, serialized, schema);
        })
        .immediate(),
    );
    this.definitions.set(definition.name, definition);
  }

  private createSync(definition: CollectionDefinition, serialized: string, schema: Schema): void {
    const t = table(definition.name);
    // Objects are created in their file (`history.rm_x`); what they name is in the same file.
    const s = `${schema}.${t}`;
    const keyColumns = Object.keys(definition.fields)
      .map((f) => `, f_${f}`)
      .concat(this.stringFields(definition).map((f) => `, k_${f} TEXT`))
      .join('');
    const indexes = indexedFields(definition)
      .map((f) => `CREATE INDEX IF NOT EXISTS ${s}_${f} ON ${t} (f_${f});`)
      .concat(
        this.stringFields(definition).map(
          (f) => `CREATE INDEX IF NOT EXISTS ${s}_k_${f} ON ${t} (k_${f});`,
        ),
      )
      .join('\n');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS ${s} (
        rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL${keyColumns}
      );
      ${indexes}
      -- The search text lives in a narrow table of its own (same rowid): words too short for the
      -- trigram index are found by scanning it, a tenth of the bytes of the documents.
      CREATE TABLE IF NOT EXISTS ${s}_s (rowid INTEGER PRIMARY KEY, search TEXT NOT NULL);
      CREATE TRIGGER IF NOT EXISTS ${s}_ad AFTER DELETE ON ${t} BEGIN
        DELETE FROM ${t}_s WHERE rowid = old.rowid;
      END;
      CREATE VIRTUAL TABLE IF NOT EXISTS ${s}_fts USING fts5(search, content='${t}_s', content_rowid='rowid', tokenize='trigram');
      -- Written texts are indexed by the writer itself (\`putSearch\`); a deletion, rarer, here.
      CREATE TRIGGER IF NOT EXISTS ${s}_s_ad AFTER DELETE ON ${t}_s BEGIN
        INSERT INTO ${t}_fts (${t}_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
      END;
    `);
    this.db
      .prepare(
        `INSERT INTO ${schema}.rm_collections (name, definition) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET definition = excluded.definition`,
      )
      .run(definition.name, serialized);
  }

  private dropSync(name: string, schema: Schema): void {
    const t = table(name);
    this.db.exec(
      `DROP TABLE IF EXISTS ${schema}.${t}_fts; DROP TABLE IF EXISTS ${schema}.${t}_s; DROP TABLE IF EXISTS ${schema}.${t};`,
    );
    this.db.prepare(`DELETE FROM ${schema}.rm_collections WHERE name = ?`).run(name);
    this.statements.clear();
  }

  private definitionOf(name: string): CollectionDefinition {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`Collection non déclarée : ${name}`);
    return definition;
  }

  collection<T extends ReadModelDocument>(definition: CollectionDefinition): Collection<T> {
    this.ensureSync(definition);
    return new SqliteCollection<T>(this, definition);
  }

  /** @internal used by collections */
  query<R>(sql: string, params: unknown[]): R[] {
    return this.prepare(sql).all(...params) as R[];
  }

  /** @internal */
  queryOne<R>(sql: string, params: unknown[]): R | undefined {
    return this.prepare(sql).get(...params) as R | undefined;
  }

  private readTransaction?: (read: () => unknown) => unknown;

  /** @internal Several reads in one transaction (one snapshot, one read lock). */
  inOneRead<R>(read: () => R): R {
    this.readTransaction ??= this.db.transaction((inner: () => unknown) => inner());
    return this.readTransaction(read) as R;
  }

  /**
   * @internal Changes when the collection's file may have changed: another connection committed to
   * it (`data_version`, the projections' thread or another process) or this one wrote anything
   * (`total_changes()`). What a collection caches is valid while it stays the same.
   */
  changeToken(definition: CollectionDefinition): string {
    const version = this.prepare(`PRAGMA ${schemaOf(definition)}.data_version`)
      .pluck()
      .get();
    return `${String(version)}:${this.prepare('SELECT total_changes()').pluck().get()}`;
  }

  async write(batch: WriteBatch): Promise<void> {
    this.writeSync(batch);
  }

  private readonly writePlans = new Map<CollectionDefinition, WritePlan>();

  /**
   * Declared fields are copied into columns of their own (`f_`), and string fields into French sort
   * keys (`k_`): indexes then never parse JSON, neither on write nor on read. A document written
   * again updates only the columns whose value changed: SQLite then leaves the other columns'
   * indexes alone (a dossier moving from « validé » to « affecté » rewrites two index entries, not
   * forty).
   */
  private writePlanFor(definition: CollectionDefinition): WritePlan {
    let plan = this.writePlans.get(definition);
    if (plan) return plan;
    const fields = Object.keys(definition.fields);
    const keys = this.stringFields(definition);
    const columns = [...fields.map((f) => `f_${f}`), ...keys.map((f) => `k_${f}`)];
    const t = table(definition.name);
    const updates = new Map<string, string>();
    plan = {
      select: `SELECT rowid${columns.map((c) => `, ${c}`).join('')} FROM ${t} WHERE id = ?`,
      insert: `INSERT INTO ${t} (id, doc${columns.map((c) => `, ${c}`).join('')})
               VALUES (?, ?${columns.map(() => ', ?').join('')})`,
      update: (changed) => {
        const key = changed.join(',');
        let sql = updates.get(key);
        if (!sql) {
          sql = `UPDATE ${t} SET doc = ?${changed.map((i) => `, ${columns[i]} = ?`).join('')} WHERE rowid = ?`;
          updates.set(key, sql);
        }
        return sql;
      },
      values: (doc) => [
        ...fields.map((f) => {
          const value = doc[f];
          if (value === undefined || value === null) return null;
          if (typeof value === 'boolean') return value ? 1 : 0;
          return typeof value === 'object' ? JSON.stringify(value) : (value as string | number);
        }),
        ...keys.map((f) => sortKey(doc[f])),
      ],
    };
    this.writePlans.set(definition, plan);
    return plan;
  }

  /** Writes one document (only its changed columns when it exists): its rowid, and whether new. */
  private putSync(
    definition: CollectionDefinition,
    doc: ReadModelDocument,
  ): { rowid: number; inserted: boolean } {
    const plan = this.writePlanFor(definition);
    const values = plan.values(doc as unknown as Record<string, unknown>);
    const json = JSON.stringify(doc);
    const old = this.prepare(plan.select).raw(true).get(doc.id) as
      [number, ...unknown[]] | undefined;
    if (!old) {
      const info = this.prepare(plan.insert).run(doc.id, json, ...values);
      return { rowid: Number(info.lastInsertRowid), inserted: true };
    }
    const changed: number[] = [];
    for (let i = 0; i < values.length; i += 1) if (old[i + 1] !== values[i]) changed.push(i);
    this.prepare(plan.update(changed)).run(json, ...changed.map((i) => values[i]), old[0]);
    return { rowid: old[0], inserted: false };
  }

  /** Tables whose search text this connection has indexed already (their old triggers gone). */
  private readonly searchReady = new Set<string>();

  /**
   * A document's search text and its trigram index, written by plain statements. Triggers did it
   * before: a statement that fires a trigger runs in a savepoint of its own, and FTS5 writes its
   * pending index to disk at every savepoint, a segment per document to merge again. Measured on
   * 60,000 dossiers: 203 µs a dossier's new text with the trigger, 60 µs without; allocating 60,000
   * dossiers then left the list 15 s behind the allocation. A file written by an earlier version
   * loses those triggers under the first write that indexes a text (same transaction).
   */
  private putSearch(
    t: string,
    rowid: number,
    inserted: boolean,
    text: string,
    pending: Map<string, SearchChange[]>,
  ): void {
    if (!this.searchReady.has(t)) {
      this.db.exec(`DROP TRIGGER IF EXISTS ${t}_s_ai; DROP TRIGGER IF EXISTS ${t}_s_au;`);
      this.searchReady.add(t);
    }
    const old = inserted
      ? undefined
      : (this.prepare(`SELECT search FROM ${t}_s WHERE rowid = ?`).get(rowid) as
          { search: string } | undefined);
    if (old?.search === text) return;
    if (old) this.prepare(`UPDATE ${t}_s SET search = ? WHERE rowid = ?`).run(text, rowid);
    else this.prepare(`INSERT INTO ${t}_s (rowid, search) VALUES (?, ?)`).run(rowid, text);
    const changes = pending.get(t) ?? [];
    changes.push({ rowid, old: old?.search, text });
    pending.set(t, changes);
  }

  /**
   * The batch's changes to one table's trigram index, in rowid order: FTS5 keeps a transaction's
   * pending index in memory only while rowids ascend, and writes it to disk whenever one goes
   * back (a dossier's allocation comes in name order, its rowid anywhere). Measured on 200,000
   * dossiers: 326 µs a dossier's new text in the list's order, 149 µs sorted. A rowid written twice
   * keeps its order (the sort is stable).
   */
  private flushSearch(t: string, pending: Map<string, SearchChange[]>): void {
    const changes = pending.get(t);
    if (!changes) return;
    pending.delete(t);
    changes.sort((a, b) => a.rowid - b.rowid);
    const remove = this.prepare(
      `INSERT INTO ${t}_fts (${t}_fts, rowid, search) VALUES ('delete', ?, ?)`,
    );
    const add = this.prepare(`INSERT INTO ${t}_fts (rowid, search) VALUES (?, ?)`);
    for (const { rowid, old, text } of changes) {
      if (old !== undefined) remove.run(rowid, old);
      add.run(rowid, text);
    }
  }

  private readonly writeSync = (batch: WriteBatch): void => {
    const written = new Map<string, number>();
    const pendingSearch = new Map<string, SearchChange[]>();
    this.turns.run(() =>
      this.db
        .transaction(() => {
          if (batch.lease) {
            const holder = this.queryOne<{ owner: string }>(
              'SELECT owner FROM rm_leases WHERE name = ?',
              [batch.lease.name],
            );
            if (holder?.owner !== batch.lease.owner)
              throw new StaleWriterError(
                `Bail « ${batch.lease.name} » repris par une autre instance.`,
              );
          }
          let batchSchema: Schema | undefined;
          for (const operation of batch.operations) {
            const definition = this.definitionOf(operation.collection);
            const schema = schemaOf(definition);
            if (batchSchema !== undefined && schema !== batchSchema && batch.checkpoint)
              throw new Error(
                `Les collections de la projection « ${batch.checkpoint.projection} » sont réparties sur deux fichiers : elles doivent partager leur stockage.`,
              );
            batchSchema = schema;
            const t = table(definition.name);
            written.set(t, (written.get(t) ?? 0) + 1);
            if (operation.type === 'delete') {
              // Its text leaves the index now (a trigger): the texts written before it go first.
              this.flushSearch(t, pendingSearch);
              this.prepare(`DELETE FROM ${t} WHERE id = ?`).run(operation.id);
              continue;
            }
            const doc = operation.doc as unknown as Record<string, unknown>;
            const { rowid, inserted } = this.putSync(definition, operation.doc);
            if (definition.searchFields.length > 0)
              this.putSearch(
                t,
                rowid,
                inserted,
                searchText(doc, definition.searchFields),
                pendingSearch,
              );
          }
          for (const t of [...pendingSearch.keys()]) this.flushSearch(t, pendingSearch);
          if (batch.checkpoint) {
            const { projection, position, version } = batch.checkpoint;
            // In the file of the documents it follows; a batch without documents, where it is.
            const schema = batchSchema ?? this.checkpointSchema(projection);
            const stored = this.queryOne<Checkpoint>(
              `SELECT projection, position, version FROM ${schema}.rm_checkpoints WHERE projection = ?`,
              [projection],
            );
            if (
              stored &&
              stored.version === version &&
              comparePositions(position, stored.position) < 0
            )
              throw new StaleWriterError(
                `Point de reprise de « ${projection} » : ${stored.position} ne recule pas à ${position}.`,
              );
            this.prepare(
              `INSERT INTO ${schema}.rm_checkpoints (projection, position, version) VALUES (?, ?, ?)
           ON CONFLICT(projection) DO UPDATE SET position = excluded.position, version = excluded.version`,
            ).run(projection, position, version);
            // A history's checkpoint written where its documents are: the one its first batches
            // without documents left in the lists' file goes (they wrote nothing it would miss).
            if (schema === 'history' && !this.historyCheckpoints.has(projection)) {
              this.prepare('DELETE FROM main.rm_checkpoints WHERE projection = ?').run(projection);
              this.historyCheckpoints.add(projection);
            }
          }
          // Immediate: the write lock from the start. A deferred transaction that reads first fails at
          // once (no busy wait) when another connection — the projections' thread — wrote meanwhile.
        })
        .immediate(),
    );
    this.turns.run(() => this.analyzeIfGrown(written));
  };

  /** Histories whose checkpoint this connection wrote in their file (none left in the other). */
  private readonly historyCheckpoints = new Set<string>();

  /** The file holding a projection's checkpoint: the histories' if there, else the lists'. */
  private checkpointSchema(projection: string): Schema {
    return this.queryOne('SELECT 1 FROM history.rm_checkpoints WHERE projection = ?', [projection])
      ? 'history'
      : 'main';
  }

  /**
   * A projection's checkpoint, from the file of its documents: the histories' file first (a
   * history's checkpoint written by its first batches without documents may remain in the lists'
   * file, behind it).
   */
  async getCheckpoint(projection: string): Promise<Checkpoint | null> {
    return (
      this.queryOne<Checkpoint>(
        `SELECT projection, position, version FROM history.rm_checkpoints WHERE projection = ?
         UNION ALL
         SELECT projection, position, version FROM main.rm_checkpoints WHERE projection = ?
         LIMIT 1`,
        [projection, projection],
      ) ?? null
    );
  }

  async reset(projection: string, collections: readonly CollectionDefinition[]): Promise<void> {
    this.turns.run(() =>
      this.db
        .transaction(() => {
          for (const definition of collections) {
            for (const schema of SCHEMAS) this.dropSync(definition.name, schema);
            this.definitions.delete(definition.name);
          }
          for (const schema of SCHEMAS)
            this.prepare(`DELETE FROM ${schema}.rm_checkpoints WHERE projection = ?`).run(
              projection,
            );
          this.historyCheckpoints.delete(projection);
        })
        .immediate(),
    );
    for (const definition of collections) this.ensureSync(definition);
  }

  async acquireLease(
    name: string,
    owner: string,
    ttlMs: number,
    replacing?: string,
  ): Promise<boolean> {
    const now = Date.now();
    const info = this.turns.run(() =>
      this.prepare(
        `INSERT INTO rm_leases (name, owner, expires_at) VALUES (?, ?, ?)
       ON CONFLICT(name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
       WHERE rm_leases.owner = excluded.owner OR rm_leases.expires_at < ? OR rm_leases.owner = ?`,
      ).run(name, owner, now + ttlMs, now, replacing ?? null),
    );
    return info.changes > 0;
  }

  async leaseHolder(name: string): Promise<LeaseHolder | null> {
    const row = this.queryOne<{ owner: string; expires_at: number }>(
      'SELECT owner, expires_at FROM rm_leases WHERE name = ?',
      [name],
    );
    return row ? { owner: row.owner, expiresAt: row.expires_at } : null;
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    this.turns.run(() =>
      this.prepare('DELETE FROM rm_leases WHERE name = ? AND owner = ?').run(name, owner),
    );
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
