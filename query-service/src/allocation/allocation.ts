import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ALLOCATION_REPORT_LEVELS,
  allocationReport,
  allocationReportTable,
  candidaturesCollection,
  candidaturesResource,
  listCollection,
  referenceList,
  ValidationError,
  type AllocationReportLevel,
  type CandidatureDocument,
  type ExportRow,
  type ReadModelDocument,
  type ReportSite,
  EXAM_LIST_COLUMNS,
  EXAM_LIST_KINDS,
  fileNameSlug,
  namesSession,
  type ExamListRow,
  type ExportTable,
} from '@examens-pro/domain';
import { nationalRoute, targetWithinCentre, type ReadStore } from '@examens-pro/platform';
import { allocationPreview, examListSource, readAllItems } from '@examens-pro/application';
import {
  EXPORT_TYPES,
  exportBatches,
  exportFileName,
  type LabelSource,
  sendTableExport,
  xlsxExport,
} from '../exports.js';
import { readers, scopedFilter } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';
import { sessionsOf } from '../sessionChoices.js';

type Doc = ReadModelDocument & Record<string, unknown>;

const itemsOf = readAllItems;

/** The composition sites with their centre, département and zone named. */
const reportSites = async (readStore: ReadStore): Promise<ReportSite[]> => {
  const [sites, centres, departements, zones] = await Promise.all(
    ['sites-composition', 'centres-examen', 'departements', 'zones'].map((l) =>
      itemsOf(readStore, l),
    ),
  );
  const byId = (items: Doc[]) => new Map(items.map((i) => [i.id, i]));
  const [centre, departement, zone] = [byId(centres!), byId(departements!), byId(zones!)];
  return sites!.map((s) => {
    const c = centre.get(String(s.centreExamenId ?? ''));
    const d = departement.get(String(c?.departementId ?? ''));
    const z = zone.get(String(d?.zoneId ?? ''));
    return {
      id: s.id,
      libelle: String(s.libelle ?? ''),
      centreExamenId: c?.id ?? '',
      centre: String(c?.libelle ?? ''),
      departementId: d?.id ?? '',
      departement: String(d?.libelle ?? ''),
      zoneId: z?.id ?? '',
      zone: String(z?.libelle ?? ''),
      capacite: typeof s.capacite === 'number' ? s.capacite : 0,
      actif: s.actif === true,
    };
  });
};

const names = async (readStore: ReadStore, list: string, ids: Iterable<string>) => {
  const wanted = [...new Set(ids)].filter((id) => id !== '');
  const found = await readStore
    .collection<Doc>(listCollection(referenceList(list)!))
    .getMany(wanted);
  const byId = new Map(found.map((d) => [d.id, String(d.libelle ?? d.id)]));
  return [...new Set(ids)]
    .map((id) => ({ id, libelle: id === '' ? '' : (byId.get(id) ?? id) }))
    .sort((a, b) => a.libelle.localeCompare(b.libelle, 'fr'));
};

interface ReportQuery {
  sessionId?: string;
  niveau?: string;
  zoneId?: string;
  departementId?: string;
}

/**
 * GET /api/bilan-affectation?sessionId=…&niveau=site|centre|departement|zone(&zoneId, &departementId)
 * → one row per site (or centre, département, zone): capacity, allocated, free, occupation, by sex,
 * métier and langue, then the totals; `/export.csv`, `/export.xlsx` the same rows; `/sessions` the
 * sessions to choose from. An enrôleur counts their centre's candidates only.
 */
