import Fastify from 'fastify';
import {
  installErrorHandling,
  installNotFoundHandler,
  loadConfig,
  openPorts,
} from '@examens-pro/platform';
import { commandService } from './app.js';

/** Standalone command service (distributed mode): listens, and closes its stores on SIGTERM. */
const main = async (): Promise<void> => {
  const config = loadConfig();
  const ports = openPorts(config);
  const app = Fastify({ logger: { level: config.logLevel } });
  installErrorHandling(app);
  installNotFoundHandler(app);
  app.get('/api/health', async () => ({ statut: 'ok', service: 'command-service' }));
  await app.register(commandService, ports);
  // The stores close once the routes stop answering.
  app.addHook('onClose', () => ports.close());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
  await app.listen({ port: config.port, host: config.host });
};

void main();
