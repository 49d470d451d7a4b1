import type { FastifyPluginAsync } from 'fastify';
import { attestationRequestSchema, parseInput, type RouteId } from '@examens-pro/domain';
import { attestationCommands } from '@examens-pro/application';
import { commandRoute } from '../commandRoute.js';
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
  commandRoute(app, {
    method: 'POST',
    url: '/documents',
    route: LIST,
    access: 'write',
    input: (body) => parseInput(attestationRequestSchema, body),
    run: ({ input, context, request }) =>
      commands.request(input, context, request.principal?.user.centreDepotId ?? null),
  });
};
