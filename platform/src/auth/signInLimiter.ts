import Database from 'better-sqlite3';
import type { Redis } from 'ioredis';

/**
 * Failed sign-ins per login: after `maxFailures` within `windowMs`, further attempts are refused
 * until `windowMs` after the last counted failure. Refused attempts are not counted (the lock does
 * not grow while someone keeps trying), a success clears the count.
 */
export interface SignInLimiter {
  /** Epoch ms until which the login is locked, or null. */
  lockedUntil(login: string, now: number): Promise<number | null>;
  recordFailure(login: string, now: number): Promise<void>;
  clear(login: string): Promise<void>;
  close(): Promise<void>;
}

/** How many failures within which window lock a key. */
export interface FailureLimit {
  readonly maxFailures: number;
  readonly windowMs: number;
}

export const SIGN_IN_LIMIT: FailureLimit = { maxFailures: 10, windowMs: 15 * 60_000 };

/**
 * The public results lookup: 5 failed attempts per numéro de candidat within an hour lock that
 * number for the hour (the same limiter as sign-ins, keyed by the number).
 */
export const RESULTS_LOOKUP_LIMIT: FailureLimit = { maxFailures: 5, windowMs: 60 * 60_000 };

const lockFrom = (limit: FailureLimit, failures: readonly number[], now: number): number | null => {
  const { maxFailures, windowMs } = limit;
  const recent = failures.filter((at) => at > now - windowMs).sort((a, b) => a - b);
  if (recent.length < maxFailures) return null;
  const until = recent[recent.length - 1]! + windowMs;
  return until > now ? until : null;
};

export class SqliteSignInLimiter implements SignInLimiter {
  private readonly db: Database.Database;
  private readonly table: string;
  private readonly limit: FailureLimit;

  /** `table`: one per use (sign-ins, results lookups), in the same file. */
  constructor(
    filename: string,
    options: { readonly table?: string; readonly limit?: FailureLimit } = {},
  ) {
    this.table = options.table ?? 'sign_in_failures';
    if (!/^[a-z_]+$/.test(this.table)) throw new Error(`Nom de table invalide : ${this.table}`);
    this.limit = options.limit ?? SIGN_IN_LIMIT;
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${this.table} (login TEXT NOT NULL, at INTEGER NOT NULL); CREATE INDEX IF NOT EXISTS ${this.table}_login ON ${this.table} (login, at)`,
    );
  }

  async lockedUntil(login: string, now: number): Promise<number | null> {
    const rows = this.db
      .prepare<[string, number], { at: number }>(
        `SELECT at FROM ${this.table} WHERE login = ? AND at > ?`,
      )
      .all(login, now - this.limit.windowMs);
    return lockFrom(
      this.limit,
      rows.map((r) => r.at),
      now,
    );
  }

  async recordFailure(login: string, now: number): Promise<void> {
    this.db.transaction(() => {
      this.db
        .prepare(`DELETE FROM ${this.table} WHERE login = ? AND at <= ?`)
        .run(login, now - this.limit.windowMs);
      this.db.prepare(`INSERT INTO ${this.table} (login, at) VALUES (?, ?)`).run(login, now);
    })();
  }

  async clear(login: string): Promise<void> {
    this.db.prepare(`DELETE FROM ${this.table} WHERE login = ?`).run(login);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/** A sorted set per login (score = time), trimmed to the window; shared by every replica. */
export class RedisSignInLimiter implements SignInLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'examens:echecs-connexion:',
    private readonly limit: FailureLimit = SIGN_IN_LIMIT,
  ) {}

  async lockedUntil(login: string, now: number): Promise<number | null> {
    const members = await this.redis.zrangebyscore(
      this.prefix + login,
      now - this.limit.windowMs + 1,
      '+inf',
    );
    return lockFrom(
      this.limit,
      members.map((member) => parseInt(member, 10)),
      now,
    );
  }

  async recordFailure(login: string, now: number): Promise<void> {
    const key = this.prefix + login;
    await this.redis
      .multi()
      .zremrangebyscore(key, '-inf', now - this.limit.windowMs)
      // A member per failure: the time plus a random suffix, so two failures in one ms both count.
      .zadd(key, now, `${now}-${Math.random().toString(36).slice(2)}`)
      .pexpire(key, this.limit.windowMs * 2)
      .exec();
  }

  async clear(login: string): Promise<void> {
    await this.redis.del(this.prefix + login);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
