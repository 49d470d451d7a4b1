import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import {
  installSessions,
  loadConfig,
  openEventStore,
  openSessionPorts,
  requireAccess,
} from '@examens-pro/platform';
import { loadPrincipal } from '@examens-pro/application';
import { percentile, round } from './machine.js';
import { startServer } from './server.js';

/** Requests per second with `clients` concurrent clients for `ms`, all answered 200. */
const throughput = async (
  url: string,
  headers: Record<string, string>,
  clients: number,
  ms: number,
): Promise<number> => {
  const end = Date.now() + ms;
  let done = 0;
  const client = async (): Promise<void> => {
    while (Date.now() < end) {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`HTTP ${response.status} pour ${url}`);
      done += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  return Math.round(done / ((performance.now() - started) / 1000));
};

/**
 * "Reads write nothing": a signed-in 25-row list against a bare Fastify process answering the same
 * bytes (same clients, same duration), and the signed-in overhead of one GET (session read and
 * principal check) measured in-process on the product's own stores: the same bytes answered by a
 * route with and without the session guard.
 */
export const benchReads = async (options: {
  dataDir: string;
  port: number;
  barePort: number;
  seconds: number;
}) => {
  const server = await startServer(options.dataDir, options.port);
  const page = `${server.url}/api/metiers?sort=${encodeURIComponent('["libelle","ASC"]')}&range=${encodeURIComponent('[0,24]')}&filter=%7B%7D`;
  const sample = await fetch(page, { headers: server.headers() });
  const body = Buffer.from(await sample.arrayBuffer());
  const bodyFile = join(options.dataDir, 'page.json');
  writeFileSync(bodyFile, body);
  // Warm-up, then the measure.
  await throughput(page, server.headers(), 20, 1000);
  const signedIn = await throughput(page, server.headers(), 20, options.seconds * 1000);
  const cookie = server.cookie;
  await server.stop();

  const bare = spawn(
    process.execPath,
    [resolve(__dirname, 'bareServer.js'), String(options.barePort), bodyFile],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((ready) => bare.stdout!.once('data', () => ready()));
  const bareUrl = `http://127.0.0.1:${options.barePort}/`;
  await throughput(bareUrl, {}, 20, 1000);
  const bareRate = await throughput(bareUrl, {}, 20, options.seconds * 1000);
  bare.kill('SIGTERM');

  // In-process: the product's session store, event store and secret, two routes, same bytes.
  const config = loadConfig({ ...process.env, DATA_DIR: options.dataDir });
  const eventStore = openEventStore(config);
  const { sessionStore, signInLimiter } = openSessionPorts(config);
  const app = Fastify();
  await installSessions(app, {
    store: sessionStore,
    secret: config.sessionSecret,
    principals: (userId) => loadPrincipal(eventStore, userId),
  });
  const answer = (): Buffer => body;
  app.get('/sans-session', async (_request, reply) =>
    reply.type('application/json').send(answer()),
  );
  app.get(
    '/avec-session',
    { preHandler: requireAccess(['configuration.metiers']) },
    async (_r, reply) => reply.type('application/json').send(answer()),
  );
  await app.ready();
  const time = async (url: string): Promise<number[]> => {
    const latencies: number[] = [];
    for (let i = 0; i < 3000; i += 1) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode} pour ${url}`);
      latencies.push(performance.now() - started);
    }
    return latencies;
  };
  await time('/avec-session');
  await time('/sans-session');
  const withSession = percentile(await time('/avec-session'), 50);
  const withoutSession = percentile(await time('/sans-session'), 50);
  await app.close();
  await Promise.all([eventStore.close(), sessionStore.close(), signInLimiter.close()]);

  return {
    bytes: body.length,
    signedInListPerSecond: signedIn,
    bareFastifySameBytesPerSecond: bareRate,
    ratioPercent: round((signedIn / bareRate) * 100, 1),
    signedInOverheadP50Ms: round(withSession - withoutSession, 3),
    guardedP50Ms: round(withSession, 3),
    unguardedP50Ms: round(withoutSession, 3),
  };
};
