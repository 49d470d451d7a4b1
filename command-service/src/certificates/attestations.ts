import type { FastifyPluginAsync } from 'fastify';
import {
  attestationRequestSchema,
  parseInput,
  requirementFor,
  routeById,
  type RouteId,
} from '@examens-pro/domain';
import { commandIdOf, requireAccess } from '@examens-pro/platform';
import { attestationCommands } from '@examens-pro/application';
import { commandContext } from '../context.js';
import type { RouteDeps } from '../routeDeps.js';

const LIST: RouteId = 'espace-examen/gestion-des-admissions/attestations/liste-des-candidats';

/**
 * The admitted candidates' documents (`/api/attestations/…`), under « Imprimer les diplômes »:
 * - POST `documents { kind: 'attestations' | 'diplomes', sessionId, candidatureIds | departementId
 *   | zoneId }` → 201 `{ id, revision, position, candidats, enAttente }`: one PDF that the workers
 *   make (the progress and the file are the documents' routes). Refused (409) while PUBLIC_URL is
 *   unset — the verification address is printed for good — or without a signatory; refused (400)
 *   for a candidate who is not an admitted candidate of a closed deliberation of the session.
 */
export const attestationsRoutes: FastifyPluginAsync<
  RouteDeps & { readonly publicUrl?: string }
> = async (app, { eventStore, readStore, publicUrl }) => {
  const commands = attestationCommands(eventStore, readStore, publicUrl);
  app.post(
    '/documents',
    { preHandler: requireAccess(requirementFor(routeById(LIST), 'write')) },
    async (request, reply) => {
      const input = parseInput(attestationRequestSchema, request.body);
      const answer = await commands.request(
        input,
        commandContext(request, commandIdOf(request)),
        request.principal?.user.centreDepotId ?? null,
      );
      reply.status(201);
      return answer;
    },
  );
};
