import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { STRICT_TRANSPORT_SECURITY } from '@examens-pro/platform';
import { startTestApp, TEST_ADMIN, TEST_ADMIN_PASSWORD } from '../testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

const ROOT = resolve(__dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The gateway's address as docker-compose gives it (the only proxy the services believe). */
const GATEWAY = '172.28.0.10';

describe('behind a TLS proxy, the session cookie is Secure and HSTS is sent', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ trustedProxies: [GATEWAY] });
    await t.asAdmin();
  });
  afterAll(async () => t?.close());

  /** Signs in as the administrator from `remoteAddress`, saying `proto` in X-Forwarded-Proto. */
  const signInVia = async (remoteAddress: string, proto: string) => {
    const headers = { 'x-forwarded-proto': proto, 'x-forwarded-for': '198.51.100.7' };
    const csrf = await t.app.inject({
      method: 'GET',
      url: '/api/auth/csrf',
      remoteAddress,
      headers,
    });
    const cookie = csrf.cookies.find((c) => c.name === 'examens_session');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      remoteAddress,
      headers: {
        ...headers,
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie: `examens_session=${cookie.value}` } : {}),
      },
      payload: new URLSearchParams({
        csrfToken: csrf.json<{ csrfToken: string }>().csrfToken,
        callbackUrl: '/tableau-de-bord',
        json: 'true',
        login: TEST_ADMIN.login,
        password: TEST_ADMIN_PASSWORD,
      }).toString(),
    });
    expect(signedIn.statusCode).toBe(200);
    return {
      cookie: signedIn.cookies.find((c) => c.name === 'examens_session'),
      hsts: signedIn.headers['strict-transport-security'],
    };
  };

  it('through the gateway saying https: a Secure cookie, and HSTS', async () => {
    const { cookie, hsts } = await signInVia(GATEWAY, 'https');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(hsts).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it('over plain HTTP, or from anyone else saying https: no Secure cookie, no HSTS', async () => {
    for (const [peer, proto] of [
      [GATEWAY, 'http'],
      ['192.0.2.10', 'https'],
    ] as const) {
      const { cookie, hsts } = await signInVia(peer, proto);
      expect({ peer, proto, secure: cookie?.secure ?? false, hsts }).toEqual({
        peer,
        proto,
        secure: false,
        hsts: undefined,
      });
    }
  });
});

describe('the gateway is ready for TLS', () => {
  const nginx = read('gateway/nginx.conf');

  /** The value a `map` gives for `default`, and its other lines. */
  const mapOf = (config: string, variable: string) =>
    new RegExp(`map (\\S+) \\$${variable} \\{([^}]*)\\}`).exec(config);

  it('forwards the outer proxy’s proto (http or https only), else its own scheme', () => {
    const map = mapOf(nginx, 'forwarded_proto');
    expect(map?.[1]).toBe('$http_x_forwarded_proto');
    const lines = map![2]!;
    expect(lines).toMatch(/default \$scheme;/);
    expect(lines).toMatch(/https;/);
    // Nothing but http and https is taken from the client.
    expect(lines).not.toMatch(/\$http_x_forwarded_proto;/);
    const sent = [...nginx.matchAll(/proxy_set_header X-Forwarded-Proto (\S+);/g)].map((m) => m[1]);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(new Set(sent)).toEqual(new Set(['$forwarded_proto']));
    expect(nginx).not.toMatch(/X-Forwarded-Proto \$scheme/);
  });

  it('sends HSTS with the UI files when the request came over https, by whichever proxy', () => {
    const map = mapOf(nginx, 'ui_strict_transport_security');
    expect(map?.[1]).toBe('"$forwarded_proto:$uri"');
    expect(map![2]).toMatch(/~\^https: "max-age=31536000; includeSubDomains";/);
  });

  it('can terminate TLS itself, given a certificate: https forwarded as such, the client’s address kept', () => {
    const tls = read('gateway/tls.conf');
    expect(tls).toMatch(/listen 443 ssl;/);
    expect(tls).toMatch(/ssl_certificate \/etc\/nginx\/tls\/\S+;/);
    expect(tls).toMatch(/ssl_certificate_key \/etc\/nginx\/tls\/\S+;/);
    expect(tls).toMatch(/ssl_protocols TLSv1\.2 TLSv1\.3;/);
    expect(tls).toMatch(/proxy_set_header X-Forwarded-Proto https;/);
    expect(tls).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    // The port-80 server believes the address only from the TLS server beside it.
    expect(nginx).toMatch(/set_real_ip_from 127\.0\.0\.1;/);
    expect(nginx).toMatch(/real_ip_header X-Forwarded-For;/);
    const override = parse(read('docker-compose.tls.yml')) as {
      services: { gateway: { ports: string[]; volumes: string[] } };
    };
    expect(override.services.gateway.ports).toContain('443:443');
    expect(override.services.gateway.volumes).toEqual(
      expect.arrayContaining([
        './gateway/tls.conf:/etc/nginx/conf.d/tls.conf:ro',
        expect.stringMatching(/^\$\{TLS_CERT_DIR:\?[^}]+\}:\/etc\/nginx\/tls:ro$/),
      ]),
    );
  });
});
