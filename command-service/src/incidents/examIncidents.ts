import type { FastifyPluginAsync } from 'fastify';
import { parseExamIncident } from '@examens-pro/domain';
import { examIncidentCommands } from '@examens-pro/application';
import type { RouteDeps } from '../routeDeps.js';
import { incidentRoutesOf } from './incidents.js';

const RESOURCE = 'incidents-examen';

/**
 * /api/incidents-examen: { sessionId, siteId, epreuveId, typeId, candidatureIds, description }
 * (« Édition des incidents »), its attachment and « Changer le statut », under the route table's
 * write permission (`incident-examen.enregistrer`); never deleted.
 */
export const examIncidentsRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, storage },
) => {
  const write = { resource: RESOURCE, access: 'write' } as const;
  await incidentRoutesOf(app, {
    commands: examIncidentCommands(eventStore),
    parse: parseExamIncident,
    guards: { record: write, attach: write, changeStatus: write },
    scopeOf: () => null,
    storage,
  });
};
