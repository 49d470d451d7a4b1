import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AGGREGATES,
  DASHBOARD_ROUTES,
  PERMISSION_CODES,
  REFERENCE_LISTS,
  resourceRequirement,
} from '@examens-pro/domain';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SIGN_IN_LIMIT } from '@examens-pro/platform';
import { startTestApp, TEST_ADMIN, TEST_ADMIN_PASSWORD, type Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
});
afterAll(async () => t.close());

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

const sessionCookie = (agent: Agent): string => agent.cookie ?? '';

/** Auth.js answers absolute addresses; without PUBLIC_URL, an app that does not listen answers this. */
const ORIGIN = 'http://localhost';

/** Creates a profile and a user holding it, with a password of their own (flag 1). */
const userWith = async (permissions: string[], login: string) => {
  const profile = await admin.inject({
    method: 'POST',
    url: '/api/profils',
    payload: { libelle: `Profil de ${login}`, permissions },
  });
  expect(profile.statusCode).toBe(201);
  const created = await admin.inject({
    method: 'POST',
    url: '/api/utilisateurs',
    payload: {
      nom: 'Diallo',
      prenoms: 'Awa',
      login,
      telephone: '70 00 00 00',
      profilId: profile.json<{ id: string }>().id,
      motDePasse: 'Temporaire-2026',
    },
  });
  expect(created.statusCode).toBe(201);
  const { agent, response } = await t.signIn(login, 'Temporaire-2026');
  expect(response.statusCode).toBe(200);
  const changed = await agent.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    payload: { currentPassword: 'Temporaire-2026', newPassword: 'Personnel-Examens-7' },
  });
  expect(changed.statusCode).toBe(200);
  return { agent, id: created.json<{ id: string }>().id };
};

