import type { FastifyPluginAsync } from 'fastify';
import type { ReadStore } from '@examens-pro/platform';
import { gradeChoiceRoute } from './gradeChoiceRoute.js';
import { gradeSheetRoute } from './gradeSheetRoute.js';
import { presenceReportRoute } from './presenceReportRoute.js';

/**
 * What the grade and presence screens read (`/api/notes/…`):
 * - GET `choix?sessionId=` → the sessions, and for the one chosen its épreuves, its sites with
 *   allocated candidates and its grade settings (windows, double entry);
 * - GET `feuille?sessionId&epreuveId&siteId` → a sheet: the épreuve, the site, the settings and one
 *   row per candidate in candidate-number order (presence, retained mark, statut, entries); a sheet
 *   never written lists its roster with nothing entered;
 * - GET `bilan-presences?sessionId=` → per site, épreuve, métier and sex: candidates, present,
 *   absent, not recorded.
 */
export const gradeQueryRoutes: FastifyPluginAsync<{ readonly readStore: ReadStore }> = async (
  app,
  { readStore },
) => {
  gradeChoiceRoute(app, readStore);
  gradeSheetRoute(app, readStore);
  presenceReportRoute(app, readStore);
};
