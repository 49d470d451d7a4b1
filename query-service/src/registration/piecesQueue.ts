import type { FastifyPluginAsync } from 'fastify';
import {
  candidaturesCollection,
  candidaturesResource,
  type CandidatureDocument,
  type PieceView,
  type RouteId,
} from '@examens-pro/domain';
import type { Filter, ReadStore } from '@examens-pro/platform';
import type { LabelSource } from '../exports.js';
import { readers, scopedFilter } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';
import { sessionOf, sessionsOf } from '../sessionChoices.js';

const QUEUE_ROUTE: RouteId = 'inscription/candidats/file-verification-pieces';

/** At most this many dossiers passed in one sitting are remembered (the oldest forgotten first). */
export const MAX_PASSED = 500;

/** The dossier the queue serves: what its screen shows beside the pièces. */
export interface QueuedDossier {
  readonly id: string;
  readonly version: number;
  readonly numeroDossier: string;
  readonly libelle: string;
  readonly metier: string;
  readonly centreDepot: string;
  readonly pieces: readonly PieceView[];
}

export interface PiecesQueueAnswer {
  /** The next dossier with pièces « à vérifier », null when none is left (passed ones aside). */
  readonly dossier: QueuedDossier | null;
  /** Dossiers with pièces to check, the one served included, those passed in this sitting not. */
  readonly restants: number;
  /** Those passed in this sitting that still wait. */
  readonly passes: number;
  /** The métiers of the session whose dossiers wait (the screen's filter), by libellé. */
  readonly metiers: readonly { id: string; libelle: string }[];
}

const idsOf = (raw: string | undefined): string[] => {
  const ids = (raw ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return ids.slice(-MAX_PASSED);
};

/**
 * « File de vérification des pièces », for who checks pièces (`candidat.valider`):
 * GET /api/file-pieces?sessionId=…&metierId=…&passes=id,id → the next submitted dossier of the
 * session (and métier) holding pièces deposited and not checked yet, oldest number first, skipping
 * those the user passed in this sitting (`passes`), with how many are left; an enrôleur is served
 * their centre's dossiers only. GET /api/file-pieces/sessions: the sessions to choose from.
 */
export const piecesQueueRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly labels: LabelSource;
}> = async (app, { readStore, labels }) => {
  const guard = readers(QUEUE_ROUTE);
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);

  app.get('/sessions', guard, () => sessionsOf(readStore));

  app.get<{ Querystring: { sessionId?: string; metierId?: string; passes?: string } }>(
    '/',
    guard,
    async (request, reply): Promise<PiecesQueueAnswer> => {
      await awaitPosition(request, reply, {
        readStore,
        projections: candidaturesResource.projections,
      });
      const session = await sessionOf(readStore, request.query.sessionId);
      const metierId = request.query.metierId?.trim() || undefined;
      const waiting: Filter = {
        sessionId: session.id,
        statut: 'soumis',
        piecesAVerifier: { $gt: 0 },
      };
      const scoped = scopedFilter(candidaturesResource, request, waiting);
      if (scoped === null) return { dossier: null, restants: 0, passes: 0, metiers: [] };
      const inSession: Filter = scoped ?? waiting;
      const filter: Filter = metierId ? { ...inSession, metierId } : inSession;
      const passed = new Set(idsOf(request.query.passes));

      const [total, stillPassed, groups] = await Promise.all([
        dossiers.count(filter),
        passed.size === 0
          ? Promise.resolve([])
          : dossiers
              .getMany([...passed])
              .then((docs) =>
                docs.filter(
                  (d) =>
                    d.sessionId === session.id &&
                    d.statut === 'soumis' &&
                    (d.piecesAVerifier ?? 0) > 0 &&
                    (!metierId || d.metierId === metierId) &&
                    Object.entries(inSession).every(
                      ([field, value]) =>
                        typeof value !== 'string' ||
                        (d as Record<string, unknown>)[field] === value,
                    ),
                ),
              ),
        dossiers.group({ filter: inSession, by: ['metierId'] }),
      ]);
      // The first not passed: at most `passed.size` of the oldest are passed ones.
      const { items } = await dossiers.list({
        filter,
        sort: [{ field: 'numeroDossier', order: 'ASC' }],
        limit: stillPassed.length + 1,
      });
      const next = items.find((d) => !passed.has(d.id)) ?? null;

      const metierIds = groups.flatMap((g) => (g.key.metierId ? [String(g.key.metierId)] : []));
      const metierNames = await labels('metiers', metierIds);
      const centreNames = next
        ? await labels('centres-depot', [next.centreDepotId])
        : new Map<string, string>();
      const byName = new Intl.Collator('fr', { sensitivity: 'base' });
      return {
        dossier: next && {
          id: next.id,
          version: next.version,
          numeroDossier: next.numeroDossier,
          libelle: next.libelle,
          metier: metierNames.get(next.metierId) ?? next.metierId,
          centreDepot: centreNames.get(next.centreDepotId) ?? next.centreDepotId,
          pieces: next.pieces,
        },
        restants: total - stillPassed.length,
        passes: stillPassed.length,
        metiers: metierIds
          .map((id) => ({ id, libelle: metierNames.get(id) ?? id }))
          .sort((a, b) => byName.compare(a.libelle, b.libelle)),
      };
    },
  );
};
