import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  candidaturesCollection,
  gradeSettingsCollection,
  gradeSheetId,
  listCollection,
  marksCollection,
  referenceList,
  requirementFor,
  routeById,
  sessionsCollection,
  ValidationError,
  type CandidatureDocument,
  type GradeSettingsDocument,
  type MarkDocument,
  type ReadModelDocument,
  type RouteId,
} from '@examens-pro/domain';
import { checkAccess, requireAccess, type ReadStore } from '@examens-pro/platform';
import {
  epreuvesOfExamen,
  isAnonymous,
  readAllItems,
  sheetRoster,
  type GradedEpreuve,
} from '@examens-pro/application';
import { awaitPosition } from './resource.js';

type Doc = ReadModelDocument & Record<string, unknown>;

const read = (...routes: RouteId[]) => ({
  preHandler: requireAccess([
    ...new Set(routes.flatMap((r) => requirementFor(routeById(r), 'read'))),
  ]),
});

const GRID: RouteId = 'espace-examen/notes/liste-des-notes';
const IMPORT: RouteId = 'espace-examen/notes/importation-des-notes';
const SETTINGS: RouteId = 'espace-examen/notes/configuration';
const PRESENCES: RouteId = 'espace-examen/presences-des-candidats/editer-les-presences';
const PRESENCE_REPORT: RouteId = 'espace-examen/presences-des-candidats/bilan-des-presences';
const SHEETS: RouteId = 'espace-examen/notes/telechargement-des-fiches-de-notes';

interface SheetQuery {
  sessionId?: string;
  epreuveId?: string;
  siteId?: string;
  /** `presences`: the candidates by name, without their marks (« Éditer les présences »). */
  vue?: string;
}

const required = (value: string | undefined, message: string, field: string) => {
  if (!value?.trim()) throw new ValidationError(message, { [field]: message });
  return value.trim();
};

const settingsDefaults = (sessionId: string) => ({
  sessionId,
  importationOuverte: false,
  modificationOuverte: false,
  doubleSaisie: false,
  anonymat: false,
  anonymatLeve: false,
});

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
  const epreuves = (examenId: string) => epreuvesOfExamen(readStore, examenId);
  const sessionDoc = async (sessionId: string) => {
    const session = await readStore.collection<Doc>(sessionsCollection).get(sessionId);
    if (!session)
      throw new ValidationError('Cette session est introuvable.', {
        sessionId: 'Cette session est introuvable.',
      });
    return session;
  };
  const settingsOf = async (sessionId: string) => {
    const doc = await readStore
      .collection<GradeSettingsDocument>(gradeSettingsCollection)
      .get(sessionId);
    return doc
      ? {
          sessionId,
          importationOuverte: doc.importationOuverte,
          modificationOuverte: doc.modificationOuverte,
          doubleSaisie: doc.doubleSaisie,
          anonymat: doc.anonymat ?? false,
          anonymatLeve: doc.anonymatLeve ?? false,
        }
      : settingsDefaults(sessionId);
  };
  const sitesOf = async (sessionId: string) => {
    const groups = await readStore
      .collection<CandidatureDocument>(candidaturesCollection)
      .group({ filter: { sessionId, statut: 'affecte' }, by: ['siteId'] });
    const sites = new Map(
      (await readAllItems(readStore, 'sites-composition')).map((s) => [s.id, s]),
    );
    return groups
      .map((g) => ({
        id: String(g.key.siteId ?? ''),
        libelle: String(sites.get(String(g.key.siteId ?? ''))?.libelle ?? g.key.siteId),
        candidats: g.count,
      }))
      .filter((s) => s.id !== '')
      .sort((a, b) => a.libelle.localeCompare(b.libelle, 'fr'));
  };

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
      const session = await sessionDoc(sessionId);
      return {
        sessions,
        configuration: await settingsOf(sessionId),
        epreuves: (await epreuves(String(session.examenId ?? ''))).map((e: GradedEpreuve) => ({
          id: e.id,
          code: e.code,
          libelle: e.libelle,
          noteMax: e.noteMax,
          metierId: e.metierId,
          typeEpreuve: e.typeEpreuve,
        })),
        sites: await sitesOf(sessionId),
      };
    },
  );

  app.get<{ Querystring: SheetQuery }>(
    '/feuille',
    read(GRID, PRESENCES, PRESENCE_REPORT),
    async (request: FastifyRequest<{ Querystring: SheetQuery }>, reply) => {
      // The marks are the grid's readers'; the presences' readers see the candidates only.
      const presencesOnly = request.query.vue === 'presences';
      await checkAccess(request, {
        anyOf: presencesOnly
          ? [
              ...requirementFor(routeById(PRESENCES), 'read'),
              ...requirementFor(routeById(PRESENCE_REPORT), 'read'),
            ]
          : requirementFor(routeById(GRID), 'read'),
      });
      await awaitPosition(request, reply, {
        readStore,
        projections: ['notes', 'configurations-notes'],
      });
      const sessionId = required(request.query.sessionId, 'Choisissez la session.', 'sessionId');
      const epreuveId = required(request.query.epreuveId, 'Choisissez l’épreuve.', 'epreuveId');
      const siteId = required(request.query.siteId, 'Choisissez le site de composition.', 'siteId');
      const session = await sessionDoc(sessionId);
      const epreuve = (await epreuves(String(session.examenId ?? ''))).find(
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
      const configuration = await settingsOf(sessionId);
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

  app.get<{ Querystring: { sessionId?: string } }>(
    '/bilan-presences',
    read(PRESENCE_REPORT),
    async (request, reply) => {
      await awaitPosition(request, reply, { readStore, projections: ['notes', 'candidatures'] });
      const sessionId = required(request.query.sessionId, 'Choisissez la session.', 'sessionId');
      const session = await sessionDoc(sessionId);
      const all = await epreuves(String(session.examenId ?? ''));
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
