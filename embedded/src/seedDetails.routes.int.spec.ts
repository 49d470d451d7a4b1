/**
 * Seed §2 rule 4 and §7 (the per-path lookup and the redirections staff set), §7's
 * `POST /api/can/uniq` in both forms, the maintenance mode for a refused staff user, and the
 * permission « Configurer les centres de composition ».
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DASHBOARD_ROUTES } from '@examens-pro/domain';
import { startTestApp, type Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
/** Holds « Activer ou désactiver le mode maintenance », which sets the redirections. */
let siteAdmin: Agent;
/** Holds only « Configurer les métiers ». */
let refused: Agent;

interface Lookup {
  path: string;
  redirect: string | null;
  middleware: { auth: boolean; permission: boolean; maintenance: boolean; changePassword: boolean };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  siteAdmin = await t.userWith(['administration.maintenance'], 'site.admin@test.local', undefined, {
    nom: 'Mbarga',
    prenoms: 'Céline',
  });
  refused = await t.userWith(['configuration.metiers'], 'metiers.seul@test.local');
});
afterAll(async () => t.close());

const lookup = async (chemin: string) =>
  t.app.inject({ method: 'GET', url: `/api/public/chemins?chemin=${encodeURIComponent(chemin)}` });

/** The lookup once the projections have caught up with the last command (at most 5 s). */
const lookupUntil = async (chemin: string, expected: string | null): Promise<Lookup> => {
  const until = Date.now() + 5000;
  for (;;) {
    const answer = (await lookup(chemin)).json<Lookup>();
    if (answer.redirect === expected || Date.now() > until) return answer;
    await new Promise((done) => setTimeout(done, 50));
  }
};

const create = (agent: Agent, payload: Record<string, unknown>) =>
  agent.inject({ method: 'POST', url: '/api/redirections', payload });

describe('the per-path lookup (GET /api/public/chemins)', () => {
  it('answers every visitor the flags of a path, no redirect while none is set, cacheable', async () => {
    const home = await lookup('/diplomes/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('public, max-age=30');
    expect(home.headers['set-cookie']).toBeUndefined();
    expect(home.json()).toEqual({
      path: '/diplomes',
      redirect: null,
      middleware: { auth: false, permission: false, maintenance: true, changePassword: true },
    });
    expect((await lookup('/tableau-de-bord/configuration/metiers')).json<Lookup>()).toMatchObject({
      redirect: null,
      middleware: { auth: true, permission: true, maintenance: false, changePassword: true },
    });
    expect((await lookup('/tableau-de-bord/mon-compte')).json<Lookup>().middleware).toEqual({
      auth: true,
      permission: false,
      maintenance: false,
      changePassword: true,
    });
    expect((await lookup('/connexion')).json<Lookup>().middleware).toEqual({
      auth: false,
      permission: false,
      maintenance: false,
      changePassword: false,
    });
    // The refusal page stays open in maintenance (a refused staff user reads why).
    expect((await lookup('/acces-non-autorise')).json<Lookup>().middleware.maintenance).toBe(false);
  });

  it('refuses a lookup without a path, in French', async () => {
    for (const url of ['/api/public/chemins', '/api/public/chemins?chemin=diplomes']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        message: 'Indiquez le chemin de la page, commençant par « / » (paramètre chemin).',
      });
    }
  });
});

