import type { FastifyInstance } from 'fastify';
import type { ReadStore } from '@examens-pro/platform';
import { epreuvesOfExamen, type GradedEpreuve } from '@examens-pro/application';
import { awaitPosition } from '../routes/resource.js';
import { readers } from '../readers.js';
import { sessionOf, sessionsOf } from '../sessionChoices.js';
import {
  GRID,
  IMPORT,
  PRESENCE_REPORT,
  PRESENCES,
  SETTINGS,
  settingsOf,
  SHEETS,
  sitesOf,
} from './gradeQueryReads.js';

/**
 * GET `choix?sessionId=`: the sessions, and for the one chosen its épreuves, its sites with
 * allocated candidates and its grade settings (windows, double entry).
 */
export const gradeChoiceRoute = (app: FastifyInstance, readStore: ReadStore): void => {
  app.get<{ Querystring: { sessionId?: string } }>(
    '/choix',
    readers(GRID, IMPORT, SETTINGS, PRESENCES, PRESENCE_REPORT, SHEETS),
    async (request, reply) => {
      await awaitPosition(request, reply, {
        readStore,
        projections: ['configurations-notes', 'candidatures'],
      });
      const sessions = await sessionsOf(readStore);
      const sessionId = request.query.sessionId?.trim();
      if (!sessionId) return { sessions };
      const session = await sessionOf(readStore, sessionId);
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
