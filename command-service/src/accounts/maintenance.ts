import type { FastifyPluginAsync } from 'fastify';
import { maintenanceSchema, parseInput } from '@examens-pro/domain';
import { maintenanceCommands } from '@examens-pro/application';
import { commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';

/** POST /api/maintenance/activer { message } and /desactiver: the administrators' switch. */
export const maintenanceRoutes: FastifyPluginAsync<RouteDeps> = async (app, { eventStore }) => {
  const maintenance = maintenanceCommands(eventStore);
  const anyOf = ['administration.maintenance'];
  // A switch turned, not a record created: 200.
  commandRoute(app, {
    method: 'POST',
    url: '/activer',
    anyOf,
    status: 200,
    input: (body) => parseInput(maintenanceSchema, body).message,
    run: ({ input, context }) => maintenance.set(true, input, context),
  });
  commandRoute(app, {
    method: 'POST',
    url: '/desactiver',
    anyOf,
    status: 200,
    run: ({ context }) => maintenance.set(false, '', context),
  });
};
