import type { FastifyPluginAsync } from 'fastify';
import {
  DOCUMENT_KINDS,
  enrolersResource,
  LIST_RESOURCES,
  REFERENCE_LISTS,
  referenceList,
  documentRequirement,
  documentsResource,
  exportTableOf,
  metiersResource,
  profilesResource,
  resourceRequirement,
  sessionsResource,
  signInJournalResource,
  usersResource,
  type ReadModelDocument,
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
import { documentFileRoutes, imageFileRoutes } from './routes/documents.js';
import { exportRoutes } from './routes/exports.js';
import type { LabelSource } from './exports.js';
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
  enrolersResource,
  profilesResource,
  sessionsResource,
  // Read-only: written by the sign-in service, read under "Consulter le journal des connexions".
  signInJournalResource,
  ...LIST_RESOURCES,
];

const BASE_FILTERS: Record<string, Readonly<Record<string, boolean>>> = {
  enroleurs: { enroleur: true },
};

/**
 * Who may read a resource: whoever may open its screen, and whoever edits something that chooses
 * from it (the site's form lists the centres, the épreuve's the métiers, the enrôleur's the centres
 * de dépôt, the session's the examens). The geography is read by every signed-in user.
 */
const CHOSEN_BY: Record<string, readonly string[]> = {
  examens: ['sessions'],
  filieres: ['metiers'],
  'corps-de-metier': ['metiers'],
  'centres-depot': ['enroleurs'],
};
const readRequirement = (name: string): readonly string[] => {
  if (referenceList(name)?.readOnly) return [];
  const referrers = REFERENCE_LISTS.filter((other) =>
    other.fields.some(
      (f) => (f.type === 'reference' || f.type === 'references') && f.reference === name,
    ),
  ).map((other) => other.name);
  return [
    ...new Set(
      [name, ...referrers, ...(CHOSEN_BY[name] ?? [])].flatMap((resource) =>
        resourceRequirement(resource, 'read'),
      ),
    ),
  ];
};

/** Documents are listed to whoever may produce one kind or another; each file checks its own kind. */
const requirements: Record<string, readonly string[]> = {
  ...Object.fromEntries(REFERENCE_LISTS.map((list) => [list.name, readRequirement(list.name)])),
  metiers: readRequirement('metiers'),
  sessions: readRequirement('sessions'),
  // The users' and enrôleurs' screens show each user's profile by name.
  profils: [
    ...new Set([
      ...resourceRequirement('profils', 'read'),
      ...resourceRequirement('utilisateurs', 'read'),
      ...resourceRequirement('enroleurs', 'read'),
    ]),
  ],
  documents: [...new Set(Object.keys(DOCUMENT_KINDS).flatMap((kind) => documentRequirement(kind)))],
};

export const queryService: FastifyPluginAsync<QueryServiceOptions> = async (
  app,
  { readStore, eventStore, jobQueue, storage, information },
) => {
  installErrorHandling(app);
  // An export shows references by their libellé, read from the referenced resource's collection.
  const labels: LabelSource = async (name, ids) => {
    const referenced = RESOURCES.find((resource) => resource.name === name);
    if (!referenced) return new Map();
    const found = await readStore
      .collection<ReadModelDocument & { libelle?: unknown }>(referenced.collection)
      .getMany(ids);
    return new Map(found.map((doc) => [doc.id, String(doc.libelle ?? doc.id)]));
  };
  for (const resource of RESOURCES) {
    await app.register(resourceReadRoutes, {
      prefix: `/api/${resource.name}`,
      resource,
      readStore,
      eventStore,
      requirement: requirements[resource.name],
      baseFilter: BASE_FILTERS[resource.name],
    });
    // Its screen's exports, under the same guard and scope as its list.
    const table = exportTableOf(resource.name);
    if (table) {
      await app.register(exportRoutes, {
        prefix: `/api/${resource.name}`,
        resource,
        table,
        readStore,
        labels,
        requirement: requirements[resource.name],
        baseFilter: BASE_FILTERS[resource.name],
      });
    }
  }
  await app.register(documentFileRoutes, {
    prefix: '/api/documents',
    readStore,
    jobQueue,
    storage,
  });
  await app.register(accountReadRoutes, { readStore, information });
  await app.register(imageFileRoutes, {
    prefix: '/api/images',
    storage,
    requirement: [
      ...new Set(
        REFERENCE_LISTS.filter((list) => list.fields.some((f) => f.type === 'image')).flatMap(
          (list) => readRequirement(list.name),
        ),
      ),
    ],
  });
};
