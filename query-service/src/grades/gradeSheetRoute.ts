import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  candidaturesCollection,
  gradeSheetId,
  listCollection,
  marksCollection,
  referenceList,
  ValidationError,
  type CandidatureDocument,
  type MarkDocument,
  type ReadModelDocument,
} from '@examens-pro/domain';
import { checkAccess, type ReadStore } from '@examens-pro/platform';
import { epreuvesOfExamen, isAnonymous, sheetRoster } from '@examens-pro/application';
import { readers, routeRequirement } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';
import { sessionOf } from '../sessionChoices.js';
import { GRID, PRESENCE_REPORT, PRESENCES, required, settingsOf } from './gradeQueryReads.js';

type Doc = ReadModelDocument & Record<string, unknown>;

interface SheetQuery {
  sessionId?: string;
  epreuveId?: string;
  siteId?: string;
  /** `presences`: the candidates by name, without their marks (« Éditer les présences »). */
  vue?: string;
}

/**
 * GET `feuille?sessionId&epreuveId&siteId`: a sheet — the épreuve, the site, the settings and one
 * row per candidate in candidate-number order (presence, retained mark, statut, entries); a sheet
 * never written lists its roster with nothing entered.
 */
export const gradeSheetRoute = (app: FastifyInstance, readStore: ReadStore): void => {
  app.get<{ Querystring: SheetQuery }>(
    '/feuille',
    readers(GRID, PRESENCES, PRESENCE_REPORT),
    async (request: FastifyRequest<{ Querystring: SheetQuery }>, reply) => {
      // The marks are the grid's readers'; the presences' readers see the candidates only.
      const presencesOnly = request.query.vue === 'presences';
      await checkAccess(request, {
        anyOf: presencesOnly
          ? routeRequirement(PRESENCES, PRESENCE_REPORT)
          : routeRequirement(GRID),
      });
      await awaitPosition(request, reply, {
        readStore,
        projections: ['notes', 'configurations-notes'],
      });
      const sessionId = required(request.query.sessionId, 'Choisissez la session.', 'sessionId');
      const epreuveId = required(request.query.epreuveId, 'Choisissez l’épreuve.', 'epreuveId');
      const siteId = required(request.query.siteId, 'Choisissez le site de composition.', 'siteId');
      const session = await sessionOf(readStore, sessionId);
      const epreuve = (await epreuvesOfExamen(readStore, String(session.examenId ?? ''))).find(
        (e) => e.id === epreuveId,
      );
      if (!epreuve)
        throw new ValidationError(
          'Cette épreuve n’est pas une épreuve de l’examen de cette session.',
          {
            epreuveId: 'Cette épreuve n’est pas une épreuve de l’examen de cette session.',
          },
        );
      const site = await readStore
        .collection<Doc>(listCollection(referenceList('sites-composition')!))
        .get(siteId);
      const feuilleId = gradeSheetId(sessionId, epreuveId, siteId);
      const configuration = await settingsOf(readStore, sessionId);
      // Anonymous copies: the grid names them by number only, until the deliberation lifts it.
      const anonyme = !presencesOnly && isAnonymous(configuration, epreuve);
      const { items } = await readStore.collection<MarkDocument>(marksCollection).list({
        filter: { feuilleId },
        sort: [{ field: anonyme ? 'numeroAnonymat' : 'numeroCandidat', order: 'ASC' }],
        limit: 5000,
      });
      const rows =
        items.length > 0
          ? items.map((m) => ({
              candidatureId: m.candidatureId,
              numeroCandidat: m.numeroCandidat,
              nom: m.nom,
              prenoms: m.prenoms,
              sexe: m.sexe,
              presence: m.presence,
              note: m.note,
              statut: m.statut,
              saisies: m.saisies,
            }))
          : (await sheetRoster(readStore, sessionId, epreuve, siteId)).map((c) => ({
              candidatureId: c.candidatureId,
              numeroCandidat: c.numeroCandidat,
              nom: c.nom,
              prenoms: c.prenoms,
              sexe: c.sexe,
              presence: null,
              note: null,
              statut: 'a-saisir',
              saisies: [],
            }));
      const numbers = new Map(items.map((m) => [m.candidatureId, m.numeroAnonymat]));
      // Copies numbered once anonymous are named again from their dossiers when the grid may.
      const unnamed = anonyme ? [] : items.filter((m) => m.numeroAnonymat && !m.numeroCandidat);
      const dossiers = new Map(
        (
          await readStore
            .collection<CandidatureDocument>(candidaturesCollection)
            .getMany(unnamed.map((m) => m.candidatureId))
        ).map((d) => [d.id, d]),
      );
      const named = <R extends { candidatureId: string; numeroCandidat: string }>(row: R): R => {
        const dossier = row.numeroCandidat ? undefined : dossiers.get(row.candidatureId);
        return dossier
          ? {
              ...row,
              numeroCandidat: dossier.numeroCandidat ?? '',
              nom: String(dossier.nom ?? ''),
              prenoms: String(dossier.prenoms ?? ''),
            }
          : row;
      };
      const candidats = rows.map(named).map((row) =>
        presencesOnly
          ? { ...row, note: null, statut: 'a-saisir', saisies: [] }
          : anonyme
            ? {
                ...row,
                candidatureId: '',
                numeroCandidat: '',
                nom: '',
                prenoms: '',
                sexe: '',
                numeroAnonymat: numbers.get(row.candidatureId) ?? null,
              }
            : { ...row, numeroAnonymat: numbers.get(row.candidatureId) ?? null },
      );
      return {
        feuilleId,
        ouverte: items.length > 0,
        anonyme,
        // An anonymous sheet shows its copies once they are numbered (`POST /api/notes/anonymat`).
        numerotee: !anonyme || (items.length > 0 && items.every((m) => m.numeroAnonymat)),
        session: { id: sessionId, libelle: String(session.libelle ?? ''), statut: session.statut },
        epreuve: {
          id: epreuve.id,
          code: epreuve.code,
          libelle: epreuve.libelle,
          noteMax: epreuve.noteMax,
        },
        site: { id: siteId, libelle: String(site?.libelle ?? siteId) },
        configuration,
        candidats:
          anonyme && items.length === 0
            ? []
            : anonyme
              ? candidats
              : candidats.sort((a, b) => a.numeroCandidat.localeCompare(b.numeroCandidat)),
      };
    },
  );
};
