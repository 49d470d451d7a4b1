import type { FastifyPluginAsync } from 'fastify';
import { parseResultsVisibility } from '@examens-pro/domain';
import { setResultsVisibility } from '@examens-pro/application';
import { commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';

/**
 * `PUT /api/visibilites-resultats/:sessionId { visible, moyenneVisible }` (« Gérer la visibilité
 * des résultats »): refused (409) while a jury of the session has not closed, unless hiding them.
 */
export const resultsVisibilityRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore },
) => {
  commandRoute(app, {
    method: 'PUT',
    url: '/:sessionId',
    route: 'espace-examen/gestion-des-admissions/visibilite-des-resultats',
    access: 'write',
    input: (body) => parseResultsVisibility(body),
    run: ({ input, context, request }) =>
      setResultsVisibility(
        { eventStore, readStore },
        (request.params as { sessionId: string }).sessionId,
        input,
        context,
      ),
  });
};
