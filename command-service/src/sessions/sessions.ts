import type { FastifyPluginAsync } from 'fastify';
import { parseSession, parseSessionReference, ValidationError } from '@examens-pro/domain';
import { commandRoute } from '../commandRoute.js';
import { isSessionStatus, sessionCommands } from '@examens-pro/application';
import type { RouteDeps } from '../routeDeps.js';

/**
 * POST, PUT /api/sessions, POST /api/sessions/:id/avancer { statut } (the next step, confirmed) and
 * POST /api/sessions/:id/reference { numeroArrete, dateArrete }.
 */
export const sessionsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { eventStore }) => {
  const sessions = sessionCommands(eventStore);
  const resource = 'sessions';

  commandRoute(app, {
    method: 'POST',
    url: '/',
    resource,
    access: 'write',
    input: parseSession,
    run: ({ id, input, context }) => sessions.create(id, input, context),
  });
  commandRoute(app, {
    method: 'PUT',
    url: '/:id',
    resource,
    access: 'write',
    input: parseSession,
    run: ({ id, input, revision, context }) => sessions.modify(id, input, revision, context),
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/avancer',
    resource,
    access: 'write',
    input: (body) => {
      const to = (body as { statut?: unknown } | undefined)?.statut;
      if (!isSessionStatus(to))
        throw new ValidationError('Indiquez l’étape suivante de la session.', {
          statut: 'Indiquez l’étape suivante de la session.',
        });
      return to;
    },
    run: ({ id, input, revision, context }) => sessions.advance(id, input, revision, context),
  });
  // The session's reference (« Référence d’examen »): under that screen's write permission
  // (« Enregistrer la référence et la date de délibération »), not the sessions' configuration one.
  commandRoute(app, {
    method: 'POST',
    url: '/:id/reference',
    resource: 'references-examen',
    access: 'write',
    input: parseSessionReference,
    run: ({ id, input, revision, context }) => sessions.setReference(id, input, revision, context),
  });
};
