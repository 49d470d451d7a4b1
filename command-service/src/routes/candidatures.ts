import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseCandidature, parseNewCandidature, parseRejection } from '@examens-pro/domain';
import { commandRoute } from '../commandRoute.js';
import { candidatureCommands, officeTimeZone } from '@examens-pro/platform';
import type { RouteDeps } from './deps.js';

/** The caller's centre de dépôt (an enrôleur's): their dossiers are that centre's only. */
const scopeOf = (request: FastifyRequest): string | null =>
  request.principal?.user.centreDepotId ?? null;

/**
 * POST /api/candidatures (creer), PUT /:id, DELETE /:id (a brouillon), and the steps
 * POST /:id/soumettre, /:id/valider, /:id/rejeter { motifId, commentaire }, /:id/desister, each under
 * the route table's permissions for that action.
 */
export const candidaturesRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore },
) => {
  const candidatures = candidatureCommands(eventStore, officeTimeZone(), readStore);
  const resource = 'candidatures';

  commandRoute(app, {
    method: 'POST',
    url: '/',
    resource,
    access: { action: 'creer' },
    input: parseNewCandidature,
    run: ({ id, input: { confirmerHomonyme, ...input }, context, request }) =>
      candidatures.create(id, input, scopeOf(request), context, confirmerHomonyme),
  });
  commandRoute(app, {
    method: 'PUT',
    url: '/:id',
    resource,
    access: 'write',
    input: parseCandidature,
    run: ({ id, input, revision, context, request }) =>
      candidatures.modify(id, input, revision, scopeOf(request), context),
  });
  commandRoute(app, {
    method: 'DELETE',
    url: '/:id',
    resource,
    access: 'remove',
    run: ({ id, revision, context, request }) =>
      candidatures.remove(id, revision, scopeOf(request), context),
  });
  for (const action of ['soumettre', 'valider', 'desister'] as const)
    commandRoute(app, {
      method: 'POST',
      url: `/:id/${action}`,
      resource,
      access: { action },
      run: ({ id, revision, context, request }) =>
        candidatures.step(id, action, revision, scopeOf(request), context),
    });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/rejeter',
    resource,
    access: { action: 'rejeter' },
    input: parseRejection,
    run: ({ id, input, revision, context, request }) =>
      candidatures.step(id, 'rejeter', revision, scopeOf(request), context, input),
  });
};
