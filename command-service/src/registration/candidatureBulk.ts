import type { FastifyPluginAsync } from 'fastify';
import {
  BULK_ACTIONS,
  documentRequirement,
  parseBulkRequest,
  resourceRequirement,
  type BulkAction,
} from '@examens-pro/domain';
import { officeTimeZone } from '@examens-pro/platform';
import { candidatureDeps, startBulk } from '@examens-pro/application';
import { answerWith, commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';

/**
 * Who may run an action in bulk: whoever may do it on one dossier (the route table's permission
 * of the list of candidates' action); the convocations, whoever may ask for them.
 */
const bulkRequirement = (action: BulkAction): readonly string[] =>
  action === 'convoquer'
    ? documentRequirement('convocations')
    : resourceRequirement('candidatures', { action });

/**
 * POST /api/lots-candidatures { action, ids | filtre, motifId, commentaire, montant, date,
 * prefixeReference }: one action over chosen dossiers or every result of the list's filter, each
 * dossier decided alone as by hand, within the caller's centre. Up to 200 dossiers, 200 with each
 * one's outcome; beyond, 202 and the run's id: its progress is read at /api/lots-candidatures/:id
 * and its outcomes at /api/resultats-lots-candidatures.
 */
export const bulkRoutes: FastifyPluginAsync<RouteDeps> = async (app, { eventStore, readStore }) => {
  const deps = candidatureDeps(eventStore, officeTimeZone(), readStore);
  commandRoute(app, {
    method: 'POST',
    url: '/',
    // The body's action's permission; for an unknown action, any action's (then its French 400):
    // who may run none is refused (403) before the body is read further.
    anyOf: (body) => {
      const action = (body as { action?: unknown } | null)?.action;
      return BULK_ACTIONS.includes(action as BulkAction)
        ? bulkRequirement(action as BulkAction)
        : [...new Set(BULK_ACTIONS.flatMap(bulkRequirement))];
    },
    input: parseBulkRequest,
    run: async ({ id, input, context, request }) => {
      const outcome = await startBulk(
        deps,
        id,
        input,
        request.principal?.user.centreDepotId ?? null,
        context,
      );
      return answerWith(outcome.resultats ? 200 : 202, outcome);
    },
  });
};