describe('the redirections (Configuration › Redirections)', () => {
  it('lets only the holders of the maintenance switch set one, recorded with its actor', async () => {
    const denied = await create(refused, { chemin: '/ancien-resultat', cible: '/resultat-examen' });
    expect(denied.statusCode).toBe(403);
    const visitor = t.agent();
    await t.fetchCsrf(visitor);
    expect((await create(visitor, { chemin: '/x', cible: '/y' })).statusCode).toBe(401);

    const created = await create(siteAdmin, {
      chemin: '/ancien-resultat',
      cible: '/resultat-examen',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const found = await lookupUntil('/ancien-resultat/', '/resultat-examen');
    expect(found).toMatchObject({ path: '/ancien-resultat', redirect: '/resultat-examen' });

    const history = (
      await siteAdmin.inject({ method: 'GET', url: `/api/redirections/${id}/historique` })
    ).json<{ action: string; actor: string }[]>();
    expect(history).toEqual([expect.objectContaining({ action: 'Création' })]);
    expect(history[0]!.actor).toContain('Mbarga');

    // Deactivated, it no longer applies; reactivated, it does again.
    const item = (await siteAdmin.inject({ method: 'GET', url: `/api/redirections/${id}` })).json<{
      version: number;
      libelle: string;
    }>();
    expect(item.libelle).toBe('/ancien-resultat');
    const off = await siteAdmin.inject({
      method: 'POST',
      url: `/api/redirections/${id}/desactiver`,
      headers: { 'if-match': `W/"${item.version}"` },
    });
    expect(off.statusCode).toBe(200);
    expect((await lookupUntil('/ancien-resultat', null)).redirect).toBeNull();
  });

  it('serves an absolute address as it was set (the client loads a full page)', async () => {
    const created = await create(siteAdmin, {
      chemin: '/tableau-de-bord/ancien-ecran',
      cible: 'https://archives.examens.example/ancien-ecran?x=1',
    });
    expect(created.statusCode).toBe(201);
    expect(
      (
        await lookupUntil(
          '/tableau-de-bord/ancien-ecran',
          'https://archives.examens.example/ancien-ecran?x=1',
        )
      ).middleware,
    ).toMatchObject({ auth: true });
  });

  it('refuses bad input with a French message per field, and changes nothing', async () => {
    const before = await t.eventStore.headPosition();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ chemin: '', cible: '/diplomes' }, 'chemin', '« Chemin » est obligatoire.'],
      [
        { chemin: 'ancienne-page', cible: '/diplomes' },
        'chemin',
        'Le chemin commence par « / » et ne contient ni espace, ni « ? », ni « # » (par exemple /ancienne-page).',
      ],
      [
        { chemin: '/ancienne-page/', cible: '/diplomes' },
        'chemin',
        'Indiquez le chemin sans « / » final : les deux écritures sont la même page.',
      ],
      [
        { chemin: '/connexion', cible: '/diplomes' },
        'chemin',
        'Cette page ne peut pas être redirigée : la connexion, le changement de mot de passe, l’accès refusé et la maintenance restent toujours accessibles.',
      ],
      [
        { chemin: '/api/metiers', cible: '/diplomes' },
        'chemin',
        'Les adresses de l’API (/api/…) ne se redirigent pas.',
      ],
      [
        { chemin: '/a', cible: 'javascript:alert(1)' },
        'cible',
        'Une adresse complète commence par http:// ou https:// et ne contient pas d’espace.',
      ],
      [
        { chemin: '/a', cible: 'diplomes' },
        'cible',
        'La destination est un chemin commençant par « / » (par exemple /diplomes) ou une adresse complète (https://…).',
      ],
      [
        { chemin: '/a', cible: '/a/' },
        'cible',
        'La destination doit être une autre page que le chemin redirigé.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await create(siteAdmin, payload);
      expect({ payload, status: answer.statusCode }).toEqual({ payload, status: 400 });
      const body = answer.json<{ message: string; errors?: Record<string, string> }>();
      expect({ payload, error: body.errors?.[field] ?? body.message }).toEqual({
        payload,
        error: message,
      });
    }
    // One redirection per path.
    const first = await create(siteAdmin, { chemin: '/deplacee', cible: '/diplomes' });
    expect(first.statusCode).toBe(201);
    const after = await t.eventStore.headPosition();
    const second = await create(siteAdmin, { chemin: '/deplacee', cible: '/paiement' });
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toBe(
      'Une redirection existe déjà pour ce chemin.',
    );
    expect(await t.eventStore.headPosition()).toBe(after);
    expect(after).not.toBe(before);
  });
});

