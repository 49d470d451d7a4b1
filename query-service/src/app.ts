import type { FastifyPluginAsync } from 'fastify';
import { metiersResource, type ResourceDefinition } from '@examens-pro/domain';
import { installErrorHandling, type EventStore, type ReadStore } from '@examens-pro/platform';
import { resourceReadRoutes } from './routes/resource.js';

export interface QueryServiceOptions {
  readonly readStore: ReadStore;
  readonly eventStore: EventStore;
}

/** Every resource the query service lists, in the dialect of ra-data-simple-rest. */
export const RESOURCES: readonly ResourceDefinition[] = [metiersResource];

export const queryService: FastifyPluginAsync<QueryServiceOptions> = async (
  app,
  { readStore, eventStore },
) => {
  installErrorHandling(app);
  for (const resource of RESOURCES) {
    await app.register(resourceReadRoutes, {
      prefix: `/api/${resource.name}`,
      resource,
      readStore,
      eventStore,
    });
  }
};