describe('sign-in service (/api/auth)', () => {
  it('answers csrf, providers and an empty session to a visitor', async () => {
    const visitor = t.agent();
    const csrf = await visitor.inject({ method: 'GET', url: '/api/auth/csrf' });
    expect(csrf.json<{ csrfToken: string }>().csrfToken).toMatch(/\S{20,}/);
    const providers = await visitor.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toMatchObject({ credentials: { id: 'credentials' } });
    expect((await visitor.inject({ method: 'GET', url: '/api/auth/session' })).json()).toEqual({});
  });

  it('sets an HttpOnly, SameSite=Lax session cookie and gives a new session id at sign-in', async () => {
    const agent = t.agent();
    await t.fetchCsrf(agent);
    const before = sessionCookie(agent);
    expect(before).toMatch(/^examens_session=/);
    const { response } = await t.signIn(TEST_ADMIN.login, TEST_ADMIN_PASSWORD, agent);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: `${ORIGIN}/tableau-de-bord` });
    const cookie = response.cookies.find((c) => c.name === 'examens_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sessionCookie(agent)).not.toBe(before);
    // The old session id is worth nothing.
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: before },
    });
    expect(old.json()).toEqual({});
    const session = (await agent.inject({ method: 'GET', url: '/api/auth/session' })).json<{
      user: { login: string; is_change_password: number; permissions: string[] };
    }>();
    expect(session.user).toMatchObject({ login: TEST_ADMIN.login, is_change_password: 1 });
    expect(session.user.permissions.sort()).toEqual([...PERMISSION_CODES].sort());
  });

  it('refuses wrong credentials with the error in the returned url, and never redirects off site', async () => {
    const { response } = await t.signIn(TEST_ADMIN.login, 'pas-le-bon-mot-de-passe');
    expect(response.statusCode).toBe(401);
    expect(response.json<{ url: string }>().url).toBe(
      `${ORIGIN}/connexion?error=CredentialsSignin&callbackUrl=%2Ftableau-de-bord`,
    );
    const agent = t.agent();
    await t.fetchCsrf(agent);
    const offSite = await agent.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      ...form({
        csrfToken: agent.csrfToken!,
        callbackUrl: 'https://ailleurs.example/piege',
        json: 'true',
        login: TEST_ADMIN.login,
        password: TEST_ADMIN_PASSWORD,
      }),
    });
    expect(offSite.json()).toEqual({ url: `${ORIGIN}/piege` });
  });

  it('refuses a sign-in without a valid CSRF token (403) and signs nobody in', async () => {
    const agent = t.agent();
    await t.fetchCsrf(agent);
    const response = await agent.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      ...form({ csrfToken: 'faux', login: TEST_ADMIN.login, password: TEST_ADMIN_PASSWORD }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ url: string }>().url).toContain('error=MissingCSRF');
    expect((await agent.inject({ method: 'GET', url: '/api/auth/session' })).json()).toEqual({});
  });

  it('locks a login after 10 failures in 15 minutes: the 11th attempt is refused, even with the right password', async () => {
    const { id } = await userWith(['utilisateur.lister'], 'cible@test.local');
    expect(id).toBeTruthy();
    for (let i = 0; i < SIGN_IN_LIMIT.maxFailures; i += 1) {
      const { response } = await t.signIn('cible@test.local', `mauvais-${i}`);
      expect(response.statusCode).toBe(401);
    }
    const eleventh = await t.signIn('cible@test.local', 'Personnel-Examens-7');
    expect(eleventh.response.statusCode).toBe(429);
    expect(eleventh.response.json<{ url: string }>().url).toContain('error=TooManyAttempts');
    // Another login is not affected.
    expect((await t.signIn(TEST_ADMIN.login, TEST_ADMIN_PASSWORD)).response.statusCode).toBe(200);
  });

  it('signs out on the server: the old cookie answers 401 afterwards', async () => {
    const { agent } = await t.signIn(TEST_ADMIN.login, TEST_ADMIN_PASSWORD);
    const cookie = sessionCookie(agent);
    expect((await agent.inject({ method: 'GET', url: '/api/metiers' })).statusCode).toBe(200);
    const out = await agent.inject({
      method: 'POST',
      url: '/api/auth/signout',
      ...form({ csrfToken: agent.csrfToken!, callbackUrl: '/connexion', json: 'true' }),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ url: `${ORIGIN}/connexion` });
    const replay = await t.app.inject({ method: 'GET', url: '/api/metiers', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'non-authentifie' });
  });

  it("keeps the seed's 400 for a sign-out without a valid token, and 403 for any other state change", async () => {
    const { agent } = await t.signIn(TEST_ADMIN.login, TEST_ADMIN_PASSWORD);
    const out = await agent.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { 'x-csrf-token': 'faux', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'json=true',
    });
    expect(out.statusCode).toBe(400);
    expect(out.json()).toEqual({ message: 'Could not fetch CSRF Token for signing out' });
    const withoutToken = await t.app.inject({
      method: 'POST',
      url: '/api/metiers',
      headers: { cookie: sessionCookie(agent) },
      payload: { code: 'SANS', libelle: 'Sans jeton' },
    });
    expect(withoutToken.statusCode).toBe(403);
    expect(withoutToken.json()).toMatchObject({ code: 'csrf' });
    for (const [method, url] of [
      ['PUT', '/api/metiers/x'],
      ['DELETE', '/api/profils/x'],
      ['POST', '/api/maintenance/activer'],
      ['POST', '/api/auth/change-password'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { cookie: sessionCookie(agent), 'x-csrf-token': 'faux' },
        payload: {},
      });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
    }
    // Still signed in: a refused request changed nothing.
    expect((await agent.inject({ method: 'GET', url: '/api/auth/session' })).json()).toHaveProperty(
      'user',
    );
  });

  it("answers absolute addresses on the product's origin, whatever Host the request names", async () => {
    const forged = {
      host: 'piege.example',
      'x-forwarded-host': 'piege.example',
      'x-forwarded-proto': 'https',
    };
    const providers = await t.app.inject({
      method: 'GET',
      url: '/api/auth/providers',
      headers: forged,
    });
    expect(providers.json()).toMatchObject({
      credentials: {
        signinUrl: `${ORIGIN}/api/auth/signin/credentials`,
        callbackUrl: `${ORIGIN}/api/auth/callback/credentials`,
      },
    });
    const agent = t.agent();
    await t.fetchCsrf(agent);
    const signedIn = await agent.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers: { ...forged, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        csrfToken: agent.csrfToken!,
        // next-auth/react sends the page's absolute address: kept, on this origin only.
        callbackUrl: `${ORIGIN}/metiers?page=2#haut`,
        json: 'true',
        login: TEST_ADMIN.login,
        password: TEST_ADMIN_PASSWORD,
      }).toString(),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ url: `${ORIGIN}/metiers?page=2#haut` });
  });
});

