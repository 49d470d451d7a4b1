import type { FastifyPluginAsync } from 'fastify';
import { parsePvArchiveRequest } from '@examens-pro/domain';
import { archivePv } from '@examens-pro/application';
import { commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';

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
  commandRoute(app, {
    method: 'POST',
    url: '/',
    route: 'espace-examen/archives-des-proces-verbal/sauvegarde',
    access: 'write',
    input: (body) => parsePvArchiveRequest(body),
    run: ({ input, context }) => {
      if (!storage) throw new Error('stockage des documents absent');
      return archivePv({ eventStore, readStore, storage }, input.documentId, context);
    },
  });
};
