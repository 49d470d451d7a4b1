import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const BENCH_ADMIN = 'mesure@examens.local';

export interface BenchServer {
  readonly url: string;
  /** `examens_session=…` of the signed-in administrator. */
  readonly cookie: string;
  readonly cookieValue: string;
  readonly csrfToken: string;
  /** The server process (its memory is read from /proc). */
  readonly pid: number;
  /** From the process's spawn until `/api/ready` answered 200 (every read model caught up). */
  readonly readySeconds: number;
  /** Headers of a signed-in request (cookie and CSRF token). */
  headers(extra?: Record<string, string>): Record<string, string>;
  stop(): Promise<void>;
}

const sessionCookieOf = (response: Response, current: string): string => {
  const set = response.headers.getSetCookie().find((c) => c.startsWith('examens_session='));
  return set ? set.split(';')[0]! : current;
};

/** Signs the first administrator in and gives them a password of their own, as a person would. */
const signIn = async (url: string) => {
  let cookie = '';
  const csrf = async (): Promise<string> => {
    const response = await fetch(`${url}/api/auth/csrf`, { headers: { cookie } });
    cookie = sessionCookieOf(response, cookie);
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  };
  const attempt = async (password: string): Promise<Response> => {
    // The token first: it creates the session whose cookie the form post must carry.
    const csrfToken = await csrf();
    return fetch(`${url}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        csrfToken,
        json: 'true',
        login: BENCH_ADMIN,
        password,
      }).toString(),
    });
  };
  // A data folder already measured once: the administrator has their own password already.
  let signedIn = await attempt('Provisoire-Mesure-2026');
  const firstTime = signedIn.ok;
  if (!firstTime) signedIn = await attempt('Mesure-Examens-Definitif');
  if (!signedIn.ok) throw new Error(`Connexion impossible : HTTP ${signedIn.status}`);
  cookie = sessionCookieOf(signedIn, cookie);
  const csrfToken = await csrf();
  if (firstTime) {
    const changed = await fetch(`${url}/api/auth/change-password`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify({
        currentPassword: 'Provisoire-Mesure-2026',
        newPassword: 'Mesure-Examens-Definitif',
      }),
    });
    if (!changed.ok)
      throw new Error(`Changement de mot de passe impossible : HTTP ${changed.status}`);
  }
  return { cookie, cookieValue: cookie.split('=')[1]!, csrfToken };
};

/** Polls `/api/<probe>` until it answers 2xx, for at most `ms`. */
const waitFor = async (url: string, probe: 'health' | 'ready', ms: number): Promise<void> => {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/${probe}`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Le serveur ne répond pas (${probe}).`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

export interface BenchService {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

const stopper = (child: ChildProcess) => () =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

/** A process of the product on `dataDir`, listening on 127.0.0.1:`port`. */
const spawnProduct = (
  script: string,
  dataDir: string,
  port: number,
  options: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): ChildProcess =>
  spawn(process.execPath, [...(options.nodeArgs ?? []), resolve(__dirname, `../../${script}`)], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

/** Waits for each probe in turn; a process that never answers is stopped, not left running. */
const answering = async (
  child: ChildProcess,
  url: string,
  probes: readonly (readonly ['health' | 'ready', number])[],
): Promise<void> => {
  try {
    for (const [probe, ms] of probes) await waitFor(url, probe, ms);
  } catch (error) {
    await stopper(child)();
    throw error;
  }
};

/**
 * One service of the distributed mode alone (`command-service`, `query-service`), as its own
 * process on the embedded product's data folder: same SQLite stores, same sessions and secret, so
 * the product's signed-in session is valid there too.
 */
export const startService = async (
  service: 'command-service' | 'query-service',
  dataDir: string,
  port: number,
): Promise<BenchService> => {
  const child = spawnProduct(`${service}/dist/server.js`, dataDir, port);
  const url = `http://127.0.0.1:${port}`;
  await answering(child, url, [['health', 30_000]]);
  return { url, pid: child.pid!, stop: stopper(child) };
};

/** Starts the embedded product as its own process (the load generator must not share its event loop). */
export const startServer = async (
  dataDir: string,
  port: number,
  /** `listenMs`: how long it may take to listen (30 s; a cold start on a large log listens later). */
  options: { listenMs?: number } = {},
): Promise<BenchServer> => {
  const spawned = performance.now();
  const child = spawnProduct('embedded/dist/main.js', dataDir, port, {
    env: { ADMIN_LOGIN: BENCH_ADMIN, ADMIN_PASSWORD: 'Provisoire-Mesure-2026' },
    // BENCH_SERVER_ARGS: node flags for the server alone (`--cpu-prof --cpu-prof-dir=/tmp/prof`).
    nodeArgs: (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
  });
  const url = `http://127.0.0.1:${port}`;
  // Listening first (30 s), then ready: the read models caught up with what is stored (a kept data
  // folder of 200,000 dossiers may have to be rebuilt first).
  await answering(child, url, [
    ['health', options.listenMs ?? 30_000],
    ['ready', 30 * 60_000],
  ]);
  const readySeconds = (performance.now() - spawned) / 1000;
  const session = await signIn(url);
  return {
    url,
    ...session,
    pid: child.pid!,
    readySeconds,
    headers: (extra = {}) => ({
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
      ...extra,
    }),
    stop: stopper(child),
  };
};