describe('sign-in service with PUBLIC_URL', () => {
  const PUBLIC = 'https://examens.example.org';
  let p: TestApp;
  beforeAll(async () => {
    p = await startTestApp({ publicUrl: `${PUBLIC}/office/` });
    await p.asAdmin();
  });
  afterAll(async () => p.close());

  it('answers sign-in, errors and sign-out on that origin; another origin is reduced to a path', async () => {
    const answer = async (callbackUrl: string, password: string) => {
      const agent = p.agent();
      await p.fetchCsrf(agent);
      const response = await agent.inject({
        method: 'POST',
        url: '/api/auth/callback/credentials',
        headers: { host: 'piege.example', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          csrfToken: agent.csrfToken!,
          callbackUrl,
          json: 'true',
          login: TEST_ADMIN.login,
          password,
        }).toString(),
      });
      return { agent, status: response.statusCode, url: response.json<{ url: string }>().url };
    };
    expect(await answer('/metiers', 'pas-le-bon')).toMatchObject({
      status: 401,
      url: `${PUBLIC}/connexion?error=CredentialsSignin&callbackUrl=%2Fmetiers`,
    });
    expect(await answer(`${PUBLIC}/metiers`, TEST_ADMIN_PASSWORD)).toMatchObject({
      status: 200,
      url: `${PUBLIC}/metiers`,
    });
    const offSite = await answer('https://ailleurs.example/piege?x=1', TEST_ADMIN_PASSWORD);
    expect(offSite).toMatchObject({ status: 200, url: `${PUBLIC}/piege?x=1` });
    const { agent } = offSite;
    await p.fetchCsrf(agent);
    const out = await agent.inject({
      method: 'POST',
      url: '/api/auth/signout',
      ...form({ csrfToken: agent.csrfToken!, callbackUrl: '//ailleurs.example/x', json: 'true' }),
    });
    expect(out.json()).toEqual({ url: `${PUBLIC}/x` });
  });
});

describe('password rules', () => {
  it('confines a user with is_change_password = 0 to the password change (403 elsewhere)', async () => {
    const profile = await admin.inject({
      method: 'POST',
      url: '/api/profils',
      payload: { libelle: 'Métiers', permissions: ['configuration.metiers'] },
    });
    await admin.inject({
      method: 'POST',
      url: '/api/utilisateurs',
      payload: {
        nom: 'Kaboré',
        prenoms: 'Issa',
        login: 'issa@test.local',
        telephone: '+22670000001',
        profilId: profile.json<{ id: string }>().id,
        motDePasse: 'Temporaire-2026',
      },
    });
    const { agent } = await t.signIn('issa@test.local', 'Temporaire-2026');
    const session = (await agent.inject({ method: 'GET', url: '/api/auth/session' })).json<{
      user: { is_change_password: number };
    }>();
    expect(session.user.is_change_password).toBe(0);
    const refused = await agent.inject({ method: 'GET', url: '/api/metiers' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'mot-de-passe-a-changer' });

    const tooShort = await agent.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'Temporaire-2026', newPassword: 'court' },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({
      errors: { newPassword: 'Le mot de passe compte au moins 8 caractères.' },
    });
    const common = await agent.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'Temporaire-2026', newPassword: 'password1' },
    });
    expect(common.json()).toMatchObject({
      errors: {
        newPassword: 'Ce mot de passe fait partie des plus courants : choisissez-en un autre.',
      },
    });
    const wrongCurrent = await agent.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'pas-le-bon', newPassword: 'Nouveau-Examens-9' },
    });
    expect(wrongCurrent.json()).toMatchObject({
      errors: { currentPassword: 'Le mot de passe actuel est incorrect.' },
    });
    const ok = await agent.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'Temporaire-2026', newPassword: 'Nouveau-Examens-9' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await agent.inject({ method: 'GET', url: '/api/metiers' })).statusCode).toBe(200);

    // A reset by an administrator confines them again (read once the password change is
    // projected: without X-Min-Position a busy machine answered the version before it, and 412).
    const users = (
      await admin.inject({
        method: 'GET',
        url: '/api/utilisateurs?filter={"q":"issa@"}',
        headers: { 'x-min-position': await t.eventStore.headPosition() },
      })
    ).json<{ id: string; version: number }[]>();
    const reset = await admin.inject({
      method: 'POST',
      url: `/api/utilisateurs/${users[0]!.id}/reinitialiser-mot-de-passe`,
      headers: { 'if-match': `W/"${users[0]!.version}"` },
      payload: { motDePasse: 'Encore-Temporaire-1' },
    });
    expect(reset.statusCode).toBe(200);
    // The reset ended their session; signed in again with the temporary password,
    // they are confined to the password change.
    expect((await agent.inject({ method: 'GET', url: '/api/metiers' })).statusCode).toBe(401);
    const again = await t.signIn('issa@test.local', 'Encore-Temporaire-1');
    expect(again.response.statusCode).toBe(200);
    expect((await again.agent.inject({ method: 'GET', url: '/api/metiers' })).statusCode).toBe(403);
  });
});

