import {
  type CollectionDefinition,
  indexedFields,
  type ReadModelDocument,
  sortKeyedFields,
} from '@examens-pro/domain/kernel';
import type {
  Collection,
  FieldOperators,
  Filter,
  GroupQuery,
  GroupRow,
  ListJsonResult,
  ListQuery,
  ListResult,
  Scalar,
  SortSpec,
} from './port.js';
import { searchWords } from './search.js';
import {
  type Condition,
  ftsQuery,
  intersectionOf,
  isOperators,
  table,
  toParam,
  whereOf,
} from './sqliteSql.js';

/** What a collection asks of its store: statements run on its connection. */
export interface SqliteQueries {
  query<R>(sql: string, params: unknown[]): R[];
  queryOne<R>(sql: string, params: unknown[]): R | undefined;
  /** Changes whenever the collection's rows may have changed (none: nothing is cached). */
  changeToken?(definition: CollectionDefinition): string;
  /**
   * Runs `read`'s statements in one read transaction: in WAL mode each statement on its own takes
   * and releases a read lock (two system calls), which cost more than a page's own work.
   */
  inOneRead?<R>(read: () => R): R;
}

/** Counts kept per collection object between changes of its file (a page's total, read again). */
const COUNTS_KEPT = 500;

/**
 * A stored document as a list gives it: whole, or only `fields` (and `id`), a field it lacks left
 * absent as MongoDB's projection does. Trimmed after parsing: 25 dossiers of 2.1 kB cost 300–355 µs
 * of CPU a page (read, parse, serialise) against 390–440 whole; SQLite's `json_object` over the
 * fields measured the same within noise (290–330) but answers a missing field as null.
 */
const documentReader = <T>(fields: readonly string[] | undefined): ((doc: string) => T) => {
  if (!fields) return (doc) => JSON.parse(doc) as T;
  const kept = fields.includes('id') ? fields : ['id', ...fields];
  return (doc) => {
    const whole = JSON.parse(doc) as Record<string, unknown>;
    const trimmed: Record<string, unknown> = {};
    for (const field of kept) if (Object.hasOwn(whole, field)) trimmed[field] = whole[field];
    return trimmed as T;
  };
};

/** One collection of the SQLite read store: its lists, counts, groups and streams. */
export class SqliteCollection<T extends ReadModelDocument> implements Collection<T> {
  private readonly t: string;
  /** The fields with an index on their value (`id` always). */
  private readonly indexed: ReadonlySet<string>;

