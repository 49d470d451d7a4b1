import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { commandService } from '@examens-pro/command-service';
import { allProjections, ProjectionRunner } from '@examens-pro/projections';
import { queryService } from '@examens-pro/query-service';
import { serveUi } from './ui.js';
import {
  installErrorHandling,
  installNotFoundHandler,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';

export interface EmbeddedDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly logger?: FastifyServerOptions['logger'];
  /** The built admin UI (`admin-ui/dist`); without it only the API is served. */
  readonly uiDir?: string;
}

/**
 * Every service in one process, as the gateway would route them: reads (GET/HEAD) to the query
 * service, everything else to the command service; projections run beside them.
 */
export const buildApp = async (
  deps: EmbeddedDeps,
): Promise<{ app: FastifyInstance; runner: ProjectionRunner }> => {
  const app = Fastify({ logger: deps.logger ?? false });
  installErrorHandling(app);
  const servesUi = deps.uiDir ? await serveUi(app, deps.uiDir) : false;
  if (!servesUi) installNotFoundHandler(app);
  const runner = new ProjectionRunner(deps.eventStore, deps.readStore, allProjections(), {
    log: (message) => app.log.warn(message),
  });
  app.get('/api/health', async () => ({ statut: 'ok', mode: 'embarqué' }));
  await app.register(queryService, { readStore: deps.readStore, eventStore: deps.eventStore });
  await app.register(commandService, { eventStore: deps.eventStore, readStore: deps.readStore });
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
  return { app, runner };
};
