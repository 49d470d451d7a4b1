import type { FastifyPluginAsync } from 'fastify';
import {
  DOCUMENT_KINDS,
  documentRequirement,
  documentsResource,
  metiersResource,
  profilesResource,
  resourceRequirement,
  usersResource,
  type ResourceDefinition,
} from '@examens-pro/domain';
import {
  installErrorHandling,
  type DocumentStorage,
  type EventStore,
  type JobQueue,
  type ReadStore,
} from '@examens-pro/platform';
import { accountReadRoutes, type ProductInformation } from './routes/accounts.js';
import { documentFileRoutes } from './routes/documents.js';
import { resourceReadRoutes } from './routes/resource.js';

export interface QueryServiceOptions {
  readonly readStore: ReadStore;
  readonly eventStore: EventStore;
  readonly jobQueue: JobQueue;
  readonly storage: DocumentStorage;
  /** Version, build and adapters, for the `informations` screen. */
  readonly information: () => ProductInformation;
}

/** Every resource the query service lists, in the dialect of ra-data-simple-rest. */
export const RESOURCES: readonly ResourceDefinition[] = [
  metiersResource,
  documentsResource,
  usersResource,
  profilesResource,
];

/** Documents are listed to whoever may produce one kind or another; each file checks its own kind. */
const requirements: Record<string, readonly string[]> = {
  // The users' screens show each user's profile by name.
  profils: [
    ...new Set([
      ...resourceRequirement('profils', 'read'),
      ...resourceRequirement('utilisateurs', 'read'),
    ]),
  ],
  documents: [...new Set(Object.keys(DOCUMENT_KINDS).flatMap((kind) => documentRequirement(kind)))],
};

export const queryService: FastifyPluginAsync<QueryServiceOptions> = async (
  app,
  { readStore, eventStore, jobQueue, storage, information },
) => {
  installErrorHandling(app);
  for (const resource of RESOURCES) {
    await app.register(resourceReadRoutes, {
      prefix: `/api/${resource.name}`,
      resource,
      readStore,
      eventStore,
      requirement: requirements[resource.name],
    });
  }
  await app.register(documentFileRoutes, {
    prefix: '/api/documents',
    readStore,
    jobQueue,
    storage,
  });
  await app.register(accountReadRoutes, { readStore, information });
};
