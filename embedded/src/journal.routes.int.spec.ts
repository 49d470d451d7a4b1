import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SIGN_IN_JOURNAL_CATEGORY,
  SIGN_IN_JOURNAL_EVENT_TYPES,
  type SignInJournalDocument,
} from '@examens-pro/domain';
import { JOURNAL_WAIT_MS, recordSignInEvent } from '@examens-pro/application';
import { SIGN_IN_LIMIT, SqliteEventStore } from '@examens-pro/platform';
import { startTestApp, TEST_ADMIN, TEST_ADMIN_PASSWORD, type Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
});
afterAll(async () => t.close());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) NavigateurDeTest/1.0';
const OFFICE = '10.20.30.40';
const AGENT = {
  login: 'journal.agent@test.local',
  temporary: 'Temporaire-Journal-1',
  own: 'Personnel-Journal-2',
  reset: 'Reinitialise-Journal-3',
  wrong: 'Mauvais-Journal-4',
};
/** Every password typed in this file: none may appear in any stored event. */
const PASSWORDS = [
  TEST_ADMIN.password,
  TEST_ADMIN_PASSWORD,
  AGENT.temporary,
  AGENT.own,
  AGENT.reset,
  AGENT.wrong,
  'Inconnu-Journal-5',
];

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** A sign-in from the office's address and browser (the form post of the sign-in page). */
const signIn = async (login: string, password: string, a = t.agent(), address = OFFICE) => {
  await t.fetchCsrf(a);
  const response = await a.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER },
    payload: new URLSearchParams({
      csrfToken: a.csrfToken!,
      callbackUrl: '/tableau-de-bord',
      json: 'true',
      login,
      password,
    }).toString(),
  });
  if (response.statusCode === 200) await t.fetchCsrf(a);
  return { agent: a, response };
};

/** The journal as its screen reads it, once the projections reached every stored event. */
const journal = async (filter: Record<string, unknown>, reader = admin) => {
  const response = await reader.inject({
    method: 'GET',
    url: `/api/journal-connexions?filter=${enc(filter)}&sort=${enc(['date', 'ASC'])}&range=[0,99]`,
    headers: { 'x-min-position': await t.eventStore.headPosition() },
  });
  expect(response.statusCode).toBe(200);
  return response.json<SignInJournalDocument[]>();
};

const profileWith = async (libelle: string, permissions: string[]) => {
  const profile = await admin.inject({
    method: 'POST',
    url: '/api/profils',
    payload: { libelle, permissions },
  });
  expect(profile.statusCode).toBe(201);
  return profile.json<{ id: string }>().id;
};

const createUser = async (login: string, profilId: string, motDePasse: string) => {
  const created = await admin.inject({
    method: 'POST',
    url: '/api/utilisateurs',
    payload: {
      nom: 'Mbarga',
      prenoms: 'Paul',
      login,
      telephone: '699000000',
      profilId,
      motDePasse,
    },
  });
  expect(created.statusCode).toBe(201);
  return created.json<{ id: string }>().id;
};

let agentId: string;

