import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { commandService } from '@examens-pro/command-service';
import { ProjectionRunner } from '@examens-pro/platform';
import { allProjections } from '@examens-pro/projections';
import { queryService } from '@examens-pro/query-service';
import {
  installErrorHandling,
  installNotFoundHandler,
  type DocumentStorage,
  type EventStore,
  type JobQueue,
  type ReadStore,
} from '@examens-pro/platform';
import { documentsReactor, startWorkers } from '@examens-pro/workers';
import { serveUi } from './ui.js';

export interface EmbeddedDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly jobQueue: JobQueue;
  readonly storage: DocumentStorage;
  readonly logger?: FastifyServerOptions['logger'];
  /** The built admin UI (`admin-ui/dist`); without it only the API is served. */
  readonly uiDir?: string;
}

/**
 * Every service in one process, as the gateway would route them: reads (GET/HEAD) to the query
 * service, everything else to the command service; projections, reactors and workers beside them.
 */
export const buildApp = async (
  deps: EmbeddedDeps,
): Promise<{ app: FastifyInstance; runner: ProjectionRunner }> => {
  const app = Fastify({ logger: deps.logger ?? false });
  installErrorHandling(app);
  const servesUi = deps.uiDir ? await serveUi(app, deps.uiDir) : false;
  if (!servesUi) installNotFoundHandler(app);
  const runner = new ProjectionRunner(
    deps.eventStore,
    deps.readStore,
    [...allProjections(), documentsReactor(deps.jobQueue)],
    {
      log: (message) => app.log.warn(message),
    },
  );
  app.get('/api/health', async () => ({ statut: 'ok', mode: 'embarqué' }));
  await app.register(queryService, {
    readStore: deps.readStore,
    eventStore: deps.eventStore,
    jobQueue: deps.jobQueue,
    storage: deps.storage,
  });
  await app.register(commandService, { eventStore: deps.eventStore, readStore: deps.readStore });
  app.addHook('onReady', async () => {
    runner.start();
    // Reconciliation waits for the projections: it runs beside the start-up, not before it.
    void startWorkers({ ...deps, queue: deps.jobQueue })
      .then(
        (again) => again > 0 && app.log.info(`${again} document(s) remis en file au démarrage.`),
      )
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'démarrage des travailleurs impossible'),
      );
  });
  app.addHook('onClose', async () => {
    await runner.stop();
    await deps.jobQueue.close();
  });
  return { app, runner };
};
