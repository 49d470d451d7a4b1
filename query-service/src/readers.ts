import type { FastifyRequest } from 'fastify';
import {
  requirementFor,
  resourceRequirement,
  routeById,
  type ResourceDefinition,
  type RouteId,
} from '@examens-pro/domain';
import { requireAccess, type Filter } from '@examens-pro/platform';

// A record read by id is cut to the caller's centre by the platform's rule, the one the command
// service applies too; the routes reach it here with the rest of their scope.
export { outsideCentre, withinCentre } from '@examens-pro/platform';

/**
 * Who may read what, and how much of it: the one module the query service's routes take their
 * guard (the permissions checked before anything is read) and their scope (the centre de dépôt an
 * enrôleur is kept to, the records a user owns) from, so that no read route states either twice.
 */

/** A route's `preHandler`: a session, and any of `anyOf` (none: any signed-in user). */
const guardOf = (anyOf: readonly string[]) => ({ preHandler: requireAccess(anyOf) });

/** The permissions that open any of these route-table screens, or act on their records. */
export const routeRequirement = (...routes: RouteId[]): string[] => [
  ...new Set(routes.flatMap((r) => requirementFor(routeById(r), 'read'))),
];

/**
 * The guard of a screen's own read: whoever may open one of these route-table screens, or act on
 * its records, may read it (checked before anything is read).
 */
export const readers = (...routes: RouteId[]) => guardOf(routeRequirement(...routes));

/** The guard of a read opened by an explicit list of permissions (any of them). */
export const permissionReaders = (permissions: readonly string[]) => guardOf(permissions);

/**
 * The guard of a resource's reads: the given permissions, else the route table's for the
 * resource's screens.
 */
export const resourceReaders = (resource: string, requirement?: readonly string[]) =>
  guardOf(requirement ?? resourceRequirement(resource, 'read'));

/**
 * The guard of a resource's history and past states: its readers, and the auditors holding
 * « Consulter l’historique de tout flux ».
 */
export const auditors = (requirement: readonly string[]) =>
  guardOf([...requirement, 'administration.historique']);

/** The guard of what every signed-in user reads (each part then filtered by their permissions). */
export const signedIn = () => guardOf([]);

/** Equalities a caller's every read of a resource satisfies. */
export type ReadScope = Readonly<Record<string, string | number | boolean>>;

/**
 * What every read of `resource` by this caller satisfies: the route's scope, and for a resource kept
 * per centre de dépôt (`scopedBy`) a caller attached to a centre (an enrôleur) sees its records only.
 */
export const readScope = (
  resource: ResourceDefinition,
  request: FastifyRequest,
  baseFilter?: ReadScope,
): ReadScope | undefined => {
  const centre = resource.scopedBy ? request.principal?.user.centreDepotId : null;
  const owner = resource.ownedBy
    ? { [resource.ownedBy]: request.principal?.user.id ?? '(personne)' }
    : {};
  if (!centre) return resource.ownedBy ? { ...baseFilter, ...owner } : baseFilter;
  return { ...baseFilter, ...owner, [resource.scopedBy!]: centre };
};

/**
 * The caller's filter within their scope: the scope's equalities added, or null when the filter
 * asks for what the scope excludes (another centre's dossiers: nothing, rather than one's own).
 */
export const withinScope = (
  filter: Filter | undefined,
  scope: ReadScope | undefined,
): Filter | undefined | null => {
  if (!scope) return filter;
  filter ??= {};
  for (const [field, value] of Object.entries(scope)) {
    const asked = filter[field];
    if (asked === undefined) continue;
    // The list dialect asks `{ $eq: v }` or `{ $in: [...] }`; a caller's own code a bare value.
    const operators = (typeof asked === 'object' && asked !== null ? asked : {}) as {
      $in?: unknown[];
      $eq?: unknown;
    };
    const allowed = Array.isArray(operators.$in)
      ? operators.$in.includes(value)
      : '$eq' in operators
        ? operators.$eq === value
        : asked === value;
    if (!allowed) return null;
  }
  return { ...filter, ...scope };
};

/**
 * The caller's filter over `resource` within their scope (null: nothing they may read): what a
 * list, a count or an export of the resource asks of the read store.
 */
export const scopedFilter = (
  resource: ResourceDefinition,
  request: FastifyRequest,
  filter: Filter | undefined,
  baseFilter?: ReadScope,
): Filter | undefined | null => withinScope(filter, readScope(resource, request, baseFilter));

/** Whether a record lies outside the caller's scope over `resource` (404 rather than shown). */
export const outsideScope = (
  resource: ResourceDefinition,
  request: FastifyRequest,
  record: object,
  baseFilter?: ReadScope,
): boolean => {
  const scope = readScope(resource, request, baseFilter);
  return (
    scope !== undefined &&
    Object.entries(scope).some(
      ([field, value]) => (record as Record<string, unknown>)[field] !== value,
    )
  );
};
