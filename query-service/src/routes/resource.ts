import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  isPosition,
  NotFoundError,
  readChanges,
  resourceRequirement,
  streamName,
  ValidationError,
  type HistoryEntry,
  type ResourceDefinition,
} from '@examens-pro/domain';
import {
  checkNationalAccess,
  etag,
  waitForProjections,
  type EventStore,
  type ListQuery,
  type ReadStore,
} from '@examens-pro/platform';
import { contentRange, parseListQuery, type DialectQuery } from '../dialect.js';
import type { LabelSource } from '../exports.js';
import {
  auditors,
  outsideScope,
  resourceReaders,
  scopedFilter,
  type ReadScope,
} from '../readers.js';

/** `X-Min-Position` waits at most this long for the projections; past it the data is served as it is. */
export const MIN_POSITION_WAIT_MS = 5000;

export interface ResourceRouteOptions {
  readonly resource: ResourceDefinition;
  /** Permissions of which a reader needs any (default: the route table's, for this resource). */
  readonly requirement?: readonly string[];
  /** Equalities every read of this resource satisfies (enrôleurs: `{ enroleur: true }`). */
  readonly baseFilter?: ReadScope;
  readonly readStore: ReadStore;
  readonly eventStore: EventStore;
  /** Where the history reads the libellés of referenced items. */
  readonly labels?: LabelSource;
}

/**
 * A history as staff read it: a choice by its label (« Candidat libre », not `libre`), a referenced
 * item by its libellé (« Mécanique automobile », not its id; an item since deleted keeps its id).
 * `changeFields`: the entries' changes are stored compactly (a list of changes' lines), given whole.
 */
export const readableHistory = async (
  stored: HistoryEntry[],
  fields: NonNullable<ResourceDefinition['fields']>,
  labels: LabelSource,
  changeFields?: ResourceDefinition['changeFields'],
): Promise<HistoryEntry[]> => {
  const entries = changeFields
    ? stored.map((entry) => ({ ...entry, changes: readChanges(entry.changes, changeFields) }))
    : stored;
  const byName = new Map(fields.map((field) => [field.name, field]));
  const wanted = new Map<string, Set<string>>();
  for (const entry of entries)
    for (const change of entry.changes) {
      const reference = change.reference ?? byName.get(change.field)?.reference;
      if (!reference) continue;
      const ids = wanted.get(reference) ?? new Set<string>();
      for (const value of [change.before, change.after].flat())
        if (typeof value === 'string' && value !== '') ids.add(value);
      wanted.set(reference, ids);
    }
  const found = new Map<string, Map<string, string>>();
  for (const [resource, ids] of wanted) found.set(resource, await labels(resource, [...ids]));
  const shown = (name: string, value: unknown, reference?: string): unknown => {
    const field = reference ? { reference, choices: undefined } : byName.get(name);
    if (!field || value === null || value === undefined || value === '') return value;
    if (field.choices)
      return field.choices.find((choice) => choice.value === value)?.label ?? value;
    if (field.reference) {
      const names = found.get(field.reference);
      const one = (id: unknown) => (typeof id === 'string' ? (names?.get(id) ?? id) : id);
      return Array.isArray(value) ? value.map(one).join(', ') : one(value);
    }
    return value;
  };
  return entries.map((entry) => ({
    ...entry,
    changes: entry.changes.map((change) => ({
      ...change,
      before: shown(change.field, change.before, change.reference),
      after: shown(change.field, change.after, change.reference),
    })),
  }));
};

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

