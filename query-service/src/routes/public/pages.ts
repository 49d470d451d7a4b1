import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import {
  listCollection,
  referenceList,
  resultsVisibilityCollection,
  sessionsCollection,
  SESSION_STATUS_LABELS,
  type ReadModelDocument,
  type ResultsVisibilityDocument,
  type SessionDocument,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import type { PublicNames } from './names.js';

type Item = ReadModelDocument & {
  code?: string;
  libelle?: string;
  actif?: boolean;
  filiereId?: string | null;
};

const byLibelle = (a: { libelle: string }, b: { libelle: string }) =>
  a.libelle.localeCompare(b.libelle, 'fr');

/**
 * What the public pages show of the office's configuration, nothing personal:
 * - GET `accueil` (`/`): the sessions whose registration is open, with their dates, and the
 *   sessions whose results are published;
 * - GET `offre` (`/diplomes`): the active examens with their current sessions, and the active
 *   métiers by filière.
 */
export const publicPageRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly names: PublicNames;
  readonly limit: onRequestHookHandler;
}> = async (app, { readStore, names, limit }) => {
  const examensList = listCollection(referenceList('examens')!);
  const metiersList = listCollection(referenceList('metiers')!);
  const filieresList = listCollection(referenceList('filieres')!);
  for (const collection of [
    sessionsCollection,
    resultsVisibilityCollection,
    examensList,
    metiersList,
    filieresList,
  ])
    await readStore.ensureCollection(collection);
  const sessions = readStore.collection<SessionDocument>(sessionsCollection);
  const all = async (collection: typeof examensList) =>
    (await readStore.collection<Item>(collection).list({ filter: { actif: true }, limit: 1000 }))
      .items;

  app.get('/accueil', { onRequest: limit }, async () => {
    // The one closing first, first.
    const open = (
      await sessions.list({ filter: { statut: 'inscriptions-ouvertes' }, limit: 100 })
    ).items.sort((a, b) => a.clotureInscriptions.localeCompare(b.clotureInscriptions));
    const visible = (
      await readStore
        .collection<ResultsVisibilityDocument>(resultsVisibilityCollection)
        .list({ filter: { visible: true }, limit: 100 })
    ).items;
    return {
      sessionsOuvertes: await Promise.all(
        open.map(async (s) => ({
          id: s.id,
          ...(await names.session(s.id)),
          ouvertureInscriptions: s.ouvertureInscriptions,
          clotureInscriptions: s.clotureInscriptions,
          debutComposition: s.debutComposition,
          finComposition: s.finComposition,
        })),
      ),
      resultatsPublies: await Promise.all(
        visible.map(async (v) => ({ id: v.sessionId, ...(await names.session(v.sessionId)) })),
      ),
    };
  });

  app.get('/offre', { onRequest: limit }, async () => {
    const [examens, metiers, filieres] = await Promise.all([
      all(examensList),
      all(metiersList),
      all(filieresList),
    ]);
    const current = (
      await sessions.list({
        filter: { statut: { $ne: 'preparation' }, actif: true },
        sort: [{ field: 'ouvertureInscriptions', order: 'DESC' }],
        limit: 500,
      })
    ).items;
    const filiereName = new Map(filieres.map((f) => [f.id, String(f.libelle ?? f.id)]));
    const groups = new Map<string, { libelle: string; id: string; code: string }[]>();
    for (const m of metiers) {
      const filiere = (m.filiereId && filiereName.get(m.filiereId)) || 'Autres métiers';
      groups.set(filiere, [
        ...(groups.get(filiere) ?? []),
        { id: m.id, code: String(m.code ?? ''), libelle: String(m.libelle ?? m.id) },
      ]);
    }
    return {
      examens: examens
        .map((e) => ({
          id: e.id,
          code: String(e.code ?? ''),
          libelle: String(e.libelle ?? e.id),
          sessions: current
            .filter((s) => s.examenId === e.id)
            .map((s) => ({
              id: s.id,
              libelle: s.libelle,
              statut: SESSION_STATUS_LABELS[s.statut],
            })),
        }))
        .sort(byLibelle),
      filieres: [...groups]
        .map(([libelle, list]) => ({ libelle, metiers: list.sort(byLibelle) }))
        .sort(byLibelle),
    };
  });
};
