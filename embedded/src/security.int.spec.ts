import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import {
  CONTENT_SECURITY_POLICY,
  REFERRER_POLICY,
  STRICT_TRANSPORT_SECURITY,
  tooManyRequestsMessage,
} from '@examens-pro/platform';
import { startTestApp, type Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** `a b; c d` → { a: 'b', c: 'd' } (helmet joins directives with `;`, without a space). */
const directives = (policy: string): Record<string, string> =>
  Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...sources] = part.split(/\s+/);
        return [name!, sources.join(' ')];
      }),
  );

const expectSecurityHeaders = (response: LightMyRequestResponse, what: string): void => {
  const csp = String(response.headers['content-security-policy'] ?? '');
  const headers = {
    what,
    csp: directives(csp),
    nosniff: response.headers['x-content-type-options'],
    frame: response.headers['x-frame-options'],
    referrer: response.headers['referrer-policy'],
    hsts: response.headers['strict-transport-security'],
  };
  expect(headers).toEqual({
    what,
    csp: Object.fromEntries(
      Object.entries(CONTENT_SECURITY_POLICY).map(([name, sources]) => [name, sources.join(' ')]),
    ),
    nosniff: 'nosniff',
    frame: 'DENY',
    referrer: REFERRER_POLICY,
    // Plain HTTP from an untrusted peer: never HSTS.
    hsts: undefined,
  });
  expect(csp).not.toMatch(/unsafe-eval/);
  expect(directives(csp)['script-src']).toBe("'self'");
  expect(directives(csp)['frame-ancestors']).toBe("'none'");
};

