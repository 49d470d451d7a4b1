import type { FastifyPluginAsync } from 'fastify';
import {
  DELIBERATIONS_PROJECTION,
  LIST_PROJECTION,
  RESULTS_VISIBILITY_PROJECTION,
  resultsVisibilityCollection,
  type ResultsVisibilityDocument,
  type RouteId,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import { sessionJuryStates } from '@examens-pro/application';
import { readers } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';
import { sessionOf, sessionsOf } from '../sessionChoices.js';

const VISIBILITY: RouteId = 'espace-examen/gestion-des-admissions/visibilite-des-resultats';

/**
 * « Visibilité des résultats » (`/api/visibilites-resultats/…`; a session's document is the
 * generic resource's, with its history):
 * - GET `choix` → the sessions;
 * - GET `/:id/jurys` → a session's visibility (off until set), its juries with their statut, and
 *   whether every one has closed.
 */
export const resultsVisibilityQueryRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
}> = async (app, { readStore }) => {
  app.get('/choix', readers(VISIBILITY), async () => ({ sessions: await sessionsOf(readStore) }));

  app.get<{ Params: { id: string } }>('/:id/jurys', readers(VISIBILITY), async (request, reply) => {
    await awaitPosition(request, reply, {
      readStore,
      projections: [RESULTS_VISIBILITY_PROJECTION, DELIBERATIONS_PROJECTION, LIST_PROJECTION],
    });
    const session = await sessionOf(readStore, request.params.id);
    const visibility = await readStore
      .collection<ResultsVisibilityDocument>(resultsVisibilityCollection)
      .get(session.id);
    const jurys = await sessionJuryStates(readStore, session.id);
    return {
      sessionId: session.id,
      session: String(session.libelle ?? ''),
      statut: String(session.statut ?? ''),
      visible: visibility?.visible ?? false,
      moyenneVisible: visibility?.moyenneVisible ?? false,
      modifieLe: visibility?.modifieLe ?? null,
      modifiePar: visibility?.modifiePar ?? null,
      version: visibility?.version ?? -1,
      jurys,
      toutesCloses: jurys.length > 0 && jurys.every((j) => j.close),
    };
  });
};
