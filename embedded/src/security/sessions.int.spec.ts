import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type Agent } from '../testApp.js';

/**
 * Changing one's own password, a reset, a deactivation or a change of profile
 * ends every other session of the account (its next request is 401); the person changing their own
 * password keeps theirs. Two cookie jars: two agents signed in as the same account.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type Answer = { id: string; revision: number; position: string };

let t: TestApp;
let admin: Agent;
let otherProfile: string;

const PASSWORD = 'Essai-Personnel-2026';

const created = async (url: string, payload: Record<string, unknown>) => {
  const response = await admin.inject({ method: 'POST', url, payload });
  if (response.statusCode !== 201) throw new Error(`${url} : ${response.body}`);
  return response.json<Answer>();
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  otherProfile = (
    await created('/api/profils', {
      libelle: 'Lecture des utilisateurs',
      permissions: ['compte.enregistrer', 'utilisateur.lister'],
    })
  ).id;
});
afterAll(async () => t.close());

/** An account with a password of its own, signed in from two browsers. */
const twoJars = async (login: string) => {
  const first = await t.userWith(['compte.enregistrer'], login);
  const session = (await first.inject({ method: 'GET', url: '/api/auth/session' })).json<{
    user: { id: string };
  }>();
  const { agent: second, response } = await t.signIn(login, PASSWORD);
  expect(response.statusCode).toBe(200);
  for (const jar of [first, second]) expect(await status(jar)).toBe(200);
  return { first, second, id: session.user.id };
};

/** What the account's next request answers. */
const status = async (jar: Agent): Promise<number> =>
  (await jar.inject({ method: 'GET', url: '/api/mon-compte' })).statusCode;

/** The position of the administrator's last command: reads wait for it (read your writes). */
let lastPosition: string | undefined;

const etagOf = async (id: string): Promise<string> => {
  const response = await admin.inject({
    method: 'GET',
    url: `/api/utilisateurs/${id}`,
    headers: lastPosition ? { 'x-min-position': lastPosition } : {},
  });
  expect(response.statusCode).toBe(200);
  return String(response.headers.etag);
};

const adminAct = async (url: string, id: string, payload?: Record<string, unknown>) => {
  const response = await admin.inject({
    method: url.endsWith('/modifier') ? 'PUT' : 'POST',
    url: url.replace(/\/modifier$/, ''),
    headers: { 'if-match': await etagOf(id) },
    payload,
  });
  expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
  lastPosition = response.json<Answer>().position;
  return response;
};

describe('ending the other sessions of an account', () => {
  it('changing one’s own password ends the other sessions and keeps this one', async () => {
    const { first, second } = await twoJars('deux.navigateurs@test.local');
    const changed = await first.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: PASSWORD, newPassword: 'Encore-Personnel-2027' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await status(second)).toBe(401);
    // The session is gone, not only refused: the sign-in service says nobody is signed in.
    expect((await second.inject({ method: 'GET', url: '/api/auth/session' })).json()).toEqual({});
    expect(await status(first)).toBe(200);
    // The kept session still changes things (its CSRF token holds).
    const own = await first.inject({ method: 'GET', url: '/api/mon-compte' });
    const modified = await first.inject({
      method: 'PUT',
      url: '/api/mon-compte',
      headers: { 'if-match': String(own.headers.etag) },
      payload: { nom: 'Mballa', prenoms: 'Jeanne', telephone: '699000003' },
    });
    expect(modified.statusCode).toBe(200);
    // The new password opens a new session; the old one no longer does.
    expect((await t.signIn('deux.navigateurs@test.local', PASSWORD)).response.statusCode).toBe(401);
    const again = await t.signIn('deux.navigateurs@test.local', 'Encore-Personnel-2027');
    expect(again.response.statusCode).toBe(200);
    expect(await status(again.agent)).toBe(200);
  });

  it('a reset by an administrator ends every session of the account', async () => {
    const { first, second, id } = await twoJars('reinitialise@test.local');
    await adminAct(`/api/utilisateurs/${id}/reinitialiser-mot-de-passe`, id, {
      motDePasse: 'Provisoire-Remis-2026',
    });
    expect(await status(first)).toBe(401);
    expect(await status(second)).toBe(401);
    const again = await t.signIn('reinitialise@test.local', 'Provisoire-Remis-2026');
    expect(again.response.statusCode).toBe(200);
  });

  it('a deactivation ends every session, even when the account is reactivated before their next request', async () => {
    const { first, second, id } = await twoJars('desactive@test.local');
    await adminAct(`/api/utilisateurs/${id}/desactiver`, id);
    expect(await status(first)).toBe(401);
    // The second browser had not asked anything before the account came back.
    await adminAct(`/api/utilisateurs/${id}/reactiver`, id);
    expect(await status(second)).toBe(401);
    expect((await t.signIn('desactive@test.local', PASSWORD)).response.statusCode).toBe(200);
  });

  it('a change of profile ends every session of the account; other changes do not', async () => {
    const { first, second, id } = await twoJars('change.de.profil@test.local');
    const details = {
      nom: 'Essomba',
      prenoms: 'Paul',
      login: 'change.de.profil@test.local',
      telephone: '699000002',
      centreDepotId: null,
    };
    const user = (await admin.inject({ method: 'GET', url: `/api/utilisateurs/${id}` })).json<{
      profilId: string;
    }>();
    // Another telephone: the sessions stay.
    await adminAct(`/api/utilisateurs/${id}/modifier`, id, {
      ...details,
      profilId: user.profilId,
      telephone: '699000004',
    });
    expect(await status(first)).toBe(200);
    await adminAct(`/api/utilisateurs/${id}/modifier`, id, {
      ...details,
      profilId: otherProfile,
      telephone: '699000004',
    });
    expect(await status(first)).toBe(401);
    expect(await status(second)).toBe(401);
    const again = await t.signIn('change.de.profil@test.local', PASSWORD);
    expect(await status(again.agent)).toBe(200);
  });
});
