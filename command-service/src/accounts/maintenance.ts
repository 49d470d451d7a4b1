import type { FastifyPluginAsync } from 'fastify';
import { maintenanceSchema, parseInput } from '@examens-pro/domain';
import { commandIdOf, requireAccess } from '@examens-pro/platform';
import { maintenanceCommands } from '@examens-pro/application';
import { commandContext } from '../context.js';
import type { RouteDeps } from '../routeDeps.js';

/** POST /api/maintenance/activer { message } and /desactiver: the administrators' switch. */
export const maintenanceRoutes: FastifyPluginAsync<RouteDeps> = async (app, { eventStore }) => {
  const maintenance = maintenanceCommands(eventStore);
  const guard = { preHandler: requireAccess(['administration.maintenance']) };
  app.post('/activer', guard, async (request) => {
    const { message } = parseInput(maintenanceSchema, request.body);
    return maintenance.set(true, message, commandContext(request, commandIdOf(request)));
  });
  app.post('/desactiver', guard, async (request) =>
    maintenance.set(false, '', commandContext(request, commandIdOf(request))),
  );
};
