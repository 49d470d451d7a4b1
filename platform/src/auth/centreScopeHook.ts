import type { FastifyRequest } from 'fastify';
import { NotFoundError, type ResourceDefinition } from '@examens-pro/domain/kernel';
import type { ReadStore } from '../read-store/port.js';
import { NATIONAL_NOT_FOUND, outsideCentre } from './centreScope.js';
import { currentPrincipal } from './sessions.js';

/**
 * Centres stay apart, for every route of a service at once: a route under
 * `/api/<resource>/:id…` of a resource kept per centre de dépôt (`scopedBy`: a dossier, an
 * incident, a document) answers 404 (the resource's message) to a centre-attached caller when the
 * record is another centre's, before its handler runs: a command on it writes nothing, a read
 * gives nothing. Registered by both services as a `preValidation` hook; the route's own guard
 * still checks the session and permissions (no principal here: nothing to cut).
 */
export const centreScopeHook = (
  readStore: ReadStore,
  resources: readonly ResourceDefinition[],
): ((request: FastifyRequest) => Promise<void>) => {
  const scoped = new Map(
    resources.filter((resource) => resource.scopedBy).map((resource) => [resource.name, resource]),
  );
  return async (request) => {
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string') return;
    const resource = scoped.get(String(request.routeOptions.url ?? '').split('/')[2] ?? '');
    if (!resource) return;
    const principal = request.principal ?? (await currentPrincipal(request));
    if (!principal?.user.centreDepotId) return;
    const record = await readStore.collection(resource.collection).get(id);
    if (outsideCentre(resource, record, request)) throw new NotFoundError(resource.notFoundMessage);
  };
};

/**
 * `nationalRoute` as a hook for a plugin's every route, before its body is parsed into a command:
 * a centre-attached caller gets 404 (no principal: the route's guard answers).
 */
export const nationalRouteHook = async (request: FastifyRequest): Promise<void> => {
  const principal = request.principal ?? (await currentPrincipal(request));
  if (principal?.user.centreDepotId) throw new NotFoundError(NATIONAL_NOT_FOUND);
};
