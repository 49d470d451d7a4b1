import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  parsePvArchiveRequest,
  parseResultsVisibility,
  requirementFor,
  routeById,
  type RouteId,
} from '@examens-pro/domain';
import { commandIdOf, etag, requireAccess } from '@examens-pro/platform';
import { minutesCommands } from '@examens-pro/application';
import { commandContext } from '../context.js';
import type { RouteDeps } from '../routeDeps.js';

const ARCHIVE: RouteId = 'espace-examen/archives-des-proces-verbal/sauvegarde';
const VISIBILITY: RouteId = 'espace-examen/gestion-des-admissions/visibilite-des-resultats';

const context = (request: FastifyRequest) => commandContext(request, commandIdOf(request));

/**
 * `POST /api/archives-pv { documentId }` (« Archiver les procès-verbaux »): the generated PV of a
 * closed jury archived as the next version of its jury × centre → 201 `{ id (the version),
 * revision, position }`; 409 when the jury is not closed, the PV is older than its last
 * deliberation, or its bytes no longer match the hash of its generation.
 */
export const pvArchiveRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore, storage },
) => {
  const minutes = minutesCommands(eventStore, readStore, storage);
  app.post(
    '/',
    { preHandler: requireAccess(requirementFor(routeById(ARCHIVE), 'write')) },
    async (request, reply) => {
      const { documentId } = parsePvArchiveRequest(request.body);
      const answer = await minutes.archive(documentId, context(request));
      reply.status(201).header('ETag', etag(answer.revision));
      return answer;
    },
  );
};

/**
 * `PUT /api/visibilites-resultats/:sessionId { visible, moyenneVisible }` (« Gérer la visibilité
 * des résultats »): refused (409) while a jury of the session has not closed, unless hiding them.
 */
export const resultsVisibilityRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore, storage },
) => {
  const minutes = minutesCommands(eventStore, readStore, storage);
  app.put<{ Params: { sessionId: string } }>(
    '/:sessionId',
    { preHandler: requireAccess(requirementFor(routeById(VISIBILITY), 'write')) },
    async (request, reply) => {
      const visibility = parseResultsVisibility(request.body);
      const answer = await minutes.setVisibility(
        request.params.sessionId,
        visibility,
        context(request),
      );
      reply.header('ETag', etag(answer.revision));
      return answer;
    },
  );
};
