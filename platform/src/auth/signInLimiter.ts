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

export const SIGN_IN_LIMIT = { maxFailures: 10, windowMs: 15 * 60_000 } as const;

const lockFrom = (failures: readonly number[], now: number): number | null => {
  const { maxFailures, windowMs } = SIGN_IN_LIMIT;
  const recent = failures.filter((at) => at > now - windowMs).sort((a, b) => a - b);
  if (recent.length < maxFailures) return null;
  const until = recent[recent.length - 1]! + windowMs;
  return until > now ? until : null;
};

export class SqliteSignInLimiter implements SignInLimiter {
  private readonly db: Database.Database;

  constructor(filename: string) {
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS sign_in_failures (login TEXT NOT NULL, at INTEGER NOT NULL); CREATE INDEX IF NOT EXISTS sign_in_failures_login ON sign_in_failures (login, at)',
    );
  }

  async lockedUntil(login: string, now: number): Promise<number | null> {
    const rows = this.db
      .prepare<[string, number], { at: number }>(
        'SELECT at FROM sign_in_failures WHERE login = ? AND at > ?',
      )
      .all(login, now - SIGN_IN_LIMIT.windowMs);
    return lockFrom(
      rows.map((r) => r.at),
      now,
    );
  }

  async recordFailure(login: string, now: number): Promise<void> {
    this.db.transaction(() => {
      this.db
        .prepare('DELETE FROM sign_in_failures WHERE login = ? AND at <= ?')
        .run(login, now - SIGN_IN_LIMIT.windowMs);
      this.db.prepare('INSERT INTO sign_in_failures (login, at) VALUES (?, ?)').run(login, now);
    })();
  }

  async clear(login: string): Promise<void> {
    this.db.prepare('DELETE FROM sign_in_failures WHERE login = ?').run(login);
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
  ) {}

  async lockedUntil(login: string, now: number): Promise<number | null> {
    const members = await this.redis.zrangebyscore(
      this.prefix + login,
      now - SIGN_IN_LIMIT.windowMs + 1,
      '+inf',
    );
    return lockFrom(
      members.map((member) => parseInt(member, 10)),
      now,
    );
  }

  async recordFailure(login: string, now: number): Promise<void> {
    const key = this.prefix + login;
    await this.redis
      .multi()
      .zremrangebyscore(key, '-inf', now - SIGN_IN_LIMIT.windowMs)
      // A member per failure: the time plus a random suffix, so two failures in one ms both count.
      .zadd(key, now, `${now}-${Math.random().toString(36).slice(2)}`)
      .pexpire(key, SIGN_IN_LIMIT.windowMs * 2)
      .exec();
  }

  async clear(login: string): Promise<void> {
    await this.redis.del(this.prefix + login);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
