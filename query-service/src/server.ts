import Fastify from 'fastify';
import {
  installErrorHandling,
  installNotFoundHandler,
  loadConfig,
  openDocumentStorage,
  openEventStore,
  openJobQueue,
  openReadStore,
} from '@examens-pro/platform';
import { queryService } from './app.js';

/** Standalone query service (distributed mode): listens, and closes its stores on SIGTERM. */
const main = async (): Promise<void> => {
  const config = loadConfig();
  const readStore = openReadStore(config);
  // Histories are read from the event log.
  const eventStore = openEventStore(config);
  const app = Fastify({ logger: { level: config.logLevel } });
  installErrorHandling(app);
  installNotFoundHandler(app);
  app.get('/api/health', async () => ({ statut: 'ok', service: 'query-service' }));
  await app.register(queryService, {
    readStore,
    eventStore,
    jobQueue: openJobQueue(config),
    storage: openDocumentStorage(config),
  });
  app.addHook('onClose', async () => {
    // stores close after the routes stop answering
    await readStore.close();
    await eventStore.close();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
  await app.listen({ port: config.port, host: config.host });
};

void main();
