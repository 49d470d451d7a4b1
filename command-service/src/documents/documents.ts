import type { FastifyPluginAsync } from 'fastify';
import { documentRequirement } from '@examens-pro/domain';
import { parseDocumentRequest, requestDocument } from '@examens-pro/application';
import { commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';

/**
 * POST /api/documents { kind, cible? }: asks for a document (the exam lists: for a session's site,
 * centre d'examen or département); a worker makes it and records the outcome.
 */
export const documentsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { eventStore }) => {
  commandRoute(app, {
    method: 'POST',
    url: '/',
    // Whoever may open the screen a document comes from may ask for it.
    anyOf: (body) => documentRequirement(parseDocumentRequest(body).kind),
    input: parseDocumentRequest,
    run: ({ id, input, context, request }) =>
      requestDocument(
        eventStore,
        id,
        input,
        request.principal?.user.centreDepotId ?? null,
        context,
      ),
  });
};
