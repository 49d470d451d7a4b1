import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  OVERRIDE_RESULTS,
  parseJuryMotif,
  parseOverride,
  requirementFor,
  routeById,
  ValidationError,
  type OverrideResult,
  type RouteId,
} from '@examens-pro/domain';
import { commandIdOf, etag, requireAccess, type CommandAnswer } from '@examens-pro/platform';
import { deliberationCommands } from '@examens-pro/application';
import { commandContext } from '../context.js';
import type { RouteDeps } from '../routeDeps.js';

const RESULTS: RouteId = 'espace-examen/gestion-des-admissions/resultat-et-pv';

const guard = (action: string) => ({
  preHandler: requireAccess(requirementFor(routeById(RESULTS), { action })),
});

const answered = (reply: FastifyReply, answer: CommandAnswer) => {
  reply.header('ETag', etag(answer.revision));
  return answer;
};

const context = (request: FastifyRequest) => commandContext(request, commandIdOf(request));
const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

const candidate = (input: Record<string, unknown>) => {
  const id = typeof input.candidatureId === 'string' ? input.candidatureId.trim() : '';
  if (!id)
    throw new ValidationError('Choisissez le candidat.', {
      candidatureId: 'Choisissez le candidat.',
    });
  return id;
};

/**
 * A jury's deliberation (`/api/deliberations/:juryId/…`), under « Délibérer »:
 * - POST `derogations { candidatureId, resultat, motif }`: the jury's decision over a computed
 *   result (admis, ajourné or éliminé), with its reason, while the deliberation is open;
 * - POST `derogations/retrait { candidatureId, motif }`: that decision withdrawn;
 * - POST `cloture`: the deliberation closed with the session's reference; every result frozen
 *   (409 while a candidate lacks a presence or a mark, or without the reference);
 * - POST `redeliberations { candidatureId, motif, derogation?: { resultat, motif } }`: a closed
 *   result decided again from the marks and identity of now (after a dispute).
 */
export const deliberationsRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore },
) => {
  const deliberations = deliberationCommands(eventStore, readStore);

  app.post<{ Params: { juryId: string } }>(
    '/:juryId/derogations',
    guard('deroger'),
    async (request, reply) => {
      const input = body(request);
      const candidatureId = candidate(input);
      return answered(
        reply,
        await deliberations.setOverride(
          request.params.juryId,
          { candidatureId, ...parseOverride(input) },
          context(request),
        ),
      );
    },
  );

  app.post<{ Params: { juryId: string } }>(
    '/:juryId/derogations/retrait',
    guard('deroger'),
    async (request, reply) => {
      const input = body(request);
      const candidatureId = candidate(input);
      return answered(
        reply,
        await deliberations.removeOverride(
          request.params.juryId,
          { candidatureId, motif: parseJuryMotif(input) },
          context(request),
        ),
      );
    },
  );

  app.post<{ Params: { juryId: string } }>(
    '/:juryId/cloture',
    guard('cloturer'),
    async (request, reply) =>
      answered(reply, await deliberations.close(request.params.juryId, context(request))),
  );

  app.post<{ Params: { juryId: string } }>(
    '/:juryId/redeliberations',
    guard('redeliberer'),
    async (request, reply) => {
      const input = body(request);
      const candidatureId = candidate(input);
      const motif = parseJuryMotif(input);
      const raw = input.derogation as Record<string, unknown> | null | undefined;
      const derogation =
        raw && (OVERRIDE_RESULTS as readonly unknown[]).includes(raw.resultat)
          ? { resultat: raw.resultat as OverrideResult, motif: parseJuryMotif(raw) }
          : raw && raw.resultat
            ? (() => {
                throw new ValidationError(
                  'Choisissez le résultat décidé par le jury : admis, ajourné ou éliminé.',
                  {
                    resultat:
                      'Choisissez le résultat décidé par le jury : admis, ajourné ou éliminé.',
                  },
                );
              })()
            : null;
      return answered(
        reply,
        await deliberations.redeliberate(
          request.params.juryId,
          { candidatureId, motif, derogation },
          context(request),
        ),
      );
    },
  );
};
