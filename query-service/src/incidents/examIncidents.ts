import type { FastifyPluginAsync } from 'fastify';
import {
  candidaturesCollection,
  candidaturesResource,
  type CandidatureDocument,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import { contentRange, parseListQuery, type DialectQuery } from '../dialect.js';
import { permissionReaders, scopedFilter } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';

/** What the picker shows of a candidate: no more than the exam lists posted at the door. */
const picked = (d: CandidatureDocument) => ({
  id: d.id,
  numeroCandidat: d.numeroCandidat,
  numeroTable: d.numeroTable,
  libelle: d.libelle,
  sessionId: d.sessionId,
  siteId: d.siteId,
  metierId: d.metierId,
});

/**
 * GET /api/incidents-examen/candidats?filter={"sessionId":…,"siteId":…,"q":…} (ra-data-simple-rest):
 * the candidates allocated to a site for a session, the choices of an exam incident's form, to
 * whoever records exam incidents; `filter.id` names chosen ones (getMany). A list asking for
 * neither a site and its session nor ids is empty: the form chooses them first.
 */
export const examIncidentCandidatesRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly requirement: readonly string[];
}> = async (app, { readStore, requirement }) => {
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);
  app.get<{ Querystring: DialectQuery }>(
    '/candidats',
    permissionReaders(requirement),
    async (request, reply) => {
      const parsed = parseListQuery(candidaturesCollection, request.query);
      const asked = parsed.filter ?? {};
      const filter = scopedFilter(candidaturesResource, request, parsed.filter, {
        statut: 'affecte',
      });
      await awaitPosition(request, reply, {
        readStore,
        projections: candidaturesResource.projections,
      });
      const chosen = asked.id !== undefined || (asked.sessionId && asked.siteId);
      const { items, total } =
        filter === null || !chosen
          ? { items: [], total: 0 }
          : await dossiers.list({
              ...parsed,
              filter,
              sort: parsed.sort ?? [{ field: 'numeroCandidat', order: 'ASC' }],
            });
      reply.header(
        'Content-Range',
        contentRange('candidats', parsed.skip ?? 0, items.length, total),
      );
      reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Position-Reached');
      return items.map(picked);
    },
  );
};
