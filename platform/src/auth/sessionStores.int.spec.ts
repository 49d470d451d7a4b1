import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import {
  COMMON_PASSWORD_COUNT,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from './passwords.js';
import {
  RedisSessionStore,
  SqliteSessionStore,
  type SessionRecord,
  type SessionStorePort,
} from './sessionStore.js';
import {
  RedisSignInLimiter,
  SIGN_IN_LIMIT,
  SqliteSignInLimiter,
  type SignInLimiter,
} from './signInLimiter.js';

const dir = mkdtempSync(join(tmpdir(), 'sessions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const promised = {
  set: (store: SessionStorePort, id: string, data: SessionRecord) =>
    new Promise<void>((resolve, reject) =>
      store.set(id, data, (error) => (error ? reject(error) : resolve())),
    ),
  get: (store: SessionStorePort, id: string) =>
    new Promise<unknown>((resolve, reject) =>
      store.get(id, (error, session) => (error ? reject(error) : resolve(session))),
    ),
  destroy: (store: SessionStorePort, id: string) =>
    new Promise<void>((resolve, reject) =>
      store.destroy(id, (error) => (error ? reject(error) : resolve())),
    ),
};

/** One contract for both adapters of each port. */
const contract = (name: string, open: () => { store: SessionStorePort; limiter: SignInLimiter }) =>
  describe(`sessions and failed sign-ins: ${name}`, () => {
    const { store, limiter } = open();
    afterAll(async () => {
      await store.close();
      await limiter.close();
    });

    it('keeps a session until its cookie expires, and forgets it when destroyed', async () => {
      const id = randomUUID();
      const soon = new Date(Date.now() + 60_000).toISOString();
      await promised.set(store, id, { userId: 'u1', cookie: { expires: soon } });
      expect(await promised.get(store, id)).toEqual({ userId: 'u1', cookie: { expires: soon } });
      await promised.destroy(store, id);
      expect(await promised.get(store, id)).toBeNull();
      const expired = randomUUID();
      await promised.set(store, expired, {
        userId: 'u2',
        cookie: { expires: new Date(Date.now() + 30).toISOString() },
      });
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await promised.get(store, expired)).toBeNull();
    });

    it('locks a login at the 10th failure within 15 minutes, for 15 minutes after the last one', async () => {
      const login = `${randomUUID()}@test.local`;
      const t0 = Date.now();
      for (let i = 0; i < SIGN_IN_LIMIT.maxFailures - 1; i += 1) {
        await limiter.recordFailure(login, t0 + i);
      }
      expect(await limiter.lockedUntil(login, t0 + 100)).toBeNull();
      await limiter.recordFailure(login, t0 + 100);
      expect(await limiter.lockedUntil(login, t0 + 101)).toBe(t0 + 100 + SIGN_IN_LIMIT.windowMs);
      expect(await limiter.lockedUntil(login, t0 + 100 + SIGN_IN_LIMIT.windowMs)).toBeNull();
      expect(await limiter.lockedUntil(`autre-${login}`, t0 + 101)).toBeNull();
      await limiter.clear(login);
      expect(await limiter.lockedUntil(login, t0 + 101)).toBeNull();
    });

    it('lets 10 of 40 simultaneous attempts through, counted before they are evaluated', async () => {
      const login = `${randomUUID()}@test.local`;
      const now = Date.now();
      const reservations = await Promise.all(
        Array.from({ length: 40 }, () => limiter.reserve(login, now)),
      );
      const granted = reservations.filter((r) => r.granted);
      expect(granted).toHaveLength(SIGN_IN_LIMIT.maxFailures);
      // The last one let through would start the lockout, were it a failure.
      expect(granted.filter((r) => r.lockedUntilOnFailure !== null)).toEqual([
        expect.objectContaining({ lockedUntilOnFailure: now + SIGN_IN_LIMIT.windowMs }),
      ]);
      for (const refused of reservations.filter((r) => !r.granted))
        expect(refused).toEqual({ granted: false, lockedUntil: now + SIGN_IN_LIMIT.windowMs });
      expect(await limiter.failures(login, now)).toBe(SIGN_IN_LIMIT.maxFailures);
      // A success releases its own attempt: another may go.
      const first = granted[0]!;
      if (!first.granted) throw new Error('réservation attendue');
      await limiter.release(login, first.ticket);
      expect(await limiter.failures(login, now)).toBe(SIGN_IN_LIMIT.maxFailures - 1);
      expect((await limiter.reserve(login, now + 1)).granted).toBe(true);
      expect((await limiter.reserve(login, now + 2)).granted).toBe(false);
      await limiter.clear(login);
      expect((await limiter.reserve(login, now + 3)).granted).toBe(true);
    });

    it('forgets failures older than the window', async () => {
      const login = `${randomUUID()}@test.local`;
      const t0 = Date.now() - SIGN_IN_LIMIT.windowMs - 1000;
      for (let i = 0; i < 9; i += 1) await limiter.recordFailure(login, t0 + i);
      await limiter.recordFailure(login, Date.now());
      expect(await limiter.lockedUntil(login, Date.now())).toBeNull();
    });
  });

contract('SQLite', () => ({
  store: new SqliteSessionStore(join(dir, 'sessions.db')),
  limiter: new SqliteSignInLimiter(join(dir, 'sessions.db')),
}));

const url = process.env.TEST_REDIS_URL;
if (!url) {
  describe('sessions and failed sign-ins: Redis', () => {
    it.skip('IGNORÉ : Redis ne répond pas (voir REDIS_URL)', () => undefined);
  });
} else {
  const prefix = `test-${randomUUID().slice(0, 8)}:`;
  contract('Redis', () => ({
    store: new RedisSessionStore(new Redis(url), `${prefix}session:`),
    limiter: new RedisSignInLimiter(new Redis(url), `${prefix}echecs:`),
  }));
}

describe('passwords', () => {
  // OWASP's minimum costs 128 MiB and a few hundred ms a check on a free core: no time bound here,
  // the test machine's cores are shared.
  it('hashes with scrypt at N = 2^17 and verifies', async () => {
    const hash = await hashPassword('Un-Mot-De-Passe-2026');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Un-Mot-De-Passe-2026', hash)).toBe(true);
    expect(await verifyPassword('un-mot-de-passe-2026', hash)).toBe(false);
    expect(await hashPassword('Un-Mot-De-Passe-2026')).not.toBe(hash);
  });

  it('refuses the 1,000 most common passwords, shipped with the code', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(1000);
    for (const common of ['123456', 'password', 'qwerty123', 'azerty123', 'motdepasse'])
      expect({ common, refused: isCommonPassword(common) }).toEqual({ common, refused: true });
    expect(isCommonPassword('Examens-Nationaux-2026')).toBe(false);
  });
});
