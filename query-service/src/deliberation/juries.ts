import type { FastifyPluginAsync } from 'fastify';
import {
  candidaturesCollection,
  candidaturesResource,
  JURYS,
  juryCoverage,
  listCollection,
  LIST_PROJECTION,
  ValidationError,
  type CandidatureDocument,
  type CoveragePair,
  type ReadModelDocument,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import { readAllItems } from '@examens-pro/application';
import { readers } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';
import { sessionsOf } from '../sessionChoices.js';

type Doc = ReadModelDocument & Record<string, unknown>;

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/**
 * GET /api/couverture-jurys?sessionId=… → every (centre d'examen, métier) pair of the session that
 * has candidates (allocated to a site of that centre), with the jury covering it, the pairs without
 * a jury (gaps) and those with several (overlaps); the validated candidates not yet allocated, whose
 * centre d'examen is not known yet. `/sessions`: the sessions to choose from. Read under « Composition
 * des jurys ».
 */
export const juryCoverageRoutes: FastifyPluginAsync<{ readonly readStore: ReadStore }> = async (
  app,
  { readStore },
) => {
  const guard = readers('espace-examen/gestion-des-jurys/composition-des-jurys');
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);

  app.get('/sessions', guard, () => sessionsOf(readStore));

  app.get<{ Querystring: { sessionId?: string } }>('/', guard, async (request, reply) => {
    await awaitPosition(request, reply, {
      readStore,
      projections: [...new Set([...candidaturesResource.projections, LIST_PROJECTION])],
    });
    const { sessionId } = request.query;
    if (!sessionId)
      throw new ValidationError('Choisissez la session.', { sessionId: 'Choisissez la session.' });
    const [groups, nonAffectes, sites, centres, metiers, juries] = await Promise.all([
      dossiers.group({ filter: { sessionId, statut: 'affecte' }, by: ['siteId', 'metierId'] }),
      dossiers.count({ sessionId, statut: 'valide' }),
      readAllItems(readStore, 'sites-composition'),
      readAllItems(readStore, 'centres-examen'),
      readAllItems(readStore, 'metiers'),
      (async () => {
        const found: Doc[] = [];
        for await (const jury of readStore
          .collection<Doc>(listCollection(JURYS))
          .stream({ filter: { sessionId }, sort: [{ field: 'libelle', order: 'ASC' }] }))
          found.push(jury);
        return found;
      })(),
    ]);
    const centreOfSite = new Map(sites.map((s) => [s.id, String(s.centreExamenId ?? '')]));
    const byPair = new Map<string, CoveragePair>();
    for (const group of groups) {
      const centreExamenId = centreOfSite.get(String(group.key.siteId ?? '')) ?? '';
      const metierId = String(group.key.metierId ?? '');
      const key = `${centreExamenId}+${metierId}`;
      const candidats = (byPair.get(key)?.candidats ?? 0) + group.count;
      byPair.set(key, { centreExamenId, metierId, candidats });
    }
    const name = (items: Doc[]) => {
      const byId = new Map(items.map((i) => [i.id, String(i.libelle ?? i.id)]));
      return (id: string) => byId.get(id) ?? id;
    };
    const [centre, metier] = [name(centres), name(metiers)];
    const rows = juryCoverage(
      [...byPair.values()].sort(
        (a, b) =>
          collator.compare(centre(a.centreExamenId), centre(b.centreExamenId)) ||
          collator.compare(metier(a.metierId), metier(b.metierId)),
      ),
      juries.map((j) => ({
        id: j.id,
        libelle: String(j.libelle ?? ''),
        centreExamenIds: ids(j.centreExamenIds),
        metierIds: ids(j.metierIds),
        actif: j.actif === true,
      })),
    ).map((row) => ({ ...row, centre: centre(row.centreExamenId), metier: metier(row.metierId) }));
    reply.header('Access-Control-Expose-Headers', 'X-Position-Reached');
    return {
      rows,
      totaux: {
        paires: rows.length,
        couvertes: rows.filter((r) => r.etat === 'couvert').length,
        sansJury: rows.filter((r) => r.etat === 'non-couvert').length,
        chevauchements: rows.filter((r) => r.etat === 'chevauchement').length,
      },
      nonAffectes,
      jurys: juries.length,
    };
  });
};
