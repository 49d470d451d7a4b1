import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import {
  loadConfig,
  openPorts,
  openSessionStore,
  type Config,
  type Ports,
} from '../config/config.js';
import type { SessionStorePort } from '../auth/sessionStore.js';
import type { EventStore } from '../event-store/port.js';
import { installErrorHandling, installNotFoundHandler } from './errors.js';
import { privateLogger } from './logging.js';
import { installSessions } from '../auth/sessions.js';
import { installRateLimits, limitAuthRoutes } from './rateLimit.js';
import { installReadyRoute, Readiness, serverDependencies } from './readiness.js';
import { installSecurityHeaders, trustProxyOf } from './security.js';

/**
 * A service in its own process (distributed mode): ports from the environment, its routes, a health
 * check, a readiness check, and a graceful stop on SIGINT/SIGTERM that closes the stores once
 * routes stop answering. It listens at once, whether its servers answer or not: `/api/ready`
 * answers 503 with the reason until they do, and the steps `register` gives `readiness` (the
 * first administrator) are tried again until they succeed.
 */
export const runStandalone = async (
  service: string,
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
    eventStore: ports.eventStore,
  });
  // Counts shared by the replicas of a service through Redis when there is one.
  const limitsRedis = config.redisUrl ? new Redis(config.redisUrl) : undefined;
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
    eventStore: stores.eventStore,
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