describe('sign-in journal', () => {
  it('records a wrong then a right sign-in, the password change, the sign-out and the reset, with address and browser', async () => {
    agentId = await createUser(
      AGENT.login,
      await profileWith('Lecture des utilisateurs', ['utilisateur.lister']),
      AGENT.temporary,
    );

    expect((await signIn(AGENT.login, AGENT.wrong)).response.statusCode).toBe(401);
    const { agent, response } = await signIn(AGENT.login, AGENT.temporary);
    expect(response.statusCode).toBe(200);
    const changed = await agent.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      remoteAddress: OFFICE,
      headers: { 'user-agent': BROWSER },
      payload: { currentPassword: AGENT.temporary, newPassword: AGENT.own },
    });
    expect(changed.statusCode).toBe(200);
    const out = await agent.inject({
      method: 'POST',
      url: '/api/auth/signout',
      remoteAddress: OFFICE,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER },
      payload: new URLSearchParams({ csrfToken: agent.csrfToken!, json: 'true' }).toString(),
    });
    expect(out.statusCode).toBe(200);

    // The administrator resets it; a retry with the same Idempotency-Key journals nothing more.
    const doc = (await admin.inject({ method: 'GET', url: `/api/utilisateurs/${agentId}` })).json<{
      version: number;
    }>();
    for (let i = 0; i < 2; i += 1) {
      const reset = await admin.inject({
        method: 'POST',
        url: `/api/utilisateurs/${agentId}/reinitialiser-mot-de-passe`,
        headers: { 'if-match': `W/"${doc.version}"`, 'idempotency-key': 'reinit-journal-0001' },
        payload: { motDePasse: AGENT.reset },
      });
      expect(reset.statusCode).toBe(200);
    }

    const lines = await journal({ login: AGENT.login });
    expect(lines.map((line) => [line.type, line.motif])).toEqual([
      ['Échec de connexion', 'Mot de passe incorrect'],
      ['Connexion réussie', ''],
      ['Mot de passe changé', ''],
      ['Déconnexion', ''],
      ['Mot de passe réinitialisé', 'Par Premier Administrateur'],
    ]);
    for (const line of lines) {
      expect(line).toMatchObject({ login: AGENT.login, utilisateurId: agentId });
      expect(Date.parse(line.date)).toBeGreaterThan(Date.now() - 60_000);
    }
    // The attempts came from the office's browser; the reset from the administrator's.
    for (const line of lines.slice(0, 4))
      expect(line).toMatchObject({ adresseIp: OFFICE, navigateur: BROWSER });

    // The events carry the actor: the user when known, the administrator for the reset.
    const events = (await t.eventStore.readAll({ maxCount: 100_000 })).filter((e) =>
      e.streamId.startsWith(`${SIGN_IN_JOURNAL_CATEGORY}-`),
    );
    const ofAgent = events.filter((e) => (e.data as { login: string }).login === AGENT.login);
    const adminId = (await admin.inject({ method: 'GET', url: '/api/auth/session' })).json<{
      user: { id: string };
    }>().user.id;
    expect(ofAgent.map((e) => e.metadata.actor.id)).toEqual([
      agentId,
      agentId,
      agentId,
      agentId,
      adminId,
    ]);
  });

  it('records an unknown login, a lockout and the attempts refused while locked, the system as actor for strangers', async () => {
    const stranger = 'personne@test.local';
    expect((await signIn(stranger, 'Inconnu-Journal-5')).response.statusCode).toBe(401);
    const [unknown] = await journal({ login: stranger });
    expect(unknown).toMatchObject({
      type: 'Échec de connexion',
      motif: 'Identifiant inconnu',
      utilisateurId: null,
    });

    // Another address: the office's own attempts stay out of this one's count.
    const away = '192.0.2.9';
    for (let i = 0; i < SIGN_IN_LIMIT.maxFailures; i += 1)
      expect((await signIn(AGENT.login, AGENT.wrong, t.agent(), away)).response.statusCode).toBe(
        401,
      );
    expect((await signIn(AGENT.login, AGENT.reset, t.agent(), away)).response.statusCode).toBe(429);
    const lines = await journal({ login: AGENT.login, adresseIp: away });
    expect(lines.map((line) => line.type)).toEqual([
      ...Array<string>(SIGN_IN_LIMIT.maxFailures).fill('Échec de connexion'),
      'Compte verrouillé',
      'Échec de connexion',
    ]);
    expect(lines[SIGN_IN_LIMIT.maxFailures]!.motif).toBe(
      'Trop d’échecs : connexion refusée pendant 15 min',
    );
    expect(lines.at(-1)!.motif).toBe('Compte verrouillé (trop d’échecs)');

    const strangers = (await t.eventStore.readAll({ maxCount: 100_000 })).filter(
      (e) => (e.data as { login?: string }).login === stranger,
    );
    expect(strangers.map((e) => e.metadata.actor)).toEqual([{ id: 'systeme', name: 'Système' }]);
  });

  it('filters by type, login and a date range, newest first by default', async () => {
    const failures = await journal({ type: 'Échec de connexion' });
    expect(failures.length).toBeGreaterThanOrEqual(SIGN_IN_LIMIT.maxFailures + 3);
    expect(new Set(failures.map((line) => line.type))).toEqual(new Set(['Échec de connexion']));
    const searched = await journal({ q: 'journal.agent' });
    expect(new Set(searched.map((line) => line.login))).toEqual(new Set([AGENT.login]));
    expect(await journal({ date_gte: new Date(Date.now() + 3_600_000).toISOString() })).toEqual([]);
    const today = await journal({
      date_gte: new Date(Date.now() - 3_600_000).toISOString(),
      date_lte: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(today.length).toBeGreaterThan(failures.length);
    const byDefault = (
      await admin.inject({ method: 'GET', url: '/api/journal-connexions?range=[0,9]' })
    ).json<SignInJournalDocument[]>();
    const dates = byDefault.map((line) => line.date);
    expect(dates).toEqual([...dates].sort().reverse());

    // The screen's export: same filter, every row, French headers.
    const csv = await admin.inject({
      method: 'GET',
      url: `/api/journal-connexions/export.csv?filter=${enc({ login: AGENT.login, adresseIp: OFFICE })}&sort=${enc(['date', 'ASC'])}`,
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Date;Identifiant;Type;Détail;Adresse IP;Navigateur');
    expect(rows.slice(1).map((row) => row.split(';')[2])).toEqual([
      'Échec de connexion',
      'Connexion réussie',
      'Mot de passe changé',
      'Déconnexion',
    ]);
  });

  it('never stores a password: no event holds one, no journal event a hash', async () => {
    const events = await t.eventStore.readAll({ maxCount: 100_000 });
    const stored = JSON.stringify(events);
    for (const password of PASSWORDS) expect(stored.includes(password)).toBe(false);
    const journaled = events.filter((e) => e.streamId.startsWith(`${SIGN_IN_JOURNAL_CATEGORY}-`));
    expect(new Set(journaled.map((e) => e.type))).toEqual(new Set(SIGN_IN_JOURNAL_EVENT_TYPES));
    for (const event of journaled) {
      const { data, metadata } = event;
      expect(JSON.stringify({ data, metadata })).not.toMatch(/scrypt|hash|password|motDePasse/i);
      expect(Object.keys(event.data as object).sort()).toEqual(
        expect.arrayContaining(['ip', 'login', 'userAgent', 'utilisateurId']),
      );
    }
    const answer = await admin.inject({
      method: 'GET',
      url: '/api/journal-connexions?range=[0,999]',
    });
    for (const password of PASSWORDS) expect(answer.body.includes(password)).toBe(false);
  });

  it('is read only under "Consulter le journal des connexions": 401 to a visitor, 403 without it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/journal-connexions' })).statusCode).toBe(
      401,
    );
    // The agent's own login is locked by now: another reader without the permission.
    const reader = 'journal.lecteur@test.local';
    await createUser(
      reader,
      await profileWith('Lecture seule', ['utilisateur.lister']),
      AGENT.temporary,
    );
    const { agent } = await signIn(reader, AGENT.temporary, t.agent(), '198.51.100.1');
    const freed = await agent.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: AGENT.temporary, newPassword: AGENT.own },
    });
    expect(freed.statusCode).toBe(200);
    const refused = await agent.inject({ method: 'GET', url: '/api/journal-connexions' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'interdit' });
    for (const url of ['/api/journal-connexions/export.csv', '/api/journal-connexions/x'])
      expect((await agent.inject({ method: 'GET', url })).statusCode).toBe(403);
    expect(
      (
        await agent.inject({
          method: 'POST',
          url: '/api/can/uniq',
          payload: { path: '/tableau-de-bord/utilisateurs-profils/journal-des-connexions' },
        })
      ).json(),
    ).toEqual({ can: false });

    const auditor = 'journal.auditeur@test.local';
    await createUser(
      auditor,
      await profileWith('Audit des connexions', ['administration.journal-connexions']),
      AGENT.temporary,
    );
    const signedIn = await signIn(auditor, AGENT.temporary, t.agent(), '198.51.100.2');
    await signedIn.agent.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: AGENT.temporary, newPassword: AGENT.own },
    });
    const lines = await journal({ login: AGENT.login }, signedIn.agent);
    expect(lines.length).toBeGreaterThan(5);
    // Nothing writes it through the API.
    for (const [method, url] of [
      ['POST', '/api/journal-connexions'],
      ['PUT', `/api/journal-connexions/${lines[0]!.id}`],
      ['DELETE', `/api/journal-connexions/${lines[0]!.id}`],
    ] as const)
      expect((await admin.inject({ method, url, payload: {} })).statusCode).toBe(404);
  });
});