describe('security headers on every answer', () => {
  let t: TestApp;
  let admin: Agent;
  let uiDir: string;

  beforeAll(async () => {
    // A built UI in miniature: the app's page and one hashed asset.
    uiDir = mkdtempSync(join(tmpdir(), 'ui-'));
    mkdirSync(join(uiDir, 'assets'));
    writeFileSync(
      join(uiDir, 'index.html'),
      '<!doctype html><html lang="fr"><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(uiDir, 'assets/index-abc.js'), 'console.log("ok");\n');
    t = await startTestApp({ uiDir, trustedProxies: ['10.0.0.1'] });
    admin = await t.asAdmin();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  it('on the UI: the app page, a client route, an unknown page and an asset', async () => {
    for (const url of [
      '/',
      '/tableau-de-bord/configuration/metiers',
      '/page-inconnue',
      '/assets/index-abc.js',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({
        url,
        status: url === '/page-inconnue' ? 404 : 200,
      });
      expectSecurityHeaders(response, url);
    }
  });

  it('on API answers and on error answers (401, 404, 400, 403)', async () => {
    const answers: [string, LightMyRequestResponse, number][] = [
      ['health', await t.app.inject({ method: 'GET', url: '/api/health' }), 200],
      ['session', await t.app.inject({ method: 'GET', url: '/api/auth/session' }), 200],
      ['liste', await admin.inject({ method: 'GET', url: '/api/metiers' }), 200],
      ['anonyme', await t.app.inject({ method: 'GET', url: '/api/metiers' }), 401],
      ['inconnue', await t.app.inject({ method: 'GET', url: '/api/inconnue' }), 404],
      [
        'json invalide',
        await admin.inject({
          method: 'POST',
          url: '/api/metiers',
          headers: { 'content-type': 'application/json' },
          payload: '{',
        }),
        400,
      ],
      [
        'csrf absent',
        await t.app.inject({ method: 'POST', url: '/api/metiers', payload: {} }),
        403,
      ],
    ];
    for (const [what, response, status] of answers) {
      expect({ what, status: response.statusCode }).toEqual({ what, status });
      expectSecurityHeaders(response, what);
    }
  });

  it('on a download (a generated PDF)', async () => {
    const requested = await admin.inject({
      method: 'POST',
      url: '/api/documents',
      payload: { kind: 'liste-metiers' },
    });
    expect(requested.statusCode).toBe(201);
    const { id } = requested.json<{ id: string }>();
    const deadline = Date.now() + 20_000;
    let file = await admin.inject({ method: 'GET', url: `/api/documents/${id}/fichier` });
    while (file.statusCode === 404 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      file = await admin.inject({ method: 'GET', url: `/api/documents/${id}/fichier` });
    }
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expectSecurityHeaders(file, 'pdf');
  });

  it('sends HSTS only to a request that came over TLS, as a trusted proxy says', async () => {
    const viaGateway = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaGateway.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    const page = await t.app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(page.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    // Anyone else saying so is not believed.
    const claimed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '192.0.2.10',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('rate limits per client address on the sign-in service', () => {
  const MAX = 4;
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      trustedProxies: ['10.0.0.1'],
      rateLimits: { auth: { max: MAX, windowSeconds: 60 } },
    });
  });
  afterAll(async () => t?.close());

  const attempt = (
    remoteAddress: string,
    url = '/api/auth/callback/credentials',
    forwardedFor?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      payload: new URLSearchParams({
        login: 'personne@test.local',
        password: 'faux',
        json: 'true',
      }).toString(),
    });

  const expectRefused = (response: LightMyRequestResponse, withUrl = true) => {
    expect(response.statusCode).toBe(429);
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    const body = response.json<{ message: string; code: string; url?: string }>();
    expect(body.message).toBe(tooManyRequestsMessage(seconds));
    expect(body.message).toMatch(
      /^Trop de tentatives depuis cette adresse\. Réessayez dans \d+ secondes?\.$/,
    );
    expect(body.code).toBe('trop-de-requetes');
    // Auth.js's clients read an absolute `url` with the error.
    if (withUrl) expect(body.url).toBe('http://localhost/connexion?error=TooManyRequests');
    else expect(body.url).toBeUndefined();
    expectSecurityHeaders(response, 'refus');
  };

  it('refuses the (max+1)-th password POST from one address, sign-in, callback and password change together', async () => {
    const client = '192.0.2.1';
    const urls = [
      '/api/auth/callback/credentials',
      '/api/auth/signin/credentials',
      '/api/auth/change-password',
      '/api/auth/callback/credentials',
    ];
    for (const url of urls) {
      const response = await attempt(client, url);
      expect({ url, status: response.statusCode }).not.toEqual({ url, status: 429 });
      expect(response.headers['x-ratelimit-limit']).toBe(String(MAX));
    }
    expectRefused(await attempt(client));
    expectRefused(await attempt(client, '/api/auth/signin/credentials'));
    expectRefused(await attempt(client, '/api/auth/change-password'), false);
  });

  it('still lets another address in, and never limits GET /api/auth/session', async () => {
    expect((await attempt('192.0.2.2')).statusCode).not.toBe(429);
    for (let i = 0; i < MAX * 3; i += 1) {
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        remoteAddress: '192.0.2.1',
      });
      expect(session.statusCode).toBe(200);
      expect(session.headers['x-ratelimit-limit']).toBeUndefined();
    }
    // Nor the other reads and writes of the sign-in service (csrf, sign-out).
    const csrf = await t.app.inject({
      method: 'GET',
      url: '/api/auth/csrf',
      remoteAddress: '192.0.2.1',
    });
    expect(csrf.statusCode).toBe(200);
  });

  it('does not believe X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    // The refused client cannot escape by naming another address…
    expect((await attempt('192.0.2.1', undefined, '198.51.100.7')).statusCode).toBe(429);
    // …nor charge its attempts to somebody else.
    for (let i = 0; i < MAX + 2; i += 1) await attempt('192.0.2.3', undefined, '192.0.2.4');
    expect((await attempt('192.0.2.4')).statusCode).not.toBe(429);
  });

  it('counts the address a trusted proxy (the gateway) forwards', async () => {
    // The gateway's clients each have their own budget…
    expectRefused(await attempt('10.0.0.1', undefined, '192.0.2.1'));
    expect((await attempt('10.0.0.1', undefined, '198.51.100.9')).statusCode).not.toBe(429);
    // …and the gateway itself is not one client for all of them.
    for (let i = 0; i < MAX; i += 1)
      expect((await attempt('10.0.0.1', undefined, `198.51.100.${20 + i}`)).statusCode).not.toBe(
        429,
      );
  });
});
