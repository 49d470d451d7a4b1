import Database from 'better-sqlite3';
import {
  comparePositions,
  type CollectionDefinition,
  type ReadModelDocument,
  sortKeyedFields,
} from '@examens-pro/domain';
import { StaleWriterError } from './port.js';
import type {
  Checkpoint,
  LeaseHolder,
  Collection,
  FieldOperators,
  Filter,
  GroupQuery,
  GroupRow,
  ListQuery,
  ListResult,
  ReadStore,
  Scalar,
  SortSpec,
  WriteBatch,
} from './port.js';
import { searchText, searchWords, sortKey } from './search.js';
import { WriteTurns, writeTurnsMemory } from './writeTurns.js';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Bumped when the table layout changes: tables are then recreated and every projection rebuilt. */
const STORAGE_FORMAT = 4;

const table = (name: string): string => {
  const safe = name.replace(/-/g, '_');
  if (!IDENTIFIER.test(safe)) throw new Error(`Nom de collection invalide : ${name}`);
  return `rm_${safe}`;
};

const toParam = (value: Scalar): string | number | null =>
  typeof value === 'boolean' ? (value ? 1 : 0) : value;

/** Trigram words as an FTS5 query: each one a quoted phrase, all required. */
const ftsQuery = (words: readonly string[]): string =>
  words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' ');

const isOperators = (value: unknown): value is FieldOperators =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One condition of a filter: SQL for a WHERE clause, and the SELECT of the row ids it matches. */
interface Condition {
  readonly sql: string;
  readonly params: readonly unknown[];
  readonly rowids: string;
}

const whereOf = (conditions: readonly Condition[]): { sql: string; params: unknown[] } => ({
  sql: conditions.length > 0 ? `WHERE ${conditions.map((c) => c.sql).join(' AND ')}` : '',
  params: conditions.flatMap((c) => c.params),
});

