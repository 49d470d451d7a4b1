import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { loadConfig, openPorts, type Config, type Ports } from '../config/config.js';
import { installErrorHandling, installNotFoundHandler } from './errors.js';
import { privateLogger } from './logging.js';
import { installSessions } from '../auth/sessions.js';
import { installRateLimits, limitAuthRoutes } from './rateLimit.js';
import { installSecurityHeaders, trustProxyOf } from './security.js';

/**
 * A service in its own process (distributed mode): ports from the environment, its routes, a health
 * check, and a graceful stop on SIGINT/SIGTERM that closes the stores once routes stop answering.
 */
export const runStandalone = async (
  service: string,
  register: (app: FastifyInstance, ports: Ports, config: Config) => PromiseLike<unknown>,
): Promise<void> => {
  const config = loadConfig();
  // The projections' process writes the read models; a service only reads them.
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
  await register(app, ports, config);
  app.addHook('onClose', async () => {
    await ports.close();
    limitsRedis?.disconnect();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
  await app.listen({ port: config.port, host: config.host });
};
