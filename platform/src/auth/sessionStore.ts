import Database from 'better-sqlite3';
import type { Redis } from 'ioredis';

/**
 * Where sessions live: the store interface of @fastify/session (callbacks), with an expiry taken
 * from the session's cookie so that an idle session disappears on its own.
 */
export interface SessionRecord {
  cookie?: { expires?: string | Date | null; originalMaxAge?: number | null };
  [key: string]: unknown;
}

type Callback = (error?: unknown) => void;
type GetCallback = (error: unknown, session?: SessionRecord | null) => void;

export interface SessionStorePort {
  set(sessionId: string, session: SessionRecord, callback: Callback): void;
  get(sessionId: string, callback: GetCallback): void;
  destroy(sessionId: string, callback: Callback): void;
  close(): Promise<void>;
}

const DEFAULT_TTL_MS = 30 * 60_000;

const expiryOf = (session: SessionRecord, now: number): number => {
  const expires = session.cookie?.expires;
  const at = expires ? new Date(expires).getTime() : NaN;
  return Number.isFinite(at) ? at : now + DEFAULT_TTL_MS;
};

/** Embedded default: a table in DATA_DIR/sessions.db (survives a restart). */
export class SqliteSessionStore implements SessionStorePort {
  private readonly db: Database.Database;
  private readonly getStatement;
  private readonly setStatement;
  private readonly deleteStatement;
  private readonly purgeStatement;
  private writes = 0;

  constructor(filename: string) {
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, data TEXT NOT NULL, expires INTEGER NOT NULL)',
    );
    this.getStatement = this.db.prepare<[string, number], { data: string }>(
      'SELECT data FROM sessions WHERE id = ? AND expires > ?',
    );
    this.setStatement = this.db.prepare(
      'INSERT INTO sessions (id, data, expires) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, expires = excluded.expires',
    );
    this.deleteStatement = this.db.prepare('DELETE FROM sessions WHERE id = ?');
    this.purgeStatement = this.db.prepare('DELETE FROM sessions WHERE expires <= ?');
  }

  set(sessionId: string, session: SessionRecord, callback: Callback): void {
    try {
      const now = Date.now();
      this.setStatement.run(sessionId, JSON.stringify(session), expiryOf(session, now));
      // Expired rows are swept now and then rather than on every write.
      if (++this.writes % 500 === 0) this.purgeStatement.run(now);
      callback();
    } catch (error) {
      callback(error);
    }
  }

  get(sessionId: string, callback: GetCallback): void {
    try {
      const row = this.getStatement.get(sessionId, Date.now());
      callback(null, row ? (JSON.parse(row.data) as SessionRecord) : null);
    } catch (error) {
      callback(error);
    }
  }

  destroy(sessionId: string, callback: Callback): void {
    try {
      this.deleteStatement.run(sessionId);
      callback();
    } catch (error) {
      callback(error);
    }
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/** Distributed mode: one key per session with Redis's own expiry, shared by every replica. */
export class RedisSessionStore implements SessionStorePort {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'examens:session:',
  ) {}

  set(sessionId: string, session: SessionRecord, callback: Callback): void {
    const ttl = Math.max(1, expiryOf(session, Date.now()) - Date.now());
    this.redis
      .set(this.prefix + sessionId, JSON.stringify(session), 'PX', ttl)
      .then(() => callback(), callback);
  }

  get(sessionId: string, callback: GetCallback): void {
    this.redis
      .get(this.prefix + sessionId)
      .then((data) => callback(null, data ? (JSON.parse(data) as SessionRecord) : null), callback);
  }

  destroy(sessionId: string, callback: Callback): void {
    this.redis.del(this.prefix + sessionId).then(() => callback(), callback);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
