import Database from 'better-sqlite3';
import type { Redis } from 'ioredis';

/**
 * The answer to `reserve`: refused while the key is locked (until when), else the attempt is
 * counted as a failure already; `ticket` uncounts it (`release`) if it turns out a success.
 */
export type Reservation =
  | { readonly granted: false; readonly lockedUntil: number }
  | {
      readonly granted: true;
      readonly ticket: string;
      /** If this attempt fails, the key is locked until then (it reached the limit); else null. */
      readonly lockedUntilOnFailure: number | null;
    };

/**
 * Failed attempts per key (a login, a candidate number and a client): after `maxFailures` within
 * `windowMs`, further attempts are refused until `windowMs` after the last counted failure.
 * Refused attempts are not counted (the lock does not grow while someone keeps trying).
 *
 * An attempt is counted before it is evaluated (`reserve`, atomic: of simultaneous attempts only
 * `maxFailures` get through), then settled: a failure stays counted, a success `release`s its
 * ticket or `clear`s the key.
 */
export interface SignInLimiter {
  /** Epoch ms until which the key is locked, or null. */
  lockedUntil(login: string, now: number): Promise<number | null>;
  /** Counts an attempt before it is evaluated, unless the key is locked. */
  reserve(login: string, now: number): Promise<Reservation>;
  /** A reserved attempt succeeded: it counts no more. */
  release(login: string, ticket: string): Promise<void>;
  /** Failures counted on the key within the window. */
  failures(login: string, now: number): Promise<number>;
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
 * The public results lookup: 5 failed attempts on a numéro de candidat from one client (an IPv6
 * one by its /64) within an hour refuse that number to that client for the hour (the same limiter
 * as sign-ins, keyed by number and client; the number alone counts its failures, to slow it).
 */
export const RESULTS_LOOKUP_LIMIT: FailureLimit = { maxFailures: 5, windowMs: 60 * 60_000 };

/**
 * A candidate number that many clients fail on (`failures` within `RESULTS_LOOKUP_LIMIT`'s hour,
 * whatever the addresses) is slowed, never locked: each lookup of it waits `delayMs` before it is
 * evaluated, so that nobody can lock a candidate out on results day.
 */
export const RESULTS_NUMBER_SLOWDOWN = { failures: 20, delayMs: 2000 } as const;

/**
 * The key of a client address for the limits: an IPv4 address as it is (an IPv4-mapped IPv6 one
 * too), an IPv6 address by its /64 (one subscriber usually holds a whole /64).
 */
export const clientKeyOf = (ip: string): string => {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail counts as two groups; only the first four groups matter here.
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
};

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
  /** Prepared once: a results day asks them thousands of times a second. */
  private readonly statements: ReturnType<SqliteSignInLimiter['prepare']>;
  private readonly reserveIn: (login: string, now: number) => Reservation;

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
    // Counts lost with a power cut are harmless: no sync at each commit (every lookup writes).
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${this.table} (login TEXT NOT NULL, at INTEGER NOT NULL); CREATE INDEX IF NOT EXISTS ${this.table}_login ON ${this.table} (login, at)`,
    );
    this.statements = this.prepare();
    const { windowMs, maxFailures } = this.limit;
    const st = this.statements;
    // One immediate transaction: of simultaneous attempts (in any process) only the allowed pass.
    const reserve = this.db.transaction((login: string, now: number): Reservation => {
      st.trim.run(login, now - windowMs);
      const recent = st.all.all(login).map((r) => r.at);
      const locked = lockFrom(this.limit, recent, now);
      if (locked !== null) return { granted: false, lockedUntil: locked };
      const { lastInsertRowid } = st.insert.run(login, now);
      return {
        granted: true,
        ticket: String(lastInsertRowid),
        lockedUntilOnFailure: recent.length + 1 >= maxFailures ? now + windowMs : null,
      };
    });
    this.reserveIn = (login, now) => reserve.immediate(login, now);
  }

  private prepare() {
    const t = this.table;
    return {
      recent: this.db.prepare<[string, number], { at: number }>(
        `SELECT at FROM ${t} WHERE login = ? AND at > ?`,
      ),
      all: this.db.prepare<[string], { at: number }>(`SELECT at FROM ${t} WHERE login = ?`),
      count: this.db.prepare<[string, number], { n: number }>(
        `SELECT COUNT(*) AS n FROM ${t} WHERE login = ? AND at > ?`,
      ),
      trim: this.db.prepare<[string, number]>(`DELETE FROM ${t} WHERE login = ? AND at <= ?`),
      insert: this.db.prepare<[string, number]>(`INSERT INTO ${t} (login, at) VALUES (?, ?)`),
      release: this.db.prepare<[number, string]>(`DELETE FROM ${t} WHERE rowid = ? AND login = ?`),
      clear: this.db.prepare<[string]>(`DELETE FROM ${t} WHERE login = ?`),
    };
  }

  async lockedUntil(login: string, now: number): Promise<number | null> {
    const rows = this.statements.recent.all(login, now - this.limit.windowMs);
    return lockFrom(
      this.limit,
      rows.map((r) => r.at),
      now,
    );
  }

  async reserve(login: string, now: number): Promise<Reservation> {
    return this.reserveIn(login, now);
  }

  async release(login: string, ticket: string): Promise<void> {
    this.statements.release.run(Number(ticket), login);
  }

  async failures(login: string, now: number): Promise<number> {
    return this.statements.count.get(login, now - this.limit.windowMs)!.n;
  }

  async recordFailure(login: string, now: number): Promise<void> {
    this.db.transaction(() => {
      this.statements.trim.run(login, now - this.limit.windowMs);
      this.statements.insert.run(login, now);
    })();
  }

  async clear(login: string): Promise<void> {
    this.statements.clear.run(login);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/**
 * `reserve` in one step on the server (a script runs alone): trims the window, refuses while
 * `maxFailures` are counted (answering the last one's time), else adds the attempt.
 */
const RESERVE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[2])
local count = redis.call('ZCARD', KEYS[1])
if count >= tonumber(ARGV[3]) then
  local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
  return {0, last[2]}
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2] * 2)
return {1, count + 1}
`;

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

  async reserve(login: string, now: number): Promise<Reservation> {
    const { windowMs, maxFailures } = this.limit;
    const member = `${now}-${Math.random().toString(36).slice(2)}`;
    const [granted, value] = (await this.redis.eval(
      RESERVE_SCRIPT,
      1,
      this.prefix + login,
      now,
      windowMs,
      maxFailures,
      member,
    )) as [number, string | number];
    if (granted !== 1) return { granted: false, lockedUntil: Number(value) + windowMs };
    return {
      granted: true,
      ticket: member,
      lockedUntilOnFailure: Number(value) >= maxFailures ? now + windowMs : null,
    };
  }

  async release(login: string, ticket: string): Promise<void> {
    await this.redis.zrem(this.prefix + login, ticket);
  }

  async failures(login: string, now: number): Promise<number> {
    return this.redis.zcount(this.prefix + login, now - this.limit.windowMs + 1, '+inf');
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
