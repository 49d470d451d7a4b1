import type { FastifyPluginAsync } from 'fastify';
import { documentsResource, metiersResource, type ResourceDefinition } from '@examens-pro/domain';
import {
  installErrorHandling,
  type DocumentStorage,
  type EventStore,
  type JobQueue,
  type ReadStore,
} from '@examens-pro/platform';
import { documentFileRoutes } from './routes/documents.js';
import { resourceReadRoutes } from './routes/resource.js';

export interface QueryServiceOptions {
  readonly readStore: ReadStore;
  readonly eventStore: EventStore;
  readonly jobQueue: JobQueue;
  readonly storage: DocumentStorage;
}

/** Every resource the query service lists, in the dialect of ra-data-simple-rest. */
export const RESOURCES: readonly ResourceDefinition[] = [metiersResource, documentsResource];

export const queryService: FastifyPluginAsync<QueryServiceOptions> = async (
  app,
  { readStore, eventStore, jobQueue, storage },
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
  await app.register(documentFileRoutes, {
    prefix: '/api/documents',
    readStore,
    jobQueue,
    storage,
  });
};