export const allocationReportRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly labels: LabelSource;
}> = async (app, { readStore }) => {
  const guard = readers('inscription/candidats/bilan-affectation');
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);

  const reportOf = async (request: FastifyRequest<{ Querystring: ReportQuery }>) => {
    const { sessionId, niveau = 'site', zoneId, departementId } = request.query;
    if (!sessionId)
      throw new ValidationError('Choisissez la session.', { sessionId: 'Choisissez la session.' });
    if (!(ALLOCATION_REPORT_LEVELS as readonly string[]).includes(niveau))
      throw new ValidationError(
        'Niveau inconnu : site, centre, departement ou zone sont attendus.',
      );
    const level = niveau as AllocationReportLevel;
    const filter = scopedFilter(candidaturesResource, request, { sessionId, statut: 'affecte' });
    const sites = (await reportSites(readStore)).filter(
      (s) =>
        (!zoneId || s.zoneId === zoneId) && (!departementId || s.departementId === departementId),
    );
    const groups =
      filter === null
        ? []
        : await dossiers.group({ filter, by: ['siteId', 'metierId', 'sexe', 'langueId'] });
    const rows = allocationReport(sites, groups, level);
    const total = rows[rows.length - 1]!;
    const metiers = await names(readStore, 'metiers', Object.keys(total.parMetier));
    const langues = await names(readStore, 'langues', Object.keys(total.parLangue));
    return { level, rows, metiers, langues };
  };

  app.get('/sessions', guard, () => sessionsOf(readStore));

  /** The sites to filter by: zones and départements that have composition sites. */
  app.get('/geographie', guard, async () => {
    const sites = await reportSites(readStore);
    const zones = new Map(sites.map((s) => [s.zoneId, s.zone]));
    const departements = new Map(
      sites.map((s) => [
        s.departementId,
        { id: s.departementId, libelle: s.departement, zoneId: s.zoneId },
      ]),
    );
    return {
      zones: [...zones]
        .map(([id, libelle]) => ({ id, libelle }))
        .sort((a, b) => a.libelle.localeCompare(b.libelle, 'fr')),
      departements: [...departements.values()].sort((a, b) =>
        a.libelle.localeCompare(b.libelle, 'fr'),
      ),
    };
  });

  app.get<{ Querystring: ReportQuery }>('/', guard, async (request, reply) => {
    await awaitPosition(request, reply, {
      readStore,
      projections: candidaturesResource.projections,
    });
    const report = await reportOf(request);
    reply.header('Access-Control-Expose-Headers', 'X-Position-Reached');
    return report;
  });

  for (const format of ['csv', 'xlsx'] as const)
    app.get<{ Querystring: ReportQuery }>(`/export.${format}`, guard, async (request, reply) => {
      const { level, rows, metiers, langues } = await reportOf(request);
      const table = allocationReportTable(level, metiers, langues);
      const all = async function* () {
        yield* rows as unknown as ExportRow[];
      };
      return sendTableExport(
        request,
        reply,
        'bilan-affectation',
        format,
        table,
        all(),
        async () => new Map(),
      );
    });
};

/**
 * GET /api/affectations-automatiques/apercu?sessionId=… → the automatic plan as it would be applied
 * now: per site its capacity, seats held, candidates placed, métiers and langues; the candidates left
 * without a seat and why; the plan's fingerprint (`empreinte`), which applying it names.
 */
