import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RouteOptions } from 'fastify';
import { startTestApp, type Agent } from '../testApp.js';

/**
 * « No route without its guard »: every route the product registers (an `onRoute` hook: a new
 * route is covered without editing this file) is called with a placeholder id and an empty body,
 * by an anonymous client and by a signed-in user holding one unrelated permission
 * (« Configurer les langues »: its routes only change
 * that list). Apart from the routes below, each with its
 * reason, a read answers 401 to the anonymous client, a command 401 or 403 (no session, no CSRF
 * token), and every route 403 to that user, before reading anything. A guard removed from any
 * route, old or new, fails here.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let smallProfile: Agent;
const routes: { method: string; url: string }[] = [];

/** Answered without a session (a prefix ending in `/` covers every route under it). */
const PUBLIC: readonly (readonly [pattern: string, reason: string])[] = [
  ['GET /api/health', 'état du service (sondes)'],
  ['GET /api/ready', 'état des projections (sondes)'],
  ['GET /api/maintenance', 'le mode maintenance, lu par les pages publiques'],
  ['* /api/public/', 'espace public : ses propres limites (security/public*, public.routes)'],
  ['* /api/auth/', 'connexion, jeton CSRF, session, changement de mot de passe'],
  ['POST /api/can/uniq', 'question d’accès de l’appelant : 401 sans session'],
];

/** Answered to any signed-in user, or to the holder of the one permission the user has. */
const SIGNED_IN: readonly (readonly [pattern: string, reason: string])[] = [
  ['GET /api/mon-compte', 'le compte de l’appelant'],
  ['GET /api/informations', 'version, adaptateurs, session de l’appelant'],
  ['GET /api/tableau-de-bord/chiffres', 'chaque chiffre filtré par les permissions de l’appelant'],
  ['GET /api/zones/', 'géographie livrée, en lecture seule, lue par tout formulaire'],
  ['GET /api/departements/', 'géographie livrée, en lecture seule, lue par tout formulaire'],
  ['GET /api/documents/:id/', 'chaque document vérifié selon sa sorte après lecture (404 inconnu)'],
  [
    'POST /api/documents',
    'la sorte se lit dans le corps : l’utilisateur peut demander la liste des langues (400 ici)',
  ],
  ['* /api/langues/', 'la liste que l’utilisateur configure : la permission qu’il détient'],
];

const matches = (pattern: string, method: string, url: string) => {
  const [m, p] = pattern.split(' ') as [string, string];
  return (m === '*' || m === method) && (p.endsWith('/') ? `${url}/`.startsWith(p) : url === p);
};
const exceptionOf = (
  list: readonly (readonly [string, string])[],
  method: string,
  url: string,
): string | undefined => list.find(([pattern]) => matches(pattern, method, url))?.[0];

beforeAll(async () => {
  t = await startTestApp({
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
    },
  });
  smallProfile = await t.userWith(['configuration.langues'], 'petit-profil@test.local');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('every registered route', () => {
  it('refuses an anonymous client and a user without its permission, but for the routes named', async () => {
    expect(routes.length).toBeGreaterThan(300);
    const wrong: string[] = [];
    const used = new Set<string>();
    for (const { method, url } of routes) {
      const path = url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const request = { method: method as 'GET', url: path, payload: body };
      const open = exceptionOf(PUBLIC, method, url);
      const signedIn = exceptionOf(SIGNED_IN, method, url);
      if (open) {
        used.add(open);
        continue;
      }
      const anonymous = (await t.app.inject(request)).statusCode;
      const refusedAnonymous = method === 'GET' ? [401] : [401, 403];
      if (!refusedAnonymous.includes(anonymous))
        wrong.push(`${method} ${url} : anonyme ${anonymous}`);
      if (signedIn) {
        used.add(signedIn);
        continue;
      }
      const small = (await smallProfile.inject({ ...request, headers: { 'if-match': 'W/"0"' } }))
        .statusCode;
      if (small !== 403) wrong.push(`${method} ${url} : sans la permission ${small}`);
    }
    expect(wrong).toEqual([]);
    // No exception kept for a route that no longer exists.
    expect([...PUBLIC, ...SIGNED_IN].map(([p]) => p).filter((p) => !used.has(p))).toEqual([]);
  }, 180_000);
});