const intersectionOf = (conditions: readonly Condition[]): { sql: string; params: unknown[] } => ({
  sql: conditions.map((c) => c.rowids).join(' INTERSECT '),
  params: conditions.flatMap((c) => c.params),
});

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
  constructor(filename: string, options: { readonly refreshStatistics?: boolean } = {}) {
    this.db = new Database(filename);
    // Several threads of this process may write the file (the projections' own): in turns.
    this.turns = new WriteTurns(writeTurnsMemory(filename));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    // Lists sort and filter over hundreds of thousands of rows: keep them in memory-mapped pages.
    this.db.pragma('mmap_size = 1073741824');
    this.db.pragma('cache_size = -65536');
    // ANALYZE samples about a thousand rows per index: the planner's statistics stay as good, and an
    // analysis runs in tens of milliseconds instead of a second or two at 200,000 rows (it holds the
    // event loop: commands waited behind it).
    this.db.pragma('analysis_limit = 1000');
    // Planner statistics: without them SQLite filters on `actif` and sorts 100,000 rows instead of
    // walking the sort index. Refreshed at open (by the writer) and each time a table has doubled.
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS rm_collections (name TEXT PRIMARY KEY, definition TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS rm_checkpoints (projection TEXT PRIMARY KEY, position TEXT NOT NULL, version TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS rm_leases (name TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at INTEGER NOT NULL);
    `);
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
    const storedNow = () =>
      this.db
        .prepare<[string], { definition: string }>(
          'SELECT definition FROM rm_collections WHERE name = ?',
        )
        .get(definition.name);
    if (storedNow()?.definition === serialized) {
      this.definitions.set(definition.name, definition);
      return;
    }
    // Read again and reshaped under one write lock: another connection (the projections' thread)
    // declaring the same collection at the same time finds it done, and never drops it again.
    this.turns.run(() =>
      this.db
        .transaction(() => {
          const stored = storedNow();
          if (stored && stored.definition !== serialized) {
            this.dropSync(definition.name);
            // Which projection filled the table is not known here: every one starts again from zero.
            this.db.exec('DELETE FROM rm_checkpoints');
          }
          if (!stored || stored.definition !== serialized) this.createSync(definition, serialized);
        })
        .immediate(),
    );
    this.definitions.set(definition.name, definition);
  }

  private createSync(definition: CollectionDefinition, serialized: string): void {
    const t = table(definition.name);
    const keyColumns = Object.keys(definition.fields)
      .map((f) => `, f_${f}`)
      .concat(this.stringFields(definition).map((f) => `, k_${f} TEXT`))
      .join('');
    const indexes = Object.keys(definition.fields)
      .map((f) => `CREATE INDEX IF NOT EXISTS ${t}_${f} ON ${t} (f_${f});`)
      .concat(
        this.stringFields(definition).map(
          (f) => `CREATE INDEX IF NOT EXISTS ${t}_k_${f} ON ${t} (k_${f});`,
        ),
      )
      .join('\n');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS ${t} (
        rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL${keyColumns}
      );
      ${indexes}
      -- The search text lives in a narrow table of its own (same rowid): words too short for the
      -- trigram index are found by scanning it, a tenth of the bytes of the documents.
      CREATE TABLE IF NOT EXISTS ${t}_s (rowid INTEGER PRIMARY KEY, search TEXT NOT NULL);
      CREATE TRIGGER IF NOT EXISTS ${t}_ad AFTER DELETE ON ${t} BEGIN
        DELETE FROM ${t}_s WHERE rowid = old.rowid;
      END;
      CREATE VIRTUAL TABLE IF NOT EXISTS ${t}_fts USING fts5(search, content='${t}_s', content_rowid='rowid', tokenize='trigram');
      -- Written texts are indexed by the writer itself (\`putSearch\`); a deletion, rarer, here.
      CREATE TRIGGER IF NOT EXISTS ${t}_s_ad AFTER DELETE ON ${t}_s BEGIN
        INSERT INTO ${t}_fts (${t}_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
      END;
    `);
    this.db
      .prepare(
        'INSERT INTO rm_collections (name, definition) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET definition = excluded.definition',
      )
      .run(definition.name, serialized);
  }

  private dropSync(name: string): void {
    const t = table(name);
    this.db.exec(
      `DROP TABLE IF EXISTS ${t}_fts; DROP TABLE IF EXISTS ${t}_s; DROP TABLE IF EXISTS ${t};`,
    );
    this.db.prepare('DELETE FROM rm_collections WHERE name = ?').run(name);
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
          for (const operation of batch.operations) {
            const definition = this.definitionOf(operation.collection);
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
            const stored = this.queryOne<Checkpoint>(
              'SELECT projection, position, version FROM rm_checkpoints WHERE projection = ?',
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
              `INSERT INTO rm_checkpoints (projection, position, version) VALUES (?, ?, ?)
           ON CONFLICT(projection) DO UPDATE SET position = excluded.position, version = excluded.version`,
            ).run(projection, position, version);
          }
          // Immediate: the write lock from the start. A deferred transaction that reads first fails at
          // once (no busy wait) when another connection — the projections' thread — wrote meanwhile.
        })
        .immediate(),
    );
    this.turns.run(() => this.analyzeIfGrown(written));
  };

  async getCheckpoint(projection: string): Promise<Checkpoint | null> {
    return (
      this.queryOne<Checkpoint>(
        'SELECT projection, position, version FROM rm_checkpoints WHERE projection = ?',
        [projection],
      ) ?? null
    );
  }

  async reset(projection: string, collections: readonly CollectionDefinition[]): Promise<void> {
    this.turns.run(() =>
      this.db
        .transaction(() => {
          for (const definition of collections) {
            this.dropSync(definition.name);
            this.definitions.delete(definition.name);
          }
          this.prepare('DELETE FROM rm_checkpoints WHERE projection = ?').run(projection);
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

class SqliteCollection<T extends ReadModelDocument> implements Collection<T> {
  private readonly t: string;

  constructor(
    private readonly store: SqliteReadStore,
    private readonly definition: CollectionDefinition,
  ) {
    this.t = table(definition.name);
  }

  private fieldExpression(field: string): string {
    if (field === 'id') return 'id';
    if (!Object.hasOwn(this.definition.fields, field))
      throw new Error(`Champ non déclaré : ${field}`);
    return `f_${field}`;
  }

  /**
   * The filter's conditions, each on its own: its SQL (for a WHERE) and the SELECT of the row ids it
   * matches, read from one index alone (for an INTERSECT: several conditions are then counted, or a
   * sort index walked, without reading a single row of the table).
   * `scanSearch`: search every word with instr() instead of the trigram index, for searches whose
   * trigram words match most rows anyway (the index would only add a huge list of row ids).
   */
  private conditions(filter: Filter = {}, scanSearch = false): Condition[] {
    const conditions: Condition[] = [];
    const field = (sql: string, params: unknown[] = []): void => {
      conditions.push({ sql, params, rowids: `SELECT rowid FROM ${this.t} WHERE ${sql}` });
    };
    for (const [name, condition] of Object.entries(filter)) {
      if (condition === undefined) continue;
      if (name === '$q') {
        const words = searchWords(String(condition));
        const trigram = scanSearch ? [] : words.trigram;
        const short = scanSearch ? [...words.trigram, ...words.short] : words.short;
        const fts = `SELECT rowid FROM ${this.t}_fts WHERE ${this.t}_fts MATCH ?`;
        if (short.length === 0) {
          conditions.push({ sql: `rowid IN (${fts})`, params: [ftsQuery(trigram)], rowids: fts });
          continue;
        }
        const inner = [
          ...(trigram.length > 0 ? [`rowid IN (${fts})`] : []),
          ...short.map(() => 'instr(search, ?) > 0'),
        ];
        const rowids = `SELECT rowid FROM ${this.t}_s WHERE ${inner.join(' AND ')}`;
        conditions.push({
          sql: `rowid IN (${rowids})`,
          params: [...(trigram.length > 0 ? [ftsQuery(trigram)] : []), ...short],
          rowids,
        });
        continue;
      }
      const expression = this.fieldExpression(name);
      const operators: FieldOperators = isOperators(condition)
        ? condition
        : { $eq: condition as Scalar };
      for (const [operator, value] of Object.entries(operators)) {
        if (value === undefined) continue;
        switch (operator) {
          case '$eq':
            if (value === null) field(`${expression} IS NULL`);
            else field(`${expression} = ?`, [toParam(value as Scalar)]);
            break;
          case '$ne':
            if (value === null) field(`${expression} IS NOT NULL`);
            else field(`(${expression} IS NULL OR ${expression} <> ?)`, [toParam(value as Scalar)]);
            break;
          case '$in': {
            const values = value as Scalar[];
            if (values.length === 0) field('0');
            else
              field(`${expression} IN (${values.map(() => '?').join(', ')})`, values.map(toParam));
            break;
          }
          case '$gt':
          case '$gte':
          case '$lt':
          case '$lte': {
            const sign = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[operator];
            field(`${expression} ${sign} ?`, [value]);
            break;
          }
          default:
            throw new Error(`Opérateur inconnu : ${operator}`);
        }
      }
    }
    return conditions;
  }

  private where(filter: Filter = {}, scanSearch = false): { sql: string; params: unknown[] } {
    return whereOf(this.conditions(filter, scanSearch));
  }

  private orderBy(sort: readonly SortSpec[] | undefined): string {
    const specs = sort && sort.length > 0 ? sort : [this.definition.defaultSort];
    const parts = specs.map(({ field, order }) => {
      const direction = order === 'DESC' ? 'DESC' : 'ASC';
      const expression = sortKeyedFields(this.definition).includes(field)
        ? `k_${field}`
        : this.fieldExpression(field);
      return `${expression} ${direction}`;
    });
    // Ties keep insertion order: rowid is in every index, in the direction the index is walked, so
    // a sort on a field with many equal values still reads its index in order instead of sorting.
    const last = specs[specs.length - 1]?.order === 'DESC' ? 'DESC' : 'ASC';
    if (!specs.some((s) => s.field === 'id')) parts.push(`rowid ${last}`);
    return `ORDER BY ${parts.join(', ')}`;
  }

  async get(id: string): Promise<T | null> {
    const row = this.store.queryOne<{ doc: string }>(`SELECT doc FROM ${this.t} WHERE id = ?`, [
      id,
    ]);
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  async getMany(ids: readonly string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    const rows = this.store.query<{ doc: string }>(
      `SELECT doc FROM ${this.t} WHERE id IN (${ids.map(() => '?').join(', ')})`,
      [...ids],
    );
    const byId = new Map<string, T>();
    for (const row of rows) {
      const doc = JSON.parse(row.doc) as T;
      byId.set(doc.id, doc);
    }
    return ids.flatMap((id) => {
      const doc = byId.get(id);
      return doc ? [doc] : [];
    });
  }

  /** Rows a search alone matches, straight from the trigram index (a few ms even for 200,000 rows). */
  private searchCount(filter: Filter | undefined): number | undefined {
    if (!filter?.$q) return undefined;
    const { trigram } = searchWords(filter.$q);
    if (trigram.length === 0) return undefined;
    return (
      this.store.queryOne<{ n: number }>(
        `SELECT count(*) AS n FROM ${this.t}_fts WHERE ${this.t}_fts MATCH ?`,
        [ftsQuery(trigram)],
      )?.n ?? 0
    );
  }

  /** The index that walks rows in the order of the first sort field, if there is one. */
  private sortIndex(sort: readonly SortSpec[] | undefined): string | undefined {
    const field = (sort && sort[0]?.field) ?? this.definition.defaultSort.field;
    const type = this.definition.fields[field];
    if (type === 'string' && sortKeyedFields(this.definition).includes(field))
      return `${this.t}_k_${field}`;
    return type ? `${this.t}_${field}` : undefined;
  }

  /**
   * SQLite's planner ignores LIMIT: given `actif = 1` and a sort, it fetches every active row and
   * sorts them all. Here the plan follows the number of matching rows instead: many → walk the sort
   * index and keep the matches until the page is full; few → fetch them and sort.
   */
  async list(query: ListQuery): Promise<ListResult<T>> {
    const limit = query.limit ?? -1;
    const skip = query.skip ?? 0;
    const filter = query.filter ?? {};
    const words = filter.$q !== undefined ? searchWords(filter.$q) : undefined;
    const fieldConditions = Object.entries(filter).some(([k, v]) => k !== '$q' && v !== undefined);
    let matches = this.searchCount(filter);
    // Rowids only grow, so the largest one estimates the table's size at the cost of one lookup.
    const rows =
      this.store.queryOne<{ n: number }>(`SELECT max(rowid) AS n FROM ${this.t}`, [])?.n ?? 0;
    // Trigram words that match most rows anyway: scanning for every word beats a huge list of ids.
    const scanSearch = matches !== undefined && words!.short.length > 0 && matches > rows / 4;
    if (scanSearch) matches = undefined;
    const conditions = this.conditions(filter, scanSearch);
    const { sql, params } = whereOf(conditions);
    const scansWords = words !== undefined && (scanSearch || words.short.length > 0);

    let total: number | undefined;
    if (fieldConditions || scansWords) total = this.countSync(conditions);
    else if (matches !== undefined) total = matches;
    const candidates = total ?? matches;
    const many = candidates !== undefined && candidates > Math.max(2000, rows / 20);
    const index = many ? this.sortIndex(query.sort) : undefined;
    if (candidates === 0) return { items: [], total: 0 };
    // The rows a filter matches are the row ids its conditions' own indexes give, intersected:
    // which index SQLite would pick does not matter (with sampled statistics it picked the sexe's,
    // half the table, over the métier's). Walking the sort index, each row id is checked against
    // that set, so no row of the table is read until the page is known (a session's dossiers
    // sorted by number, 58 → 12 ms at 200,000 dossiers: they sit in one stretch of the index).
    // A filter matching most rows walks the index reading the few rows it passes instead (cheaper
    // than building the set).
    const matching =
      conditions.length > 0 && (!index || (candidates !== undefined && candidates <= rows / 2))
        ? intersectionOf(conditions)
        : undefined;
    const from = `${this.t}${index ? ` INDEXED BY ${index}` : ''}`;
    const where = matching ? `WHERE rowid IN (${matching.sql})` : sql;
    const page = `${where} ${this.orderBy(query.sort)} LIMIT ? OFFSET ?`;
    const pageParams = [...(matching ? matching.params : params), limit, skip];
    // Sorted by SQLite (no index walked): row ids first, then the page's documents, so that the
    // sort carries ids, not every matching document.
    const items =
      !index && conditions.length > 0
        ? this.docsByRowid(
            this.store
              .query<{ r: number }>(`SELECT rowid AS r FROM ${from} ${page}`, pageParams)
              .map((row) => row.r),
          )
        : this.store
            .query<{ doc: string }>(`SELECT doc FROM ${from} ${page}`, pageParams)
            .map((row) => JSON.parse(row.doc) as T);
    if (total === undefined) {
      // Without a count yet, it is only needed when the page is full or starts past the first row.
      total =
        (limit < 0 || items.length < limit) && (items.length > 0 || skip === 0)
          ? skip + items.length
          : this.countSync(conditions);
    }
    return { items, total };
  }

  /** Documents in the order of their row ids, fetched by primary key (one statement for any count). */
  private docsByRowid(rowids: readonly number[]): T[] {
    if (rowids.length === 0) return [];
    const byRowid = new Map<number, string>();
    for (const row of this.store.query<{ r: number; doc: string }>(
      `SELECT rowid AS r, doc FROM ${this.t} WHERE rowid IN (SELECT value FROM json_each(?))`,
      [JSON.stringify(rowids)],
    ))
      byRowid.set(row.r, row.doc);
    return rowids.flatMap((r) => {
      const doc = byRowid.get(r);
      return doc === undefined ? [] : [JSON.parse(doc) as T];
    });
  }

  /**
   * Several conditions are counted as the intersection of their indexes' row ids: SQLite would use
   * one index and read every row it finds to check the others (32 ms against 7 for two conditions
   * matching 50,000 dossiers each).
   */
  private countSync(conditions: readonly Condition[]): number {
    if (conditions.length >= 2) {
      const { sql, params } = intersectionOf(conditions);
      return (
        this.store.queryOne<{ n: number }>(`SELECT count(*) AS n FROM (${sql})`, params)?.n ?? 0
      );
    }
    const { sql, params } = whereOf(conditions);
    return (
      this.store.queryOne<{ n: number }>(`SELECT count(*) AS n FROM ${this.t} ${sql}`, params)?.n ??
      0
    );
  }

  async count(filter?: Filter): Promise<number> {
    return this.countSync(this.conditions(filter));
  }

  async group(query: GroupQuery): Promise<GroupRow[]> {
    const { sql, params } = this.where(query.filter);
    const keys = query.by.map((field, i) => `${this.fieldExpression(field)} AS g${i}`);
    const sums = (query.sum ?? []).map(
      (field, i) => `coalesce(sum(${this.fieldExpression(field)}), 0) AS s${i}`,
    );
    const groupBy =
      query.by.length > 0 ? `GROUP BY ${query.by.map((_, i) => `g${i}`).join(', ')}` : '';
    const rows = this.store.query<Record<string, Scalar>>(
      `SELECT ${[...keys, 'count(*) AS n', ...sums].join(', ')} FROM ${this.t} ${sql} ${groupBy} ${groupBy ? `ORDER BY ${query.by.map((_, i) => `g${i}`).join(', ')}` : ''}`,
      params,
    );
    return rows.map((row) => ({
      key: Object.fromEntries(
        query.by.map((field, i) => {
          const value = row[`g${i}`] ?? null;
          return [
            field,
            this.definition.fields[field] === 'boolean' && value !== null ? value === 1 : value,
          ];
        }),
      ),
      count: Number(row.n),
      sums: Object.fromEntries(
        (query.sum ?? []).map((field, i) => [field, Number(row[`s${i}`] ?? 0)]),
      ),
    }));
  }

  async *stream(
    query: Omit<ListQuery, 'skip' | 'limit'> & { batchSize?: number },
  ): AsyncIterable<T> {
    const batchSize = query.batchSize ?? 1000;
    const { sql, params } = this.where(query.filter);
    const order = this.orderBy(query.sort);
    // The matching rows' ids in order first (a few bytes each), then their documents batch by
    // batch: each batch reads its own rows only. LIMIT … OFFSET read again, filtered and sorted,
    // every row before the batch (200,000 dossiers in batches of 5,000: four million rows read).
    const rowids = this.store.query<{ rowid: number }>(
      `SELECT rowid FROM ${this.t} ${sql} ${order}`,
      params,
    );
    for (let i = 0; i < rowids.length; i += batchSize) {
      const slice = rowids.slice(i, i + batchSize).map((row) => row.rowid);
      const docs = new Map(
        this.store
          .query<{ rowid: number; doc: string }>(
            `SELECT rowid, doc FROM ${this.t} WHERE rowid IN (SELECT value FROM json_each(?))`,
            [JSON.stringify(slice)],
          )
          .map((row) => [row.rowid, row.doc]),
      );
      // A row deleted since the ids were read is skipped.
      for (const rowid of slice) {
        const doc = docs.get(rowid);
        if (doc !== undefined) yield JSON.parse(doc) as T;
      }
    }
  }
}
