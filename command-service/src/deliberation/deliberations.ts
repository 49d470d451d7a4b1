import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  OVERRIDE_RESULTS,
  parseJuryMotif,
  parseOverride,
  ValidationError,
  type OverrideResult,
  type RouteId,
} from '@examens-pro/domain';
import { deliberationCommands } from '@examens-pro/application';
import { commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';

const RESULTS: RouteId = 'espace-examen/gestion-des-admissions/resultat-et-pv';

const guard = (action: string) => ({ route: RESULTS, access: { action } }) as const;

/** The jury the URL names (`/:juryId/…`): a deliberation is the jury's, read afresh, no If-Match. */
const juryOf = (request: FastifyRequest) => (request.params as { juryId: string }).juryId;

const fields = (body: unknown) => (body ?? {}) as Record<string, unknown>;

const candidate = (input: Record<string, unknown>) => {
  const id = typeof input.candidatureId === 'string' ? input.candidatureId.trim() : '';
  if (!id)
    throw new ValidationError('Choisissez le candidat.', {
      candidatureId: 'Choisissez le candidat.',
    });
  return id;
};

/** `{ candidatureId, motif, derogation?: { resultat, motif } }`: a closed result decided again. */
const parseRedeliberation = (body: unknown) => {
  const input = fields(body);
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
                resultat: 'Choisissez le résultat décidé par le jury : admis, ajourné ou éliminé.',
              },
            );
          })()
        : null;
  return { candidatureId, motif, derogation };
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

  commandRoute(app, {
    method: 'POST',
    url: '/:juryId/derogations',
    ...guard('deroger'),
    input: (body) => {
      const input = fields(body);
      const candidatureId = candidate(input);
      return { candidatureId, ...parseOverride(input) };
    },
    run: ({ input, context, request }) =>
      deliberations.setOverride(juryOf(request), input, context),
  });

  commandRoute(app, {
    method: 'POST',
    url: '/:juryId/derogations/retrait',
    ...guard('deroger'),
    input: (body) => {
      const input = fields(body);
      const candidatureId = candidate(input);
      return { candidatureId, motif: parseJuryMotif(input) };
    },
    run: ({ input, context, request }) =>
      deliberations.removeOverride(juryOf(request), input, context),
  });

  commandRoute(app, {
    method: 'POST',
    url: '/:juryId/cloture',
    ...guard('cloturer'),
    run: ({ context, request }) => deliberations.close(juryOf(request), context),
  });

  commandRoute(app, {
    method: 'POST',
    url: '/:juryId/redeliberations',
    ...guard('redeliberer'),
    input: parseRedeliberation,
    run: ({ input, context, request }) =>
      deliberations.redeliberate(juryOf(request), input, context),
  });
};
