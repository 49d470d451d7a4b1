import type { FastifyInstance } from 'fastify';
import {
  candidaturesCollection,
  marksCollection,
  type CandidatureDocument,
  type MarkDocument,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import { epreuvesOfExamen, readAllItems } from '@examens-pro/application';
import { readers } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';
import { sessionOf } from '../sessionChoices.js';
import { PRESENCE_REPORT, required } from './gradeQueryReads.js';

/**
 * GET `bilan-presences?sessionId=`: per site, épreuve, métier and sex — candidates, present,
 * absent, not recorded.
 */
export const presenceReportRoute = (app: FastifyInstance, readStore: ReadStore): void => {
  app.get<{ Querystring: { sessionId?: string } }>(
    '/bilan-presences',
    readers(PRESENCE_REPORT),
    async (request, reply) => {
      await awaitPosition(request, reply, { readStore, projections: ['notes', 'candidatures'] });
      const sessionId = required(request.query.sessionId, 'Choisissez la session.', 'sessionId');
      const session = await sessionOf(readStore, sessionId);
      const all = await epreuvesOfExamen(readStore, String(session.examenId ?? ''));
      // Who composes where: the allocated candidates by site, métier and sex, times their épreuves.
      const roster = await readStore
        .collection<CandidatureDocument>(candidaturesCollection)
        .group({ filter: { sessionId, statut: 'affecte' }, by: ['siteId', 'metierId', 'sexe'] });
      const recorded = await readStore.collection<MarkDocument>(marksCollection).group({
        filter: { sessionId },
        by: ['siteId', 'epreuveId', 'metierId', 'sexe', 'presence'],
      });
      const key = (...parts: unknown[]) => parts.map((p) => String(p ?? '')).join('~');
      const counted = new Map<string, { presents: number; absents: number }>();
      for (const g of recorded) {
        const k = key(g.key.siteId, g.key.epreuveId, g.key.metierId, g.key.sexe);
        const row = counted.get(k) ?? { presents: 0, absents: 0 };
        if (g.key.presence === 'present') row.presents += g.count;
        if (g.key.presence === 'absent') row.absents += g.count;
        counted.set(k, row);
      }
      const lignes = roster.flatMap((g) =>
        all
          .filter((e) => e.metierId === null || e.metierId === g.key.metierId)
          .map((e) => {
            const { presents, absents } = counted.get(
              key(g.key.siteId, e.id, g.key.metierId, g.key.sexe),
            ) ?? { presents: 0, absents: 0 };
            return {
              siteId: String(g.key.siteId ?? ''),
              epreuveId: e.id,
              metierId: String(g.key.metierId ?? ''),
              sexe: String(g.key.sexe ?? ''),
              inscrits: g.count,
              presents,
              absents,
              nonRenseignes: Math.max(0, g.count - presents - absents),
            };
          }),
      );
      const names = async (list: string) =>
        Object.fromEntries(
          (await readAllItems(readStore, list)).map((i) => [i.id, String(i.libelle ?? '')]),
        );
      return {
        lignes,
        sites: await names('sites-composition'),
        metiers: await names('metiers'),
        epreuves: Object.fromEntries(all.map((e) => [e.id, `${e.code} — ${e.libelle}`])),
      };
    },
  );
};