describe('permissions, on the server', () => {
  it('refuses every dashboard route of the table to a user without its permissions (POST /api/can/uniq)', async () => {
    const { agent } = await userWith(['compte.enregistrer'], 'minimal@test.local');
    const guarded = DASHBOARD_ROUTES.filter((route) => route.permissions.length > 0);
    expect(guarded.length).toBeGreaterThan(80);
    for (const route of guarded) {
      const answer = await agent.inject({
        method: 'POST',
        url: '/api/can/uniq',
        payload: { path: `/tableau-de-bord/${route.path}/` },
      });
      expect({ path: route.path, can: answer.json<{ can: boolean }>().can }).toEqual({
        path: route.path,
        can: false,
      });
      // The administrator may open every one of them.
      const allowed = await admin.inject({
        method: 'POST',
        url: '/api/can/uniq',
        payload: { path: `/tableau-de-bord/${route.path}` },
      });
      expect({ path: route.path, can: allowed.json<{ can: boolean }>().can }).toEqual({
        path: route.path,
        can: true,
      });
    }
    // Routes open to every signed-in user.
    for (const path of [
      '/tableau-de-bord',
      '/tableau-de-bord/informations',
      '/tableau-de-bord/mon-compte',
    ])
      expect(
        (await agent.inject({ method: 'POST', url: '/api/can/uniq', payload: { path } })).json(),
      ).toEqual({ can: true });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/can/uniq',
      payload: { permissions: ['utilisateur.lister'] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 401 to a visitor and 403 to a user without the permission, on every API resource of the table', async () => {
    const resources = [
      ...new Set(DASHBOARD_ROUTES.flatMap((r) => (r.resource ? [r.resource] : []))),
    ];
    expect(resources).toEqual(
      expect.arrayContaining(['metiers', 'profils', 'utilisateurs', 'enroleurs', 'sessions']),
    );
    // …the sign-in journal, read-only (no history, no command: checked in its own spec), the
    // candidatures and the inscrits, the changes of every dossier (read-only, no history) and
    // the lists of agents (no history; created only), the automatic allocations (no history;
    // created only), the registration incidents and « Mes incidents » (read-only), the « Liste
    // d’examen » (read-only). (métiers, patrons and apprentis among the lists with a path.)
    // Exam space: the identity corrections' history and the sessions' references (read-only views;
    // their commands are the dossiers' and the sessions'); the exam incidents (both of their
    // routes show the one resource); grades: the settings, the marks and the two histories of
    // grade changes (read-only views; their commands are the grade routes').
    // Admissions: the juries' deliberations and the deliberated results (read-only views; their
    // commands are the deliberation routes'); the archived PVs (created only, no history) and the
    // visibility of results (a read-only view; its command, `PUT /api/visibilites-resultats/:id`,
    // is checked in minutes.routes.int.spec). Admission decisions: the minister's signature
    // (deposited only) and the decisions (prepared, refreshed, signed; never modified nor deleted).
    // Attestations: the admitted candidates (a read-only view, no history; its documents are asked
    // for through `POST /api/attestations/documents`, checked in attestations.routes.int.spec).
    // Work at volume: the bulk runs and their outcomes (created only, no history), the payment
    // statements (imported, decided, applied; no history).
    expect(resources.length).toBe(
      13 + 2 + 1 + 4 + 2 + 2 + 2 + 1 + 3 + REFERENCE_LISTS.filter((l) => l.path).length,
    );
    const withoutHistory = [
      'journal-connexions',
      'historique-candidatures',
      'listes-candidats',
      'affectations-automatiques',
      'corrections-identite',
      'notes',
      'historique-notes',
      'historique-notes-contentieux',
      'resultats',
      'archives-pv',
      'attestations',
      'lots-candidatures',
      'resultats-lots-candidatures',
      'releves-paiement',
    ];
    // Lists another screen chooses from, or offers, are also readable by that screen's holders.
    const referenced = new Set([
      ...AGGREGATES.flatMap((m) => m.references.map((r) => r.resource)),
      ...REFERENCE_LISTS.filter((l) => l.offeredOn).map((l) => l.name),
    ]);
    for (const resource of resources) {
      // Without any permission of the routes showing it (« Référence d’examen » has two).
      const { agent } = await userWith(
        PERMISSION_CODES.filter((code) => !resourceRequirement(resource, 'read').includes(code)),
        `sans-${resource}@test.local`,
      );
      // Read-only views: the journal (no history either), the validated dossiers (no command).
      const readOnly = [
        'journal-connexions',
        'inscrits',
        'historique-candidatures',
        'mes-incidents',
        'liste-examen',
        'corrections-identite',
        'references-examen',
        // Grades: the settings, the marks and their histories are read here, changed by the
        // grade routes (checked in grades.routes.int.spec).
        'configurations-notes',
        'notes',
        'historique-notes',
        'historique-notes-contentieux',
        // Deliberations and results: changed by the deliberation routes (deliberations spec).
        'deliberations',
        'resultats',
        // Changed by `PUT /api/visibilites-resultats/:sessionId` (minutes spec).
        'visibilites-resultats',
        // Written by the workers when its documents are asked for (attestations spec).
        'attestations',
        // Each dossier's outcome of a bulk run, written by the run (candidatureBulk spec).
        'resultats-lots-candidatures',
      ].includes(resource);
      const reads = [`/api/${resource}`, `/api/${resource}/x`, `/api/${resource}/x/historique`];
      if (withoutHistory.includes(resource)) reads.pop();
      for (const url of reads) {
        expect({ url, status: (await t.app.inject({ method: 'GET', url })).statusCode }).toEqual({
          url,
          status: 401,
        });
      }
      // Profiles are readable by whoever reads users (the users' list shows profile names).
      // Profiles, centres de dépôt and examens are also read by the users', enrôleurs' and sessions' screens.
      if (
        !['profils', 'centres-depot', 'examens'].includes(resource) &&
        !referenced.has(resource)
      ) {
        for (const url of reads.slice(0, 2))
          expect({ url, status: (await agent.inject({ method: 'GET', url })).statusCode }).toEqual({
            url,
            status: 403,
          });
      }
      const commands: ['POST' | 'PUT' | 'DELETE', string][] =
        resource === 'listes-candidats' ||
        resource === 'affectations-automatiques' ||
        resource === 'archives-pv' ||
        resource === 'signatures-ministre' ||
        resource === 'lots-candidatures'
          ? [['POST', `/api/${resource}`]]
          : resource === 'releves-paiement'
            ? // Imported, its doubtful lines decided, applied; never modified nor deleted.
              [
                ['POST', `/api/${resource}`],
                ['POST', `/api/${resource}/x/decisions`],
                ['POST', `/api/${resource}/x/appliquer`],
              ]
            : resource === 'incidents-inscription'
              ? // Recording one is « Mes incidents »' action; its statut and deletion are this list's.
                [
                  ['POST', `/api/${resource}/x/statut`],
                  ['DELETE', `/api/${resource}/x`],
                ]
              : resource === 'incidents-examen'
                ? // Recorded, attached to and moved on; never modified nor deleted.
                  [
                    ['POST', `/api/${resource}`],
                    ['POST', `/api/${resource}/x/statut`],
                    ['POST', `/api/${resource}/x/piece-jointe`],
                  ]
                : [
                    ['POST', `/api/${resource}`],
                    ['PUT', `/api/${resource}/x`],
                    resource === 'utilisateurs' || resource === 'enroleurs'
                      ? ['POST', `/api/${resource}/x/desactiver`]
                      : resource === 'sessions'
                        ? ['POST', `/api/${resource}/x/avancer`]
                        : ['DELETE', `/api/${resource}/x`],
                  ];
      // Admission decisions are prepared, refreshed and signed; never modified nor deleted.
      if (resource === 'decisions-admission')
        commands.splice(
          1,
          2,
          ['POST', `/api/${resource}/x/actualiser`],
          ['POST', `/api/${resource}/x/apposer-signature`],
        );
      for (const [method, url] of readOnly ? [] : commands) {
        const response = await agent.inject({
          method,
          url,
          headers: { 'if-match': 'W/"0"' },
          payload: {},
        });
        expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
        expect(resourceRequirement(resource, 'write').length).toBeGreaterThan(0);
      }
    }
  });

  it('lets a list-only profile read but not write, and records the user as the actor of what they do', async () => {
    const { agent, id } = await userWith(['configuration.metiers'], 'metiers@test.local');
    const created = await agent.inject({
      method: 'POST',
      url: '/api/metiers',
      payload: { code: 'AGENT', libelle: 'Métier créé par un agent' },
    });
    expect(created.statusCode).toBe(201);
    const events = await t.eventStore.readStream(`metiers-${created.json<{ id: string }>().id}`);
    expect(events[0]!.metadata.actor).toEqual({ id, name: 'Awa Diallo' });
    expect((await agent.inject({ method: 'GET', url: '/api/utilisateurs' })).statusCode).toBe(403);
    expect(
      (
        await agent.inject({
          method: 'POST',
          url: '/api/maintenance/activer',
          payload: { message: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('answers signed-in reads without writing the session, and sees a profile change at once', async () => {
    const { agent } = await userWith(['configuration.metiers'], 'lecteur@test.local');
    const sessionsDb = new Database(join(t.dir, 'sessions.db'), { readonly: true });
    const stored = () =>
      sessionsDb.prepare('SELECT data, expires FROM sessions ORDER BY id').all() as unknown[];
    try {
      // The password change just saved the session; reads within the minute write nothing.
      const before = stored();
      for (let i = 0; i < 5; i += 1) {
        const list = await agent.inject({ method: 'GET', url: '/api/metiers' });
        expect(list.statusCode).toBe(200);
        expect(list.headers['set-cookie']).toBeUndefined();
      }
      expect(stored()).toEqual(before);
    } finally {
      sessionsDb.close();
    }
    // The cached principal follows its profile's stream: a permission removed counts at once.
    const me = await agent.inject({ method: 'GET', url: '/api/auth/session' });
    const profilId = me.json<{ user: { profilId: string } }>().user.profilId;
    const profile = await admin.inject({ method: 'GET', url: `/api/profils/${profilId}` });
    const changed = await admin.inject({
      method: 'PUT',
      url: `/api/profils/${profilId}`,
      headers: { 'if-match': String(profile.json<{ version: number }>().version) },
      payload: { libelle: 'Profil réduit', permissions: ['configuration.langues'] },
    });
    expect(changed.statusCode).toBe(200);
    expect((await agent.inject({ method: 'GET', url: '/api/metiers' })).statusCode).toBe(403);
  });

  it('ends the session of a deactivated user at their next request', async () => {
    const { agent, id } = await userWith(['utilisateur.lister'], 'bientot-inactif@test.local');
    expect((await agent.inject({ method: 'GET', url: '/api/utilisateurs' })).statusCode).toBe(200);
    const doc = (await admin.inject({ method: 'GET', url: `/api/utilisateurs/${id}` })).json<{
      version: number;
    }>();
    const off = await admin.inject({
      method: 'POST',
      url: `/api/utilisateurs/${id}/desactiver`,
      headers: { 'if-match': `W/"${doc.version}"` },
    });
    expect(off.statusCode).toBe(200);
    expect((await agent.inject({ method: 'GET', url: '/api/utilisateurs' })).statusCode).toBe(401);
    const again = await t.signIn('bientot-inactif@test.local', 'Personnel-Examens-7');
    expect(again.response.statusCode).toBe(401);
  });
});

describe('accounts', () => {
  it('refuses a second account with the same login (409) and an unknown permission (400)', async () => {
    const profiles = (await admin.inject({ method: 'GET', url: '/api/profils' })).json<
      { id: string }[]
    >();
    const duplicate = await admin.inject({
      method: 'POST',
      url: '/api/utilisateurs',
      payload: {
        nom: 'Autre',
        prenoms: 'Admin',
        login: TEST_ADMIN.login.toUpperCase(),
        telephone: '70000000',
        profilId: profiles[0]!.id,
        motDePasse: 'Temporaire-2026',
      },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: 'Cet identifiant est déjà utilisé.' });
    const unknown = await admin.inject({
      method: 'POST',
      url: '/api/profils',
      payload: { libelle: 'Bizarre', permissions: ['tout.faire'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: { permissions: 'Permission inconnue.' } });
  });

  it('refuses to delete a profile while a user holds it, and to deactivate oneself', async () => {
    const session = (await admin.inject({ method: 'GET', url: '/api/auth/session' })).json<{
      user: { id: string; profilId: string };
    }>();
    const profile = (
      await admin.inject({ method: 'GET', url: `/api/profils/${session.user.profilId}` })
    ).json<{ version: number }>();
    const remove = await admin.inject({
      method: 'DELETE',
      url: `/api/profils/${session.user.profilId}`,
      headers: { 'if-match': `W/"${profile.version}"` },
    });
    expect(remove.statusCode).toBe(409);
    const me = (await admin.inject({ method: 'GET', url: '/api/mon-compte' })).json<{
      version: number;
      is_change_password: number;
    }>();
    expect(me.is_change_password).toBe(1);
    const self = await admin.inject({
      method: 'POST',
      url: `/api/utilisateurs/${session.user.id}/desactiver`,
      headers: { 'if-match': `W/"${me.version}"` },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      message: 'Vous ne pouvez pas désactiver votre propre compte.',
    });
  });

  it('never lets a password hash reach a read model, an answer or a history', async () => {
    const list = await admin.inject({ method: 'GET', url: '/api/utilisateurs' });
    expect(list.body).not.toMatch(/scrypt\$/);
    const first = list.json<{ id: string }[]>()[0]!;
    const history = await admin.inject({
      method: 'GET',
      url: `/api/utilisateurs/${first.id}/historique`,
    });
    expect(history.statusCode).toBe(200);
    expect(history.body).not.toMatch(/scrypt\$/);
    expect((await admin.inject({ method: 'GET', url: '/api/auth/session' })).body).not.toMatch(
      /scrypt\$/,
    );
  });

  it('switches maintenance on and off; the public answer follows at once', async () => {
    const on = await admin.inject({
      method: 'POST',
      url: '/api/maintenance/activer',
      payload: { message: 'Retour à 14 h.' },
    });
    expect(on.statusCode).toBe(200);
    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/maintenance',
      headers: { 'x-min-position': on.json<{ position: string }>().position },
    });
    expect(seen.json()).toEqual({ active: true, message: 'Retour à 14 h.' });
    const off = await admin.inject({ method: 'POST', url: '/api/maintenance/desactiver' });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/maintenance',
      headers: { 'x-min-position': off.json<{ position: string }>().position },
    });
    expect(after.json()).toEqual({ active: false, message: '' });
  });
});
