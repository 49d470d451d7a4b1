import type { FastifyInstance } from 'fastify';
import { sessionsCollection, type ReadModelDocument } from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import { epreuvesOfExamen, type GradedEpreuve } from '@examens-pro/application';
import { awaitPosition } from '../routes/resource.js';
import {
  GRID,
  IMPORT,
  PRESENCE_REPORT,
  PRESENCES,
  read,
  SETTINGS,
  sessionDoc,
  settingsOf,
  SHEETS,
  sitesOf,
} from './gradeQueryReads.js';

type Doc = ReadModelDocument & Record<string, unknown>;

/**
 * GET `choix?sessionId=`: the sessions, and for the one chosen its épreuves, its sites with
 * allocated candidates and its grade settings (windows, double entry).
 */
export const gradeChoiceRoute = (app: FastifyInstance, readStore: ReadStore): void => {
  app.get<{ Querystring: { sessionId?: string } }>(
    '/choix',
    read(GRID, IMPORT, SETTINGS, PRESENCES, PRESENCE_REPORT, SHEETS),
    async (request, reply) => {
      await awaitPosition(request, reply, {
        readStore,
        projections: ['configurations-notes', 'candidatures'],
      });
      const { items } = await readStore
        .collection<Doc>(sessionsCollection)
        .list({ sort: [{ field: 'ouvertureInscriptions', order: 'DESC' }], limit: 200 });
      const sessions = items.map((s) => ({
        id: s.id,
        libelle: String(s.libelle ?? ''),
        statut: String(s.statut ?? ''),
      }));
      const sessionId = request.query.sessionId?.trim();
      if (!sessionId) return { sessions };
      const session = await sessionDoc(readStore, sessionId);
      return {
        sessions,
        configuration: await settingsOf(readStore, sessionId),
        epreuves: (await epreuvesOfExamen(readStore, String(session.examenId ?? ''))).map(
          (e: GradedEpreuve) => ({
            id: e.id,
            code: e.code,
            libelle: e.libelle,
            noteMax: e.noteMax,
            metierId: e.metierId,
            typeEpreuve: e.typeEpreuve,
          }),
        ),
        sites: await sitesOf(readStore, sessionId),
      };
    },
  );
};
