import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The gateway as shipped (`gateway/nginx.conf`), run by Debian's nginx with its upstreams pointed
 * at a local server that echoes what it received: who the services are told the client is, over
 * which scheme, and what body reaches them. `.ci/run` installs nginx; elsewhere, without it, the
 * suite says so loudly and is skipped.
 */
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
const required = process.env.REQUIRE_SERVERS === '1';
if (!NGINX) {
  if (required) throw new Error('nginx est introuvable (REQUIRE_SERVERS=1)');
  console.warn('\n*** nginx introuvable : la suite de la passerelle est IGNORÉE ***\n');
}
const run = NGINX ? describe : describe.skip;

const ROOT = resolve(__dirname, '../../..');

interface Echo {
  readonly xff?: string;
  readonly proto?: string;
  readonly bytes: number;
}

run('the gateway (nginx, gateway/nginx.conf as shipped)', () => {
  let dir: string;
  let upstream: Server;
  let port: number;

  const nginx = (...args: string[]) => {
    const result = spawnSync(NGINX!, ['-p', dir, '-c', join(dir, 'nginx.conf'), ...args]);
    if (result.status !== 0) throw new Error(String(result.stderr));
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gateway-'));
    mkdirSync(join(dir, 'proxies'));
    mkdirSync(join(dir, 'logs'));
    upstream = createServer((request, reply) => {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => (bytes += chunk.length));
      request.on('end', () =>
        reply.end(
          JSON.stringify({
            xff: request.headers['x-forwarded-for'],
            proto: request.headers['x-forwarded-proto'],
            bytes,
          }),
        ),
      );
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    const echo = (upstream.address() as AddressInfo).port;
    // A free port for nginx: one the system gave and took back.
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    port = (probe.address() as AddressInfo).port;
    await new Promise((done) => probe.close(done));
    const site = readFileSync(join(ROOT, 'gateway/nginx.conf'), 'utf8')
      .replace(/server [a-z-]+:8080;/g, `server 127.0.0.1:${echo};`)
      .replace('listen 80;', `listen 127.0.0.1:${port};`)
      .replace('/etc/nginx/proxies/', `${dir}/proxies/`)
      .replace('/var/log/nginx/access.log', `${dir}/logs/access.log`)
      .replace('root /usr/share/nginx/html;', `root ${dir};`);
    expect(site).toContain(`${dir}/proxies/*.conf`);
    writeFileSync(join(dir, 'site.conf'), site);
    writeFileSync(
      join(dir, 'nginx.conf'),
      [
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/logs/error.log;`,
        'events {}',
        'http {',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (name) => `  ${name}_temp_path ${dir}/${name};`,
        ),
        `  include ${dir}/site.conf;`,
        '}',
      ].join('\n'),
    );
    nginx('-t');
    nginx();
    // nginx forks and answers in its own time.
    for (let i = 0; i < 50; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((done) => setTimeout(done, 100));
    }
  });
  afterAll(async () => {
    if (dir && existsSync(join(dir, 'nginx.pid'))) nginx('-s', 'stop');
    await new Promise((done) => upstream?.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  /** A request to the gateway, from `from` (a loopback address of the test's choosing). */
  const ask = (
    path: string,
    headers: Record<string, string> = {},
    body?: Buffer,
    from = '127.0.0.1',
  ): Promise<{ status: number; echo?: Echo }> =>
    new Promise((done, fail) => {
      const sent = request(
        {
          host: '127.0.0.1',
          port,
          path,
          headers,
          localAddress: from,
          method: body ? 'POST' : 'GET',
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            done({
              status: response.statusCode ?? 0,
              echo:
                response.statusCode === 200
                  ? (JSON.parse(Buffer.concat(chunks).toString()) as Echo)
                  : undefined,
            }),
          );
        },
      );
      sent.on('error', fail);
      sent.end(body);
    });

  it('tells the services the peer’s address, never what a client claims, and the proxy’s scheme', async () => {
    const claims = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };
    // A client (any address but the TLS server's) claiming another address: its own is told.
    expect((await ask('/api/metiers', claims, undefined, '127.0.0.3')).echo).toEqual({
      xff: '127.0.0.3',
      proto: 'https',
      bytes: 0,
    });
    // 127.0.0.1 is the TLS server beside it (gateway/tls.conf): its X-Forwarded-For is believed.
    expect((await ask('/api/metiers', claims)).echo?.xff).toBe('203.0.113.9');
    const forged = await ask('/api/metiers', { 'x-forwarded-proto': 'javascript' });
    expect(forged.echo?.proto).toBe('http');
  });

  it('believes the office’s own proxy only once it is declared in gateway/proxies/', async () => {
    const chain = { 'x-forwarded-for': '203.0.113.9, 10.20.0.5' };
    // Undeclared, the proxy is the client: every client behind it would count as one address.
    expect((await ask('/api/public/resultats', chain)).echo?.xff).toBe('10.20.0.5');
    writeFileSync(join(dir, 'proxies/bureau.conf'), 'set_real_ip_from 10.20.0.0/16;\n');
    nginx('-s', 'reload');
    let xff: string | undefined;
    for (let i = 0; i < 50 && xff !== '203.0.113.9'; i++) {
      await new Promise((done) => setTimeout(done, 100));
      xff = (await ask('/api/public/resultats', chain)).echo?.xff;
    }
    expect(xff).toBe('203.0.113.9');
  });

  it('refuses an anonymous area’s body past 1 MB, and hands a list on unbuffered', async () => {
    const twoMegabytes = Buffer.alloc(2_000_000);
    expect((await ask('/api/public/resultats', {}, twoMegabytes)).status).toBe(413);
    expect((await ask('/api/auth/callback/credentials', {}, twoMegabytes)).status).toBe(413);
    expect((await ask('/api/listes-candidats/verifier', {}, twoMegabytes)).echo?.bytes).toBe(
      2_000_000,
    );
  });
});