  constructor(
    private readonly store: SqliteQueries,
    private readonly definition: CollectionDefinition,
  ) {
    this.t = table(definition.name);
    this.indexed = new Set(['id', ...indexedFields(definition)]);
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
    let indexed = true;
    const field = (sql: string, params: unknown[] = []): void => {
      conditions.push({
        sql,
        params,
        rowids: `SELECT rowid FROM ${this.t} WHERE ${sql}`,
        ...(indexed ? {} : { unindexed: true }),
      });
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
      indexed = this.indexed.has(name);
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
    return type && this.indexed.has(field) ? `${this.t}_${field}` : undefined;
  }

  /**
   * SQLite's planner ignores LIMIT: given `actif = 1` and a sort, it fetches every active row and
   * sorts them all. Here the plan follows the number of matching rows instead: many → walk the sort
   * index and keep the matches until the page is full; few → fetch them and sort.
   */
  async list(query: ListQuery): Promise<ListResult<T>> {
    const { docs, total } = this.inOneRead(() => this.page(query, documentReader<T>(query.fields)));
    return { items: docs, total };
  }

  /**
   * The page as stored: each document's JSON text joined into an array, never parsed. With
   * `fields`, the documents are trimmed as `list` trims them, then serialised once: SQLite's own
   * trimming (`json_each` per row) measured 724 µs a page of 25 dossiers against 267 here.
   */
  async listJson(query: ListQuery): Promise<ListJsonResult> {
    if (query.fields) {
      const { items, total } = await this.list(query);
      return { json: JSON.stringify(items), count: items.length, total };
    }
    const { docs, total } = this.inOneRead(() => this.page(query, (doc) => doc));
    return { json: `[${docs.join(',')}]`, count: docs.length, total };
  }

  /** A page's statements in one read transaction where the store offers it (see `SqliteQueries`). */
  private inOneRead<R>(read: () => R): R {
    return this.store.inOneRead ? this.store.inOneRead(read) : read();
  }

  /** The page's documents (each read by `read`) and the total: see `list`. */
  private page<D>(query: ListQuery, read: (doc: string) => D): { docs: D[]; total: number } {
    const limit = query.limit ?? -1;
    const skip = query.skip ?? 0;
    const filter = query.filter ?? {};
    const words = filter.$q !== undefined ? searchWords(filter.$q) : undefined;
    const fieldConditions = Object.entries(filter).some(([k, v]) => k !== '$q' && v !== undefined);
    let matches = this.searchCount(filter);
    // Rowids only grow, so the largest one estimates the table's size at the cost of one lookup.
    // Only a filter or a search chooses its plan by it: a plain page reads it for nothing.
    const rows = Object.values(filter).some((v) => v !== undefined)
      ? (this.store.queryOne<{ n: number }>(`SELECT max(rowid) AS n FROM ${this.t}`, [])?.n ?? 0)
      : 0;
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
    if (candidates === 0) return { docs: [], total: 0 };
    // The rows a filter matches are the row ids its conditions' own indexes give, intersected:
    // which index SQLite would pick does not matter (with sampled statistics it picked the sexe's,
    // half the table, over the métier's). Walking the sort index, each row id is checked against
    // that set, so no row of the table is read until the page is known (a session's dossiers
    // sorted by number, 58 → 12 ms at 200,000 dossiers: they sit in one stretch of the index).
    // A filter matching most rows walks the index reading the few rows it passes instead (cheaper
    // than building the set).
    const matching =
      conditions.length > 0 && (!index || (candidates !== undefined && candidates <= rows / 2))
        ? intersectionOf(conditions, this.t)
        : undefined;
    const from = `${this.t}${index ? ` INDEXED BY ${index}` : ''}`;
    const where = matching ? `WHERE rowid IN (${matching.sql})` : sql;
    const page = `${where} ${this.orderBy(query.sort)} LIMIT ? OFFSET ?`;
    const pageParams = [...(matching ? matching.params : params), limit, skip];
    // Sorted by SQLite (no index walked): row ids first, then the page's documents, so that the
    // sort carries ids, not every matching document.
    const docs =
      !index && conditions.length > 0
        ? this.docsByRowid(
            this.store
              .query<{ r: number }>(`SELECT rowid AS r FROM ${from} ${page}`, pageParams)
              .map((row) => row.r),
            read,
          )
        : this.store
            .query<{ doc: string }>(`SELECT doc FROM ${from} ${page}`, pageParams)
            .map((row) => read(row.doc));
    if (total === undefined) {
      // Without a count yet, it is only needed when the page is full or starts past the first row.
      total =
        (limit < 0 || docs.length < limit) && (docs.length > 0 || skip === 0)
          ? skip + docs.length
          : this.countSync(conditions);
    }
    return { docs, total };
  }

  /** Documents in the order of their row ids, fetched by primary key (one statement for any count). */
  private docsByRowid<D>(rowids: readonly number[], read: (doc: string) => D): D[] {
    if (rowids.length === 0) return [];
    const byRowid = new Map<number, string>();
    for (const row of this.store.query<{ r: number; doc: string }>(
      `SELECT rowid AS r, doc FROM ${this.t} WHERE rowid IN (SELECT value FROM json_each(?))`,
      [JSON.stringify(rowids)],
    ))
      byRowid.set(row.r, row.doc);
    return rowids.flatMap((r) => {
      const doc = byRowid.get(r);
      return doc === undefined ? [] : [read(doc)];
    });
  }

  /**
   * Several conditions are counted as the intersection of their indexes' row ids: SQLite would use
   * one index and read every row it finds to check the others (32 ms against 7 for two conditions
   * matching 50,000 dossiers each).
   */
  private countSync(conditions: readonly Condition[]): number {
    const token = this.store.changeToken?.(this.definition);
    if (token === undefined) return this.countNow(conditions);
    // Every full page needs its total: counting 200,000 dossiers again for each page costs more
    // than the page itself. Kept until a commit to the file (any connection) or a write here.
    if (token !== this.countsToken) {
      this.counts.clear();
      this.countsToken = token;
    }
    const key = JSON.stringify(conditions.map((c) => [c.sql, c.params]));
    let n = this.counts.get(key);
    if (n === undefined) {
      n = this.countNow(conditions);
      if (this.counts.size >= COUNTS_KEPT) this.counts.clear();
      this.counts.set(key, n);
    }
    return n;
  }

  private readonly counts = new Map<string, number>();
  private countsToken = '';

  private countNow(conditions: readonly Condition[]): number {
    if (conditions.filter((c) => !c.unindexed).length >= 2) {
      const { sql, params } = intersectionOf(conditions, this.t);
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
