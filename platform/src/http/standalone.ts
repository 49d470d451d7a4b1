import Fastify, { type FastifyInstance } from 'fastify';
import {
  loadConfig,
  openPorts,
  openSessionStore,
  type Config,
  type Ports,
} from '../config/config.js';
import type { PrincipalLoader } from '../auth/principal.js';
import type { SessionStorePort } from '../auth/sessionStore.js';
import type { EventStore } from '../event-store/port.js';
import type { ReadStore } from '../read-store/port.js';
import type { ProjectionRunner } from '../projection-runner/runner.js';
import { openRedis, REQUEST_REDIS_OPTIONS } from '../startup/redis.js';
import { installErrorHandling, installNotFoundHandler } from './errors.js';
import { privateLogger } from './logging.js';
import { installSessions } from '../auth/sessions.js';
import { installRateLimits, limitAuthRoutes } from './rateLimit.js';
import {
  installReadyRoute,
  projectionsCondition,
  Readiness,
  serverDependencies,
} from './readiness.js';
import { installSecurityHeaders, trustProxyOf } from './security.js';

/**
 * A service in its own process (distributed mode): ports from the environment, its routes, a health
 * check, a readiness check, and a graceful stop on SIGINT/SIGTERM that closes the stores once
 * routes stop answering. It listens at once, whether its servers answer or not: `/api/ready`
 * answers 503 with the reason until they do, and the steps `register` gives `readiness` (the
 * first administrator) are tried again until they succeed. `loadPrincipal` (the application's)
 * says who a session's user is: the platform knows no account.
 */