export const allocationPreviewRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
}> = async (app, { readStore }) => {
  const guard = readers('inscription/affectation-des-candidats-aux-sites/affectation-automatique');
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);
  app.get<{ Querystring: { sessionId?: string } }>('/apercu', guard, async (request, reply) => {
    // Every centre's candidates at once: not a centre-attached user's to preview.
    nationalRoute(request);
    const { sessionId } = request.query;
    if (!sessionId)
      throw new ValidationError('Choisissez la session.', { sessionId: 'Choisissez la session.' });
    await awaitPosition(request, reply, {
      readStore,
      projections: candidaturesResource.projections,
    });
    const { plan, empreinte, candidates } = await allocationPreview(readStore, sessionId);
    const sites = new Map((await reportSites(readStore)).map((s) => [s.id, s]));
    const metiers = new Map(
      (
        await names(
          readStore,
          'metiers',
          plan.sites.flatMap((s) => Object.keys(s.metiers)),
        )
      ).map((m) => [m.id, m.libelle]),
    );
    const langues = new Map(
      (
        await names(
          readStore,
          'langues',
          plan.sites.flatMap((s) => Object.keys(s.langues)),
        )
      ).map((l) => [l.id, l.libelle]),
    );
    const shown = plan.nonPlaces.slice(0, 200);
    const named = new Map(
      (await dossiers.getMany(shown.map((n) => n.candidatureId))).map((d) => [d.id, d]),
    );
    return {
      sessionId,
      empreinte,
      candidats: candidates.length,
      places: plan.placements.length,
      nonPlacesTotal: plan.nonPlaces.length,
      nonPlaces: shown.map((n) => ({
        ...n,
        numeroDossier: named.get(n.candidatureId)?.numeroDossier ?? '',
        libelle: named.get(n.candidatureId)?.libelle ?? '',
      })),
      sites: plan.sites.map((s) => {
        const site = sites.get(s.siteId);
        return {
          ...s,
          libelle: site?.libelle ?? s.siteId,
          centre: site?.centre ?? '',
          departement: site?.departement ?? '',
          zone: site?.zone ?? '',
          libres: Math.max(0, s.capacite - s.occupes - s.affectes),
          metiers: Object.entries(s.metiers).map(([id, n]) => ({
            id,
            libelle: metiers.get(id) ?? id,
            candidats: n,
          })),
          langues: Object.entries(s.langues).map(([id, n]) => ({
            id,
            libelle: id ? (langues.get(id) ?? id) : 'Non précisée',
            candidats: n,
          })),
        };
      }),
    };
  });
};

interface ExamListQuery {
  sessionId?: string;
  siteId?: string;
  centreExamenId?: string;
  departementId?: string;
}

/**
 * GET /api/liste-examen/liste-emargement.xlsx?sessionId=…&siteId=… (or centreExamenId, or
 * departementId) and /liste-porte.xlsx: the exam lists as spreadsheets, the same columns as their
 * PDF, with the site of each row (merged lists name it).
 */
export const examListExportRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly labels: LabelSource;
}> = async (app, { readStore, labels }) => {
  const guard = readers('inscription/candidats/telechargement-des-listes');
  for (const kind of EXAM_LIST_KINDS)
    app.get<{ Querystring: ExamListQuery }>(`/${kind}.xlsx`, guard, async (request, reply) => {
      const { sessionId, siteId, centreExamenId, departementId } = request.query;
      const chosen = [siteId, centreExamenId, departementId].filter(Boolean).length;
      if (!sessionId || chosen !== 1)
        throw new ValidationError(
          'Choisissez la session et un site de composition, un centre d’examen ou un département.',
        );
      // A centre-attached user's list names their centre's candidates only (the site's others
      // are another centre's).
      const source = await examListSource(
        readStore,
        targetWithinCentre(request, {
          sessionId,
          ...(siteId ? { siteId } : {}),
          ...(centreExamenId ? { centreExamenId } : {}),
          ...(departementId ? { departementId } : {}),
        }),
        kind,
      );
      const table: ExportTable = {
        columns: [
          { header: 'Site de composition', cell: (row) => String(row.site ?? '') },
          ...EXAM_LIST_COLUMNS[kind].map((column) => ({
            header: column.header,
            cell: (row: ExportRow) => column.cell(row as ExamListRow),
          })),
        ],
        references: [],
      };
      // The door list's file names its site (when one) and its session: « liste-porte-lycee-
      // leclerc-cqp-2027-05-07-2027.xlsx ».
      const named = namesSession(kind)
        ? [siteId ? (source.siteOf(siteId)?.libelle ?? '') : '', source.session]
            .map((part) => fileNameSlug(part, 40))
            .filter(Boolean)
            .join('-')
        : '';
      reply
        .type(EXPORT_TYPES.xlsx)
        .header(
          'Content-Disposition',
          `attachment; filename="${exportFileName(named ? `${kind}-${named}` : kind, 'xlsx')}"`,
        )
        .header('Cache-Control', 'no-store');
      return reply.send(
        xlsxExport(table, exportBatches(table, source.rows(), labels), (error) =>
          request.log.error({ err: error }, `export ${kind} interrompu`),
        ),
      );
    });
};
