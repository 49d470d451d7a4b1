import type { FastifyPluginAsync } from 'fastify';
import { normalizeForSearch, ValidationError, type ResourceDefinition } from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import { contentRange } from '../dialect.js';
import { permissionReaders, readScope, type ReadScope } from '../readers.js';

export interface DistinctRouteOptions {
  readonly resource: ResourceDefinition;
  /** The list route's: permissions of which a reader needs any. */
  readonly requirement: readonly string[];
  /** The list route's scope. */
  readonly baseFilter?: ReadScope;
  readonly readStore: ReadStore;
}

/** `filter={"q":"…"}` or `filter={"id":["…"]}`, as react-admin's inputs send them. */
const askedOf = (query: { filter?: string }): { ids?: string[]; words: string[] } => {
  let filter: { q?: unknown; id?: unknown } = {};
  try {
    filter = query.filter ? (JSON.parse(query.filter) as typeof filter) : {};
  } catch {
    throw new ValidationError('Paramètre « filter » invalide : JSON attendu.', {
      filter: 'JSON attendu.',
    });
  }
  const ids = [filter.id ?? []].flat().map(String);
  const words = typeof filter.q === 'string' ? normalizeForSearch(filter.q).split(' ') : [];
  return {
    ...(filter.id === undefined ? {} : { ids }),
    words: words.filter((word) => word !== ''),
  };
};

/**
 * GET /api/<resource>/<path> for each of its `distinct` declarations: the values of a field among
 * the items the caller may read (an enrôleur: their centre's), each with its label, in the list
 * dialect (`Content-Range`), so that a filter offers only what it can find.
 */
export const distinctRoutes: FastifyPluginAsync<DistinctRouteOptions> = async (app, options) => {
  const { resource, readStore } = options;
  const guard = permissionReaders(options.requirement);
  await readStore.ensureCollection(resource.collection);
  const collection = readStore.collection(resource.collection);
  for (const [path, { field, label }] of Object.entries(resource.distinct ?? {})) {
    app.get<{ Querystring: { filter?: string } }>(`/${path}`, guard, async (request, reply) => {
      const scope = readScope(resource, request, options.baseFilter);
      const groups = await collection.group({
        ...(scope ? { filter: scope } : {}),
        by: [field, label],
      });
      // One line per value (a user renamed since: one of their names), sorted by label.
      const values = new Map<string, string>();
      for (const { key } of groups)
        if (typeof key[field] === 'string' && key[field] !== '')
          values.set(key[field], String(key[label] ?? key[field]));
      // What a filter's input asks: the chosen values (`id`), or the labels containing every word of `q`.
      const { ids, words } = askedOf(request.query);
      const items = [...values]
        .map(([id, libelle]) => ({ id, libelle }))
        .filter(
          (item) =>
            (!ids || ids.includes(item.id)) &&
            words.every((word) => normalizeForSearch(item.libelle).includes(word)),
        )
        .sort((a, b) => a.libelle.localeCompare(b.libelle, 'fr'));
      reply.header('Content-Range', contentRange(path, 0, items.length, items.length));
      reply.header('Access-Control-Expose-Headers', 'Content-Range');
      return items;
    });
  }
};
