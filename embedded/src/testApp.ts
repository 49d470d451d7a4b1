import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  FastifyServerOptions,
  InjectOptions,
  LightMyRequestResponse,
  RouteOptions,
} from 'fastify';
import { createAdministrator, ensureGeography } from '@examens-pro/application';
import { SYSTEM_ACTOR } from '@examens-pro/domain';
import {
  DirectoryDocumentStorage,
  InProcessJobQueue,
  SqliteEventStore,
  SqliteReadStore,
  SqliteSessionStore,
  SqliteSignInLimiter,
  lookupLimiterIn,
  openEventStore,
  openReadStore,
  rateLimitsOf,
  usePasswordHashing,
  waitForProjections,
  type EventStore,
  type PasswordHashing,
  type PaymentConfig,
  type RateLimits,
  type ReadStore,
} from '@examens-pro/platform';
import { allProjections } from '@examens-pro/projections';
import { buildApp } from './app.js';

export const TEST_ADMIN = { login: 'admin@test.local', password: 'Provisoire-2026!' } as const;
export const TEST_ADMIN_PASSWORD = 'Definitif-Examens-2026';
/** scrypt at 2^12 in route tests (the product's 2^17 costs 128 MiB and ~0.3 s a hash). */
export const TEST_PASSWORD_HASHING: PasswordHashing = { N: 2 ** 12, r: 8, p: 1 };

/** A browser's worth of state for `app.inject`: the session cookie and the CSRF token. */
export interface Agent {
  cookie?: string;
  csrfToken?: string;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** What a route test may change of the product it starts. */
export interface TestAppOptions {
  publicUrl?: string;
  dir?: string;
  trustedProxies?: readonly string[];
  /** The product's logger (route tests read what it writes). */
  logger?: FastifyServerOptions['logger'];
  rateLimits?: RateLimits;
  uiDir?: string;
  /** Online payments (default: the sandbox, no webhook secret). */
  payments?: PaymentConfig;
  /**
   * The projections on their own thread, as `npm start` runs them (default: on the test's
   * thread; `TEST_PROJECTIONS_THREAD=1` runs every route test this way).
   */
  threaded?: boolean;
  /** Told of every route as it is registered (the scope matrix test enumerates them). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * The scrypt cost of the passwords hashed from now on in this process (default: the cheap
   * `TEST_PASSWORD_HASHING`, route tests sign in often; `PASSWORD_HASHING`: the product's).
   */
  passwordHashing?: PasswordHashing;
}

/**
 * The stores on `dir`. Threaded, they are laid out as in DATA_DIR: the projections' thread opens
 * them from the folder.
 */
const openTestStores = (dir: string, threaded: boolean) => {
  const eventStore = threaded
    ? openEventStore({ dataDir: dir })
    : new SqliteEventStore({ filename: join(dir, 'events.db') });
  const readStore = threaded
    ? openReadStore({ dataDir: dir })
    : new SqliteReadStore(join(dir, 'read.db'));
  const jobQueue = new InProcessJobQueue();
  const storage = new DirectoryDocumentStorage(join(dir, 'documents'));
  const sessionStore = new SqliteSessionStore(join(dir, 'sessions.db'));
  const signInLimiter = new SqliteSignInLimiter(join(dir, 'sessions.db'));
  const lookupLimiter = lookupLimiterIn(join(dir, 'sessions.db'));
  return { eventStore, readStore, jobQueue, storage, sessionStore, signInLimiter, lookupLimiter };
};

/**
 * Route tests play many users from one address (127.0.0.1): a budget that only the tests of the
 * limits themselves lower.
 */
const testRateLimits = (): RateLimits => ({
  auth: { max: 10_000, windowSeconds: 60 },
  public: Object.fromEntries(
    Object.keys(rateLimitsOf({}).public!).map((name) => [name, { max: 10_000, windowSeconds: 60 }]),
  ) as unknown as NonNullable<RateLimits['public']>,
});

/** Agents of `app` (a browser's state each), and how they get a CSRF token and sign in. */
const agentsOf = (app: { inject(options: InjectOptions): Promise<LightMyRequestResponse> }) => {
  /** An agent keeps its cookie across requests and sends its CSRF token on state changes. */
  const agent = (): Agent => {
    const self: Agent = {
      async inject(options) {
        const headers: Record<string, string> = {
          ...(options.headers as Record<string, string> | undefined),
        };
        if (self.cookie && !('cookie' in headers)) headers.cookie = self.cookie;
        const method = (options.method ?? 'GET').toUpperCase();
        if (self.csrfToken && !['GET', 'HEAD'].includes(method) && !('x-csrf-token' in headers))
          headers['x-csrf-token'] = self.csrfToken;
        const response = await app.inject({ ...options, headers });
        const setCookie = response.cookies.find((c) => c.name === 'examens_session');
        if (setCookie)
          self.cookie = setCookie.value ? `examens_session=${setCookie.value}` : undefined;
        return response;
      },
    };
    return self;
  };

  const fetchCsrf = async (a: Agent): Promise<string> => {
    const token = (await a.inject({ method: 'GET', url: '/api/auth/csrf' })).json<{
      csrfToken: string;
    }>().csrfToken;
    a.csrfToken = token;
    return token;
  };

  /** Signs in through the real form post; answers the agent (session cookie + fresh token). */
  const signIn = async (login: string, password: string, a = agent()) => {
    await fetchCsrf(a);
    const response = await a.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        csrfToken: a.csrfToken!,
        callbackUrl: '/tableau-de-bord',
        json: 'true',
        login,
        password,
      }).toString(),
    });
    if (response.statusCode === 200) await fetchCsrf(a);
    return { agent: a, response };
  };

  return { agent, fetchCsrf, signIn };
};

