import Database from 'better-sqlite3';

/** What an event-store file holds: its number of events and the position of the last one. */
export interface EventStoreSummary {
  readonly events: number;
  /** '0' when empty. */
  readonly headPosition: string;
}

export class DamagedEventStoreError extends Error {}

/** The whole database in one step: one read transaction, so one consistent snapshot. */
const ALL_PAGES = 0x7fffffff;

/**
 * Checks a closed SQLite event-store file (`PRAGMA integrity_check`) and counts its events.
 * Throws DamagedEventStoreError (French message) when the file is not a sound event store.
 */
export const inspectSqliteEventStore = (file: string): EventStoreSummary => {
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch (error) {
    throw new DamagedEventStoreError(
      `Journal d’événements illisible (${(error as Error).message}).`,
    );
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      throw new DamagedEventStoreError(`Journal d’événements endommagé (${String(integrity)}).`);
    const row = db
      .prepare<[], { events: number; head: number | bigint | null }>(
        'SELECT count(*) AS events, max(position) AS head FROM events',
      )
      .get();
    return { events: row?.events ?? 0, headPosition: String(row?.head ?? 0) };
  } catch (error) {
    if (error instanceof DamagedEventStoreError) throw error;
    throw new DamagedEventStoreError(
      `Journal d’événements illisible (${(error as Error).message}).`,
    );
  } finally {
    db.close();
  }
};

/**
 * Online backup of the SQLite event store at `source` into a new file `destination`, while the
 * product may keep appending: a second, read-only connection copies every page in one step (one
 * read transaction of the WAL, so a consistent snapshot that never blocks writers), then the copy
 * is made a self-contained file (rollback journal, no -wal beside it), checked and counted.
 */
export const backupSqliteEventStore = async (
  source: string,
  destination: string,
): Promise<EventStoreSummary> => {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  const copy = new Database(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return inspectSqliteEventStore(destination);
};