/** An instant in ISO 8601 with its offset: 2027-01-15T10:30:00+01:00, 2027-01-15T09:30:00.000Z. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const INSTANT_EXPECTED =
  'Indiquez l’instant au format ISO 8601 avec son fuseau, par exemple 2027-01-15T10:30:00+01:00.';

/** GET /api/<resource> (ra-data-simple-rest) and GET /api/<resource>/:id, for any declared resource. */
export const resourceReadRoutes: FastifyPluginAsync<ResourceRouteOptions> = async (
  app,
  options,
) => {
  const { resource, readStore } = options;
  const requirement = options.requirement ?? resourceRequirement(resource.name, 'read');
  // Every read needs a session and a permission of the screens showing this resource.
  const guard = resourceReaders(resource.name, requirement);
  await readStore.ensureCollection(resource.collection);
  const collection = readStore.collection(resource.collection);
  // A list of another resource's changes shows them as that resource's histories do.
  const shownChanges = async <T>(items: T[]): Promise<T[]> =>
    resource.changesOf && options.labels
      ? ((await readableHistory(
          items as unknown as HistoryEntry[],
          resource.changesOf,
          options.labels,
          resource.changeFields,
        )) as unknown as T[])
      : items;

  app.get<{ Querystring: DialectQuery }>('/', guard, async (request, reply) => {
    const parsed = parseListQuery(resource.collection, request.query);
    const filter = scopedFilter(resource, request, parsed.filter, options.baseFilter);
    await awaitPosition(request, reply, { readStore, projections: resource.projections });
    // A page of a list carries the resource's list fields; a read by ids (react-admin's getMany,
    // `filter={"id":[…]}`) whole documents, as the reads of one item do.
    const ids = parsed.filter?.id;
    const byIds = typeof ids === 'object' && ids !== null && '$in' in ids;
    const fields = byIds ? undefined : resource.listFields;
    const query = { ...parsed, filter, ...(fields ? { fields } : {}) };
    reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Position-Reached, ETag');
    if (filter !== null && !resource.changesOf) {
      // As stored: the documents' JSON text, neither parsed nor serialised again here.
      const page = await collection.listJson(query as ListQuery);
      reply.header(
        'Content-Range',
        contentRange(resource.name, parsed.skip ?? 0, page.count, page.total),
      );
      return reply.type('application/json; charset=utf-8').send(page.json);
    }
    const { items, total } =
      filter === null ? { items: [], total: 0 } : await collection.list(query as ListQuery);
    reply.header(
      'Content-Range',
      contentRange(resource.name, parsed.skip ?? 0, items.length, total),
    );
    return shownChanges(items);
  });

  app.get<{ Params: { id: string } }>('/:id', guard, async (request, reply) => {
    await awaitPosition(request, reply, { readStore, projections: resource.projections });
    const doc = await collection.get(request.params.id);
    if (!doc || outsideScope(resource, request, doc, options.baseFilter))
      throw new NotFoundError(resource.notFoundMessage);
    reply.header('ETag', etag(doc.version));
    return (await shownChanges([doc]))[0];
  });

  const asAt = resource.asAt;
  if (asAt) {
    // The item as it stood at an instant, replayed from its events (no ETag: it cannot be edited).
    app.get<{ Params: { id: string }; Querystring: { instant?: string } }>(
      '/:id/a-la-date',
      auditors(requirement),
      async (request) => {
        // The auditors' permission does not open a national resource to a centre-attached user.
        checkNationalAccess(request.principal!, requirement);
        const instant = String(request.query.instant ?? '').trim();
        if (!ISO_INSTANT.test(instant) || !Number.isFinite(Date.parse(instant)))
          throw new ValidationError(INSTANT_EXPECTED, { instant: INSTANT_EXPECTED });
        const events = await options.eventStore.readStream(
          streamName(resource.category, request.params.id),
        );
        const found = asAt(events, instant);
        if (!found || outsideScope(resource, request, found.document))
          throw new NotFoundError(resource.notFoundMessage);
        return {
          instant,
          revision: found.revision,
          [resource.itemKey ?? resource.name]: found.document,
        };
      },
    );
  }

  const history = resource.history;
  if (history) {
    // The history is read from the events themselves: the log is the audit trail.
    // Readers of the resource, and auditors holding "Consulter l’historique de tout flux".
    app.get<{ Params: { id: string } }>(
      '/:id/historique',
      auditors(requirement),
      async (request) => {
        // The auditors' permission does not open a national resource to a centre-attached user.
        checkNationalAccess(request.principal!, requirement);
        const events = await options.eventStore.readStream(
          streamName(resource.category, request.params.id),
        );
        if (events.length === 0) throw new NotFoundError(resource.notFoundMessage);
        // Another centre's record has no history for an enrôleur: its last stated centre decides.
        const centre = resource.scopedBy ? request.principal?.user.centreDepotId : null;
        if (centre) {
          const field = resource.scopedBy!;
          const stated = events
            .map((e) => (e.data as Record<string, unknown> | undefined)?.[field])
            .filter((value) => typeof value === 'string');
          if (stated[stated.length - 1] !== centre)
            throw new NotFoundError(resource.notFoundMessage);
        }
        // « Mes incidents »: the history of one's own records only (the recorder: the first event's actor).
        if (resource.ownedBy && events[0]!.metadata.actor.id !== request.principal?.user.id)
          throw new NotFoundError(resource.notFoundMessage);
        return options.labels
          ? readableHistory(history(events), resource.fields ?? [], options.labels)
          : history(events);
      },
    );
  }
};
