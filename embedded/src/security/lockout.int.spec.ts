import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SIGN_IN_JOURNAL_CATEGORY } from '@examens-pro/domain';
import { SIGN_IN_LIMIT } from '@examens-pro/platform';
import { startTestApp, type Agent } from '../testApp.js';

/**
 * The lockout holds under concurrency. Each attempt is counted before its
 * password is hashed (reserved, then settled): a burst of simultaneous wrong passwords for one
 * login gets at most `SIGN_IN_LIMIT.maxFailures` guesses, the others the lockout's 429.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
const LOGIN = 'verrou.cible@test.local';

beforeAll(async () => {
  t = await startTestApp();
  await t.asAdmin();
  await t.userWith(['candidat.lister-inscrits'], LOGIN);
});
afterAll(async () => t?.close());

const attempt = async (password: string, address: string, a: Agent) =>
  a.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      csrfToken: a.csrfToken!,
      callbackUrl: '/tableau-de-bord',
      json: 'true',
      login: LOGIN,
      password,
    }).toString(),
  });

describe('the sign-in lockout', () => {
  it('evaluates at most 10 of 40 simultaneous wrong passwords from 40 addresses; the others get 429', async () => {
    expect(SIGN_IN_LIMIT.maxFailures).toBe(10);
    const agents = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const a = t.agent();
        await t.fetchCsrf(a);
        return a;
      }),
    );
    const answers = await Promise.all(
      agents.map((a, i) => attempt(`Mauvais-Essai-${i}`, `10.0.${i}.7`, a)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    for (const refused of answers.filter((r) => r.statusCode === 429))
      expect(refused.json<{ url: string }>().url).toMatch(/\/connexion\?error=TooManyAttempts&/);

    // The journal says the same: 10 passwords checked, 30 refused by the lock, one lockout.
    const journal = (await t.eventStore.readAll({ maxCount: 1_000_000 }))
      .filter((e) => e.streamId.startsWith(`${SIGN_IN_JOURNAL_CATEGORY}-`))
      .filter((e) => (e.data as { login: string }).login === LOGIN);
    const reasons = journal
      .filter((e) => e.type === 'SignInFailed')
      .map((e) => (e.data as { reason: string }).reason);
    expect(reasons.filter((r) => r === 'mot-de-passe')).toHaveLength(10);
    expect(reasons.filter((r) => r === 'compte-verrouille')).toHaveLength(30);
    expect(journal.filter((e) => e.type === 'SignInLockedOut')).toHaveLength(1);

    // The right password is refused too while the lock lasts.
    const late = t.agent();
    await t.fetchCsrf(late);
    expect((await attempt('Essai-Personnel-2026', '10.9.9.9', late)).statusCode).toBe(429);
  });
});
