import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  isPosition,
  NotFoundError,
  resourceRequirement,
  streamName,
  ValidationError,
  type ResourceDefinition,
} from '@examens-pro/domain';
import {
  etag,
  requireAccess,
  waitForProjections,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';
import { contentRange, parseListQuery, type DialectQuery } from '../dialect.js';

/** `X-Min-Position` waits at most this long for the projections; past it the data is served as it is. */
export const MIN_POSITION_WAIT_MS = 5000;

export interface ResourceRouteOptions {
  readonly resource: ResourceDefinition;
  /** Permissions of which a reader needs any (default: the route table's, for this resource). */
  readonly requirement?: readonly string[];
  /** Equalities every read of this resource satisfies (enrôleurs: `{ enroleur: true }`). */
  readonly baseFilter?: Readonly<Record<string, string | number | boolean>>;
  readonly readStore: ReadStore;
  readonly eventStore: EventStore;
}

/**
 * Read-your-writes: after a command the UI sends back the position it was given; the answer waits
 * until the projections behind the resource have reached it.
 */
export const awaitPosition = async (
  request: FastifyRequest,
  reply: FastifyReply,
  options: { readonly readStore: ReadStore; readonly projections: readonly string[] },
): Promise<void> => {
  const header = request.headers['x-min-position'];
  if (header === undefined) return;
  const position = String(header).trim();
  if (!isPosition(position)) {
    throw new ValidationError(
      'En-tête X-Min-Position invalide : une position numérique est attendue.',
    );
  }
  const reached = await waitForProjections(
    options.readStore,
    options.projections,
    position,
    MIN_POSITION_WAIT_MS,
  );
  reply.header('X-Position-Reached', String(reached));
};

/** GET /api/<resource> (ra-data-simple-rest) and GET /api/<resource>/:id, for any declared resource. */
export const resourceReadRoutes: FastifyPluginAsync<ResourceRouteOptions> = async (
  app,
  options,
) => {
  const { resource, readStore } = options;
  const requirement = options.requirement ?? resourceRequirement(resource.name, 'read');
  // Every read needs a session and a permission of the screens showing this resource.
  const guard = { preHandler: requireAccess(requirement) };
  await readStore.ensureCollection(resource.collection);
  const collection = readStore.collection(resource.collection);

  app.get<{ Querystring: DialectQuery }>('/', guard, async (request, reply) => {
    const parsed = parseListQuery(resource.collection, request.query);
    const query = options.baseFilter
      ? { ...parsed, filter: { ...parsed.filter, ...options.baseFilter } }
      : parsed;
    await awaitPosition(request, reply, { readStore, projections: resource.projections });
    const { items, total } = await collection.list(query);
    reply.header(
      'Content-Range',
      contentRange(resource.name, query.skip ?? 0, items.length, total),
    );
    reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Position-Reached, ETag');
    return items;
  });

  app.get<{ Params: { id: string } }>('/:id', guard, async (request, reply) => {
    await awaitPosition(request, reply, { readStore, projections: resource.projections });
    const doc = await collection.get(request.params.id);
    const outside =
      doc &&
      options.baseFilter &&
      Object.entries(options.baseFilter).some(
        ([field, value]) => (doc as unknown as Record<string, unknown>)[field] !== value,
      );
    if (!doc || outside) throw new NotFoundError(resource.notFoundMessage);
    reply.header('ETag', etag(doc.version));
    return doc;
  });

  const history = resource.history;
  if (history) {
    // The history is read from the events themselves: the log is the audit trail.
    // Readers of the resource, and auditors holding "Consulter l’historique de tout flux".
    const auditors = { preHandler: requireAccess([...requirement, 'administration.historique']) };
    app.get<{ Params: { id: string } }>('/:id/historique', auditors, async (request) => {
      const events = await options.eventStore.readStream(
        streamName(resource.category, request.params.id),
      );
      if (events.length === 0) throw new NotFoundError(resource.notFoundMessage);
      return history(events);
    });
  }
};