describe('POST /api/can/uniq', () => {
  it('answers the route’s permission requirement (seed §7 body) as the path form does', async () => {
    const enroleur = await t.userWith(
      ['candidat.lister-inscrits', 'candidat.enregistrer', 'configuration.metiers'],
      'enroleur.can@test.local',
      await centreDepot(),
    );
    for (const agent of [admin, refused, siteAdmin, enroleur])
      for (const route of DASHBOARD_ROUTES) {
        const byPermissions = await agent.inject({
          method: 'POST',
          url: '/api/can/uniq',
          payload: { permissions: route.permissions },
        });
        const byPath = await agent.inject({
          method: 'POST',
          url: '/api/can/uniq',
          payload: { path: `/tableau-de-bord/${route.path}` },
        });
        expect(byPermissions.statusCode).toBe(200);
        expect({ route: route.path, can: byPermissions.json<{ can: boolean }>().can }).toEqual({
          route: route.path,
          can: byPath.json<{ can: boolean }>().can,
        });
      }
    const can = async (agent: Agent, permissions: string[]) =>
      (
        await agent.inject({ method: 'POST', url: '/api/can/uniq', payload: { permissions } })
      ).json<{ can: boolean }>().can;
    expect(await can(refused, ['configuration.metiers'])).toBe(true);
    expect(await can(refused, ['utilisateur.lister'])).toBe(false);
    expect(await can(siteAdmin, ['administration.maintenance'])).toBe(true);
    const neither = await refused.inject({ method: 'POST', url: '/api/can/uniq', payload: {} });
    expect(neither.statusCode).toBe(400);
    expect(neither.json<{ message: string }>().message).toBe(
      'Indiquez « permissions » (liste) ou « path » (chemin).',
    );
  });

  it('lets « Configurer les centres de composition » open the sites de composition', async () => {
    const holder = await t.userWith(['configuration.centres-composition'], 'centres@test.local');
    const answer = await holder.inject({
      method: 'POST',
      url: '/api/can/uniq',
      payload: { path: '/tableau-de-bord/configuration/examen-session/sites-de-composition' },
    });
    expect(answer.json()).toEqual({ can: true });
    expect((await holder.inject({ method: 'GET', url: '/api/sites-composition' })).statusCode).toBe(
      200,
    );
  });
});

describe('maintenance mode and a refused staff user', () => {
  it('keeps refusing by permission (not by maintenance), and keeps /acces-non-autorise open', async () => {
    const on = await admin.inject({
      method: 'POST',
      url: '/api/maintenance/activer',
      payload: { message: 'Migration en cours.' },
    });
    expect(on.statusCode).toBe(200);
    try {
      const until = Date.now() + 5000;
      let state = { active: false };
      while (!state.active && Date.now() < until) {
        state = (await t.app.inject({ method: 'GET', url: '/api/maintenance' })).json();
        await new Promise((done) => setTimeout(done, 50));
      }
      expect(state).toMatchObject({ active: true, message: 'Migration en cours.' });
      // The staff user still has a session and is refused by permission: the client shows
      // /acces-non-autorise, which maintenance leaves open, not /maintenance.
      const answer = await refused.inject({
        method: 'POST',
        url: '/api/can/uniq',
        payload: { permissions: ['utilisateur.lister'] },
      });
      expect(answer.json()).toEqual({ can: false });
      expect((await lookup('/acces-non-autorise')).json<Lookup>().middleware).toMatchObject({
        maintenance: false,
      });
      expect((await lookup('/paiement')).json<Lookup>().middleware.maintenance).toBe(true);
      const session = (await refused.inject({ method: 'GET', url: '/api/auth/session' })).json<{
        user?: { login: string };
      }>();
      expect(session.user?.login).toBe('metiers.seul@test.local');
    } finally {
      await admin.inject({ method: 'POST', url: '/api/maintenance/desactiver', payload: {} });
    }
  });
});

/** A centre de dépôt, for an enrôleur. */
const centreDepot = async (): Promise<string> => {
  const [departement] = (
    await admin.inject({ method: 'GET', url: '/api/departements?range=[0,0]' })
  ).json<{ id: string }[]>();
  const created = await admin.inject({
    method: 'POST',
    url: '/api/centres-depot',
    payload: { code: 'DLA', libelle: 'Douala', departementId: departement!.id },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  return created.json<{ id: string }>().id;
};
