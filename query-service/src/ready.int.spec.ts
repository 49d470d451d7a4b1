import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { freePort, tcpRelay } from '@examens-pro/platform/testing/network';

/**
 * A service started while its MongoDB does not answer keeps running, answers
 * `/api/ready` 503 with the reason in French, and 200 once MongoDB answers. Each service runs as
 * its own process, from its entry point (`src/server.ts`, through scripts/ts-register.js: no build
 * needed), as the distributed mode starts it.
 */
const ferret = process.env.TEST_MONGODB_URL;
const ROOT = resolve(__dirname, '../..');

/** MongoDB arriving late: a TCP relay to the test's FerretDB, opened on the port given out. */
const relay = (port: number, target: URL): Promise<Server> => tcpRelay(port, target);

interface Started {
  readonly child: ChildProcess;
  readonly base: string;
  readonly output: () => string;
  readonly dataDir: string;
}

const started: Started[] = [];
const relays: Server[] = [];
afterEach(async () => {
  for (const { child, dataDir } of started.splice(0)) {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await new Promise((done) => child.once('exit', done));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const server of relays.splice(0)) await new Promise((done) => server.close(done));
});

/** `entry` as its own process, on MongoDB at `mongoPort` (where nothing may listen yet). */
const start = async (entry: string, mongoPort: number): Promise<Started> => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pret-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    MONGODB_URL: `mongodb://127.0.0.1:${mongoPort}/pret_${randomUUID().slice(0, 8)}?directConnection=true`,
    PORT: String(port),
    HOST: '127.0.0.1',
    SESSION_SECRET: 'un-secret-de-session-assez-long-pour-le-test-0123456789',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['-r', './scripts/ts-register.js', entry], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const service: Started = {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    dataDir,
  };
  started.push(service);
  // Listening within 30 s (the sources are compiled as they load), whatever MongoDB does.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`Le processus s’est arrêté (code ${child.exitCode}) :\n${output}`);
    const health = await fetch(`${service.base}/api/health`).catch(() => undefined);
    if (health?.ok) return service;
    if (Date.now() > deadline)
      throw new Error(`Le service n’écoute pas 30 s après son démarrage :\n${output}`);
    await new Promise((done) => setTimeout(done, 200));
  }
};

const readyWithin = async (service: Started, ms: number): Promise<Response> => {
  const deadline = Date.now() + ms;
  let ready = await fetch(`${service.base}/api/ready`);
  while (ready.status !== 200 && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 250));
    ready = await fetch(`${service.base}/api/ready`);
  }
  return ready;
};

(ferret ? describe : describe.skip)('a service whose MongoDB is away at start', () => {
  it('query service: stays up, /api/ready 503 with the reason, then 200 once MongoDB answers', async () => {
    const mongoPort = await freePort();
    const service = await start('query-service/src/server.ts', mongoPort);

    const away = await fetch(`${service.base}/api/ready`);
    expect(away.status).toBe(503);
    expect(away.headers.get('cache-control')).toBe('no-store');
    // To anyone: the reason, in French, without address nor internal message.
    expect(await away.json()).toEqual({
      pret: false,
      message:
        'Pas encore prêt : la base des lectures (MongoDB) est injoignable (connexion refusée).',
    });
    // Still there a while later (the driver gives up its own server selection after 30 s).
    await new Promise((done) => setTimeout(done, 3000));
    expect(service.child.exitCode).toBeNull();
    expect((await fetch(`${service.base}/api/ready`)).status).toBe(503);

    relays.push(await relay(mongoPort, new URL(ferret!)));
    const ready = await readyWithin(service, 20_000);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ pret: true, message: 'Prêt.' });
    expect(service.child.exitCode).toBeNull();
    expect(service.output()).not.toMatch(/Erreur non traitée|Unhandled|MongoNetworkError/);
  });

  it('command service: stays up, /api/ready 503 with the reason, then 200 and its first administrator', async () => {
    const mongoPort = await freePort();
    const service = await start('command-service/src/server.ts', mongoPort);

    const away = await fetch(`${service.base}/api/ready`);
    expect(away.status).toBe(503);
    const { message } = (await away.json()) as { message: string };
    // Its start-up step (first administrator, geography) may be done already: here the events are
    // in SQLite; it is tried again until it succeeds otherwise.
    expect(message).toMatch(
      /^Pas encore prêt : la base des lectures \(MongoDB\) est injoignable \(connexion refusée\)( ; premier administrateur et géographie (en cours|en échec, nouvel essai dans [\d,]+ s))?\.$/,
    );

    relays.push(await relay(mongoPort, new URL(ferret!)));
    // The start-up step waits at most 30 s between two tries (1, 2, 4… s): it is done by then.
    const ready = await readyWithin(service, 45_000);
    expect(ready.status).toBe(200);
    expect(service.output()).toMatch(/Premier administrateur créé/);
    expect(existsSync(join(service.dataDir, 'premier-administrateur.txt'))).toBe(true);
    expect(service.child.exitCode).toBeNull();
    expect(service.output()).not.toMatch(/Erreur non traitée|Unhandled/);
  }, 90_000);
});