describe('journal appends', () => {
  it('never fail nor hold up what they record: an append that fails or hangs is logged and left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const store = new SqliteEventStore({ filename: join(dir, 'events.db') });
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => void warnings.push(args) };
    const entry = {
      event: { type: 'SignInSucceeded' as const, data: {} },
      login: 'a@test.local',
      utilisateurId: null,
      client: { ip: '127.0.0.1', userAgent: 'test' },
      commandId: 'journal-panne-0001',
      retryKey: 'journal-panne-0001',
    };
    try {
      const failing = Object.assign(Object.create(store) as SqliteEventStore, {
        appendToStream: () => Promise.reject(new Error('disque plein')),
      });
      await expect(recordSignInEvent(failing, log, entry)).resolves.toBeUndefined();
      const hanging = Object.assign(Object.create(store) as SqliteEventStore, {
        appendToStream: () => new Promise(() => undefined),
      });
      const started = Date.now();
      await expect(recordSignInEvent(hanging, log, entry)).resolves.toBeUndefined();
      expect(Date.now() - started).toBeLessThan(JOURNAL_WAIT_MS + 200);
      expect(warnings).toHaveLength(2);
      // A working store: twice the same retry key (a signed-in person's command), one event.
      await recordSignInEvent(store, log, entry);
      await recordSignInEvent(store, log, entry);
      expect(await store.readAll({ maxCount: 10 })).toHaveLength(1);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
