import type { FastifyPluginAsync } from 'fastify';
import {
  LIST_PROJECTION,
  listCollection,
  personListColumnsFor,
  referenceList,
  type ReadModelDocument,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import { resourceReaders } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';

type Item = ReadModelDocument & { readonly niveauId?: unknown; readonly libelle?: unknown };

/**
 * GET /api/listes-candidats/colonnes?metierId= → `{ obligatoires, facultatives, niveauRequis }`:
 * the columns a list of agents for this métier must fill (the niveau when the métier requires a
 * level, named), for whoever submits lists; « Soumettre une liste d’agents » shows them.
 */
export const personListColumnsRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
}> = async (app, { readStore }) => {
  const required = readStore.collection<Item>(listCollection(referenceList('niveaux-requis')!));
  const levels = readStore.collection<Item>(
    listCollection(referenceList('niveaux-scolarisation')!),
  );
  app.get<{ Querystring: { metierId?: string } }>(
    '/colonnes',
    resourceReaders('listes-candidats'),
    async (request, reply) => {
      // Read-your-writes (`X-Min-Position`), as every read of the lists.
      await awaitPosition(request, reply, { readStore, projections: [LIST_PROJECTION] });
      const metierId = request.query.metierId?.trim();
      const { items } = metierId
        ? await required.list({ filter: { metierId, actif: true }, limit: 1 })
        : { items: [] };
      const niveauId = typeof items[0]?.niveauId === 'string' ? items[0].niveauId : null;
      const [level] = niveauId ? await levels.getMany([niveauId]) : [];
      return personListColumnsFor(typeof level?.libelle === 'string' ? level.libelle : null);
    },
  );
};
