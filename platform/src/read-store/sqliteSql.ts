import type { FieldOperators, Scalar } from './port.js';

// The SQL both the SQLite store and its collections build: table names, parameters, conditions.

/** A collection's or a field's name, safe inside SQL. */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A collection's table (`rm_` and its name, dashes as underscores). */
export const table = (name: string): string => {
  const safe = name.replace(/-/g, '_');
  if (!IDENTIFIER.test(safe)) throw new Error(`Nom de collection invalide : ${name}`);
  return `rm_${safe}`;
};

export const toParam = (value: Scalar): string | number | null =>
  typeof value === 'boolean' ? (value ? 1 : 0) : value;

/** Trigram words as an FTS5 query: each one a quoted phrase, all required. */
export const ftsQuery = (words: readonly string[]): string =>
  words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' ');

export const isOperators = (value: unknown): value is FieldOperators =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One condition of a filter: SQL for a WHERE clause, and the SELECT of the row ids it matches. */
export interface Condition {
  readonly sql: string;
  readonly params: readonly unknown[];
  readonly rowids: string;
  /** On a field without an index: checked on the rows the others give, never intersected. */
  readonly unindexed?: boolean;
}

export const whereOf = (conditions: readonly Condition[]): { sql: string; params: unknown[] } => ({
  sql: conditions.length > 0 ? `WHERE ${conditions.map((c) => c.sql).join(' AND ')}` : '',
  params: conditions.flatMap((c) => c.params),
});

/**
 * The row ids matching every condition: the indexed conditions' row ids intersected, the rows they
 * give then checked against the others (a field without an index would be a scan of the table).
 */
export const intersectionOf = (
  conditions: readonly Condition[],
  t: string,
): { sql: string; params: unknown[] } => {
  const indexed = conditions.filter((c) => !c.unindexed);
  const others = conditions.filter((c) => c.unindexed);
  if (others.length === 0)
    return {
      sql: indexed.map((c) => c.rowids).join(' INTERSECT '),
      params: indexed.flatMap((c) => c.params),
    };
  const where = others.map((c) => c.sql);
  if (indexed.length > 0)
    where.unshift(`rowid IN (${indexed.map((c) => c.rowids).join(' INTERSECT ')})`);
  return {
    sql: `SELECT rowid FROM ${t} WHERE ${where.join(' AND ')}`,
    params: [...indexed.flatMap((c) => c.params), ...others.flatMap((c) => c.params)],
  };
};
