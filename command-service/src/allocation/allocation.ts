import type { FastifyPluginAsync } from 'fastify';
import { parseAllocationRun } from '@examens-pro/domain';
import { nationalRouteHook } from '@examens-pro/platform';
import { allocationCommands } from '@examens-pro/application';
import { commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';

/**
 * POST /api/affectations-automatiques { sessionId, empreinte }: applies the automatic allocation
 * previewed (its fingerprint: a plan that changed since answers 409), as one operation whose
 * progress `GET /api/affectations-automatiques/:id` reads; the reactor places the candidates.
 * Every centre's candidates at once: a centre-attached user gets 404.
 */
export const allocationRunsRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore },
) => {
  const allocation = allocationCommands(eventStore, readStore);
  // It places every centre's candidates: not a centre-attached user's to run (404).
  app.addHook('preValidation', nationalRouteHook);
  commandRoute(app, {
    method: 'POST',
    url: '/',
    resource: 'affectations-automatiques',
    access: 'write',
    input: parseAllocationRun,
    run: ({ id, input, context }) => allocation.acceptRun(id, input, context),
  });
};
