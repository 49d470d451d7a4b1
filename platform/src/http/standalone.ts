import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig, openPorts, type Config, type Ports } from '../config/config.js';
import { installErrorHandling, installNotFoundHandler } from './errors.js';
import { installSessions } from '../auth/sessions.js';

/**
 * A service in its own process (distributed mode): ports from the environment, its routes, a health
 * check, and a graceful stop on SIGINT/SIGTERM that closes the stores once routes stop answering.
 */
export const runStandalone = async (
  service: string,
  register: (app: FastifyInstance, ports: Ports, config: Config) => PromiseLike<unknown>,
): Promise<void> => {
  const config = loadConfig();
  const ports = openPorts(config);
  // Behind the gateway: X-Forwarded-Proto tells whether the session cookie must be Secure.
  const app = Fastify({ logger: { level: config.logLevel }, trustProxy: true });
  installErrorHandling(app);
  installNotFoundHandler(app);
  await installSessions(app, {
    store: ports.sessionStore,
    secret: config.sessionSecret,
    eventStore: ports.eventStore,
  });
  app.get('/api/health', async () => ({ statut: 'ok', service }));
  await register(app, ports, config);
  app.addHook('onClose', () => ports.close());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
  await app.listen({ port: config.port, host: config.host });
};