export const runStandalone = async (
  service: string,
  loadPrincipal: PrincipalLoader,
  register: (
    app: FastifyInstance,
    ports: Ports,
    config: Config,
    readiness: Readiness,
  ) => PromiseLike<unknown>,
): Promise<FastifyInstance> => {
  const config = loadConfig();
  // The projections' process writes the read models (and declares them); a service only reads them.
  const ports = openPorts(config, { writesReadModels: false });
  // Behind the gateway: X-Forwarded-For and -Proto (client address, Secure cookie, HSTS) are
  // believed from TRUSTED_PROXIES only.
  const app = Fastify({
    logger: privateLogger({ level: config.logLevel }),
    trustProxy: trustProxyOf(config.trustedProxies),
  });
  await installSecurityHeaders(app);
  installErrorHandling(app);
  installNotFoundHandler(app);
  await installSessions(app, {
    store: ports.sessionStore,
    secret: config.sessionSecret,
    principals: (userId) => loadPrincipal(ports.eventStore, userId),
  });
  // Counts shared by the replicas of a service through Redis when there is one.
  const limitsRedis = config.redisUrl
    ? openRedis(config.redisUrl, REQUEST_REDIS_OPTIONS, (message) => app.log.warn(message))
    : undefined;
  await installRateLimits(app, { redis: limitsRedis });
  limitAuthRoutes(app, config.rateLimits, config.publicUrl);
  app.get('/api/health', async () => ({ statut: 'ok', service }));
  const servers = serverDependencies(config, ports);
  const readiness = new Readiness({ log: (message) => app.log.warn(message) }).dependsOn(
    ...servers.dependencies,
  );
  installReadyRoute(app, readiness);
  await register(app, ports, config, readiness);
  app.addHook('onClose', async () => {
    await readiness.stop();
    servers.close();
    await ports.close();
    limitsRedis?.disconnect();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
  await app.listen({ port: config.port, host: config.host });
  return app;
};

/**
 * `/api/health` and `/api/ready` of a process that serves nothing else (projections, workers), on
 * PORT when the environment sets it (none otherwise). Sessions are read as the services read them,
 * so that only a signed-in administrator sees the details. Returns how to stop it.
 */
export const serveReadiness = async (
  service: string,
  config: Config,
  readiness: Readiness,
  stores: { readonly eventStore: EventStore; readonly sessionStore?: SessionStorePort },
  loadPrincipal: PrincipalLoader,
  env: NodeJS.ProcessEnv = process.env,
): Promise<() => Promise<void>> => {
  if (!env.PORT) return () => readiness.stop();
  const sessionStore = stores.sessionStore ?? openSessionStore(config);
  const app = Fastify({ logger: privateLogger({ level: config.logLevel }) });
  await installSecurityHeaders(app);
  installErrorHandling(app);
  installNotFoundHandler(app);
  await installSessions(app, {
    store: sessionStore,
    secret: config.sessionSecret,
    principals: (userId) => loadPrincipal(stores.eventStore, userId),
  });
  app.get('/api/health', async () => ({ statut: 'ok', service }));
  installReadyRoute(app, readiness);
  app.addHook('onClose', async () => {
    await readiness.stop();
    if (!stores.sessionStore) await sessionStore.close();
  });
  await app.listen({ port: config.port, host: config.host });
  return () => app.close();
};

/**
 * A standalone process keeps running when a promise fails with nobody to hear it (a server gone
 * at the wrong moment): the error is logged, readiness says what is missing.
 */
export const logUnhandledRejections = (log: (message: string) => void): void => {
  process.on('unhandledRejection', (reason) => {
    log(
      `Erreur non traitée (le processus continue) : ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
    );
  });
};

/** The longest a stop waits for the servers before the process exits all the same. */
export const STOP_TIMEOUT_MS = 10_000;

/** What a background process opens: its runner (projections or reactors) and its stores. */
export interface BackgroundWork {
  /** Started by `runBackgroundProcess` at once, whether the servers answer or not. */
  readonly runner: ProjectionRunner;
  /** What readiness asks and `/api/ready` reads the sessions with (its own store otherwise). */
  readonly stores: {
    readonly eventStore: EventStore;
    readonly readStore: ReadStore;
    readonly sessionStore?: SessionStorePort;
  };
  /** Who a session's user is, for `/api/ready`'s details (the application's `loadPrincipal`). */
  readonly loadPrincipal: PrincipalLoader;
  /** Closes the stores, once the runner has stopped. */
  readonly close: () => Promise<unknown>;
  /** `false`: the process works without Redis (it is then no readiness condition). */
  readonly redis?: boolean;
  /** Where readiness says what changes (nowhere by default). */
  readonly readinessLog?: (message: string) => void;
  /** The rest of the start, once `/api/ready` is served (logs, steps tried again). */
  readonly started?: (readiness: Readiness) => void;
}

/**
 * A process that serves only its health and readiness (projections, workers, distributed mode):
 * `open` gives its runner and stores, the runner starts, `/api/ready` is served on PORT (ready once
 * the servers answer and the runner has caught up), and SIGINT/SIGTERM stops serving, then the
 * runner, the servers' checks and the stores, and exits (1 when that fails or outlasts
 * STOP_TIMEOUT_MS). A rejection nobody handles is logged, the process goes on; a start that fails
 * (`open`, the readiness server) exits with « `failure` : reason ».
 */
export const runBackgroundProcess = (
  service: string,
  failure: string,
  open: (config: Config) => BackgroundWork | Promise<BackgroundWork>,
): void => {
  const main = async (): Promise<void> => {
    const config = loadConfig();
    const work = await open(config);
    work.runner.start();
    const servers = serverDependencies(config, work.stores, { redis: work.redis });
    const readiness = new Readiness({ log: work.readinessLog })
      .dependsOn(...servers.dependencies)
      .waitsFor(projectionsCondition(work.runner));
    const stopServing = await serveReadiness(
      service,
      config,
      readiness,
      work.stores,
      work.loadPrincipal,
    );
    work.started?.(readiness);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        void stopServing()
          .then(() => work.runner.stop())
          .then(() => servers.close())
          .then(() => work.close())
          .then(
            () => process.exit(0),
            () => process.exit(1),
          );
        // A server gone meanwhile must not keep the process from stopping (leases expire anyway).
        setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
      });
    }
  };
  logUnhandledRejections((message) => console.error(message));
  main().catch((error: unknown) => {
    console.error(`${failure} : ${(error as Error).message}`);
    process.exit(1);
  });
};
