import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  NGINX_BINARY as NGINX,
  startLocalGateway,
  type LocalGateway,
} from '@examens-pro/platform/testing/gateway';

/**
 * The gateway as shipped (`gateway/nginx.conf`), run by Debian's nginx with its upstreams pointed
 * at a local server that echoes what it received: who the services are told the client is, over
 * which scheme, and what body reaches them. `.ci/run` installs nginx; elsewhere, without it, the
 * suite says so loudly and is skipped.
 */
const required = process.env.REQUIRE_SERVERS === '1';
if (!NGINX) {
  if (required) throw new Error('nginx est introuvable (REQUIRE_SERVERS=1)');
  console.warn('\n*** nginx introuvable : la suite de la passerelle est IGNORÉE ***\n');
}
const run = NGINX ? describe : describe.skip;

interface Echo {
  readonly xff?: string;
  readonly proto?: string;
  readonly bytes: number;
}

run('the gateway (nginx, gateway/nginx.conf as shipped)', () => {
  let gateway: LocalGateway;
  let upstream: Server;
  let port: number;
  let dir: string;
  const nginx = (...args: string[]) => gateway.nginx(...args);

  beforeAll(async () => {
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
    // Every upstream of the shipped configuration answers with what it received.
    gateway = await startLocalGateway({
      upstreams: { query_service: [echo], command_service: [echo], public_service: [echo] },
    });
    ({ port, dir } = gateway);
  });
  afterAll(async () => {
    gateway?.stop();
    await new Promise((done) => upstream?.close(done));
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
      // A connection the old workers close while the reload hands over is reset: asked again.
      xff = (await ask('/api/public/resultats', chain).catch(() => undefined))?.echo?.xff;
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