/** The administrator and users with given permissions, each signed in through `signIn`. */
const usersOf = (
  eventStore: EventStore,
  readStore: ReadStore,
  signIn: ReturnType<typeof agentsOf>['signIn'],
) => {
  let admin: Agent | undefined;
  /** The administrator, signed in with a password of their own (created on first call). */
  const asAdmin = async (): Promise<Agent> => {
    if (admin) return admin;
    await createAdministrator(
      eventStore,
      readStore,
      TEST_ADMIN,
      { commandId: 'amorcage-test', actor: SYSTEM_ACTOR, now: new Date().toISOString() },
      { onlyIfFirst: true },
    );
    const { agent: a, response } = await signIn(TEST_ADMIN.login, TEST_ADMIN.password);
    if (response.statusCode !== 200) throw new Error(`connexion impossible : ${response.body}`);
    const changed = await a.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: TEST_ADMIN.password, newPassword: TEST_ADMIN_PASSWORD },
    });
    if (changed.statusCode !== 200) throw new Error(`changement impossible : ${changed.body}`);
    admin = a;
    return a;
  };

  /**
   * A user holding exactly `permissions` (through a profile of their own), attached to a centre de
   * dépôt when one is given (an enrôleur), signed in with a password of their own.
   */
  const userWith = async (
    permissions: readonly string[],
    login: string,
    centreDepotId?: string,
    /** Their name, as histories show who acted (default Paul Essomba). */
    person: { nom: string; prenoms: string } = { nom: 'Essomba', prenoms: 'Paul' },
  ): Promise<Agent> => {
    const a = await asAdmin();
    const post = async (url: string, payload: Record<string, unknown>) => {
      const response = await a.inject({ method: 'POST', url, payload });
      if (response.statusCode !== 201) throw new Error(`${url} : ${response.body}`);
      return response.json<{ id: string }>();
    };
    const profile = await post('/api/profils', { libelle: `Profil ${login}`, permissions });
    await post(centreDepotId ? '/api/enroleurs' : '/api/utilisateurs', {
      ...person,
      login,
      telephone: '699000002',
      profilId: profile.id,
      motDePasse: 'Temporaire-Essai-1',
      ...(centreDepotId ? { centreDepotId } : {}),
    });
    const { agent: signed } = await signIn(login, 'Temporaire-Essai-1');
    const changed = await signed.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'Temporaire-Essai-1', newPassword: 'Essai-Personnel-2026' },
    });
    if (changed.statusCode !== 200) throw new Error(`mot de passe : ${changed.body}`);
    return signed;
  };

  return { asAdmin, userWith };
};

/**
 * The embedded product on fresh SQLite files in a temporary folder, for route tests (`app.inject`);
 * with `dir`, on the data already there (laid out as in DATA_DIR, kept at close).
 */
export const startTestApp = async (options: TestAppOptions = {}) => {
  usePasswordHashing(options.passwordHashing ?? TEST_PASSWORD_HASHING);
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'app-'));
  const threaded = options.threaded ?? process.env.TEST_PROJECTIONS_THREAD === '1';
  const { eventStore, readStore, jobQueue, storage, sessionStore, signInLimiter, lookupLimiter } =
    openTestStores(dir, threaded);
  const { app, runner } = await buildApp({
    eventStore,
    readStore,
    jobQueue,
    storage,
    sessionStore,
    signInLimiter,
    lookupLimiter,
    sessionSecret: 'secret-de-test-secret-de-test-secret-de-test',
    publicUrl: options.publicUrl,
    payments: options.payments,
    trustedProxies: options.trustedProxies,
    rateLimits: options.rateLimits ?? testRateLimits(),
    uiDir: options.uiDir,
    logger: options.logger,
    onRoute: options.onRoute,
    ...(threaded ? { projectionsThread: { dataDir: dir } } : {}),
  });
  await app.ready();
  await ensureGeography(eventStore, readStore, {
    actor: SYSTEM_ACTOR,
    now: new Date().toISOString(),
  });
  // The thread starts in its own time: the tests begin once it has read what is written so far.
  if (threaded)
    await waitForProjections(
      readStore,
      allProjections().map((p) => p.name),
      await eventStore.headPosition(),
      60_000,
    );

  const { agent, fetchCsrf, signIn } = agentsOf(app);
  const { asAdmin, userWith } = usersOf(eventStore, readStore, signIn);

  return {
    app,
    runner,
    userWith,
    dir,
    eventStore,
    readStore,
    jobQueue,
    storage,
    agent,
    fetchCsrf,
    signIn,
    asAdmin,
    close: async () => {
      await app.close();
      await eventStore.close();
      await readStore.close();
      await sessionStore.close();
      await signInLimiter.close();
      await lookupLimiter.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
};
