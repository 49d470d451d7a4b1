import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SIGN_IN_JOURNAL_CATEGORY } from '@examens-pro/domain';
import { startTestApp, type Agent } from '../testApp.js';

/**
 * The sign-in journal cannot be silenced. Its events get ids of the server's
 * own, never derived from what the client sends: a fixed Idempotency-Key does not make the later
 * attempts pass for retries. And a password typed in the login field is journaled masked.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await t.asAdmin();
  await t.userWith(['candidat.lister-inscrits'], 'journal.cible@test.local');
});
afterAll(async () => t?.close());

const FIXED_KEY = 'cle-fixe-attaquant-0001';

/** The form post of the sign-in page, with the client's own Idempotency-Key. */
const attempt = async (login: string, password: string, headers: Record<string, string> = {}) => {
  const a: Agent = t.agent();
  await t.fetchCsrf(a);
  return a.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({
      csrfToken: a.csrfToken!,
      callbackUrl: '/tableau-de-bord',
      json: 'true',
      login,
      password,
    }).toString(),
  });
};

/** The journal's stored events (every day's stream), in order. */
const journalEvents = async () =>
  (await t.eventStore.readAll({ maxCount: 1_000_000 })).filter((e) =>
    e.streamId.startsWith(`${SIGN_IN_JOURNAL_CATEGORY}-`),
  );

describe('the sign-in journal', () => {
  it('records ten attempts sent with one fixed Idempotency-Key as ten lines, with ids of its own', async () => {
    const login = 'journal.cible@test.local';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const response = await attempt(
        login,
        i % 2 === 0 ? 'Mauvais-Essai-2026' : 'Essai-Personnel-2026',
        { 'idempotency-key': FIXED_KEY },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 200, 401, 200, 401, 200, 401, 200, 401, 200]);
    // Another login's failure with the same key is recorded too.
    expect(
      (
        await attempt('autre.personne@test.local', 'Mauvais-Essai-2026', {
          'idempotency-key': FIXED_KEY,
        })
      ).statusCode,
    ).toBe(401);

    const events = await journalEvents();
    const ofTarget = events.filter((e) => (e.data as { login: string }).login === login);
    // The user's own sign-ins while being created (1 success) come first.
    const attempts = ofTarget.filter(
      (e) => e.metadata.correlationId === FIXED_KEY || e.metadata.causationId === FIXED_KEY,
    );
    expect(attempts.map((e) => e.type)).toEqual([
      'SignInFailed',
      'SignInSucceeded',
      'SignInFailed',
      'SignInSucceeded',
      'SignInFailed',
      'SignInSucceeded',
      'SignInFailed',
      'SignInSucceeded',
      'SignInFailed',
      'SignInSucceeded',
    ]);
    expect(
      events.filter(
        (e) =>
          (e.data as { login: string }).login === 'autre.personne@test.local' &&
          e.type === 'SignInFailed',
      ),
    ).toHaveLength(1);
    // Ten distinct ids, none of them the one the key would derive.
    expect(new Set(attempts.map((e) => e.id)).size).toBe(10);
  });

  it('masks a login that is not an e-mail address: a password typed in the wrong field', async () => {
    const typed = 'MonSecret-Tres-Long-2026';
    expect((await attempt(typed, 'quelque-chose')).statusCode).toBe(400);
    const events = await journalEvents();
    const stored = JSON.stringify(events);
    expect(stored).not.toContain(typed.toLowerCase());
    expect(stored).not.toContain(typed);
    const failure = events.filter((e) => e.type === 'SignInFailed').at(-1)!;
    expect(failure.data).toMatchObject({
      login: 'm******6',
      reason: 'identifiant-inconnu',
      utilisateurId: null,
    });
    // Short strings too: nothing of them but their ends.
    expect((await attempt('ab', 'x')).statusCode).toBe(400);
    expect(((await journalEvents()).at(-1)!.data as { login: string }).login).toBe('******');
  });
});
