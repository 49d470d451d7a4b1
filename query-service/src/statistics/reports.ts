import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  CANDIDATURES_PROJECTION,
  CUBES,
  DASHBOARD_FIGURES,
  MARKS_PROJECTION,
  REPORTS,
  RESULTS_PROJECTION,
  STATISTICS_COLLECTIONS,
  STATISTICS_PROJECTION,
  candidaturesResource,
  canOpen,
  figurePath,
  formatReportValue,
  marksResource,
  parseReportQuery,
  reportExportTable,
  resultsResource,
  rollupFilter,
  rollupFor,
  routeById,
  type DashboardFigureValue,
  type ExportRow,
  type ReportDeclaration,
  type ReportResult,
  type ResourceDefinition,
} from '@examens-pro/domain';
import { officeTimeZone, renderListDocument, type ReadStore } from '@examens-pro/platform';
import { computeReport, reportChoices, reportSessions } from '@examens-pro/application';
import { exportBatches, exportFileName, EXPORT_TYPES, xlsxExport } from '../exports.js';
import {
  permissionReaders,
  readers,
  readScope,
  routeRequirement,
  scopedFilter,
  signedIn,
} from '../readers.js';
import { awaitPosition } from '../routes/resource.js';

type Query = Record<string, unknown>;

/** The caller's centre de dépôt when they read one centre's dossiers only (an enrôleur). */
const centreScope = (request: FastifyRequest) => {
  const scope = readScope(candidaturesResource, request) as
    Readonly<Record<string, string>> | undefined;
  return scope?.centreDepotId ? { centreDepotId: scope.centreDepotId } : undefined;
};

const waitForStatistics = (request: FastifyRequest, reply: FastifyReply, readStore: ReadStore) =>
  awaitPosition(request, reply, { readStore, projections: [STATISTICS_PROJECTION] });

/** Every row of a report, whatever its page (the exports). */
const allRows = (report: ReportDeclaration, request: FastifyRequest<{ Querystring: Query }>) => ({
  ...parseReportQuery(report, request.query),
  page: 1,
  parPage: Number.MAX_SAFE_INTEGER,
});

/**
 * Widths of a report's printed columns: its rows' names widest, texts wide, amounts wider than
 * counts, and each column at least as wide as the longest word of its header (never cut).
 */
const printedWidths = (result: ReportResult): number[] => {
  const longestWord = (header: string) => Math.max(...header.split(/\s+/).map((w) => w.length));
  const weights = [
    result.vue === 'patron' ? 3.4 : 2.6,
    ...result.colonnes.map((c) =>
      Math.max(
        c.format === 'texte' ? 2 : c.format === 'fcfa' ? 1.5 : 1,
        longestWord(c.header) / (result.colonnes.length > 5 ? 8 : 9),
      ),
    ),
  ];
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / sum);
};

/** The report as a printed table (A4, landscape from six columns), its totals in bold. */
const reportPdf = (result: ReportResult, onError: (error: unknown) => void) => {
  const out = new PassThrough();
  const widths = printedWidths(result);
  async function* rows() {
    for (const [i, row] of result.lignes.entries()) {
      // A long list (one row per patron) lets other requests through now and then.
      if (i > 0 && i % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
      yield [
        row.libelle,
        ...result.colonnes.map((c) => formatReportValue(row.valeurs[c.key], c.format)),
      ];
    }
  }
  renderListDocument<string[]>(out, {
    title: result.titre,
    subtitle: `${result.criteres} — par ${result.libelleVue.toLowerCase()}`,
    editedAt: new Date(),
    timeZone: officeTimeZone(),
    columns: [result.libelleVue, ...result.colonnes.map((c) => c.header)].map((header, i) => ({
      header,
      width: widths[i]!,
      value: (row: string[]) => row[i] ?? '',
    })),
    rows: rows(),
    totals: [
      result.total.libelle,
      ...result.colonnes.map((c) => formatReportValue(result.total.valeurs[c.key], c.format)),
    ],
    alignRight: result.colonnes.flatMap((c, i) => (c.format === 'texte' ? [] : [i + 1])),
    wrapHeaders: true,
    landscape: result.colonnes.length >= 6,
    total: result.lignes.length,
  }).catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
};

const attachment = (reply: FastifyReply, name: string, type: string) =>
  reply
    .type(type)
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('Cache-Control', 'no-store')
    .header('Access-Control-Expose-Headers', 'Content-Disposition, X-Position-Reached');

/**
 * « Rapports statistiques » (`/api/rapports`), each report under its route's permissions:
 * - GET `choix` → the sessions (the one to show first: open for registration, else the most
 *   recent), zones, départements (with their zone) and métiers the filters choose among, to
 *   whoever may open one report;
 * - GET `<report>?vue&sessionId&zoneId&departementId&metierId&sexe&du&au&page&parPage` → its rows,
 *   columns and totals (`ReportResult`), read from the statistics' cubes;
 * - GET `<report>/export.xlsx`, `<report>/export.pdf` → the same rows (all of them) and totals.
 * An enrôleur counts their centre de dépôt's dossiers only.
 */
export const reportRoutes: FastifyPluginAsync<{ readonly readStore: ReadStore }> = async (
  app,
  { readStore },
) => {
  for (const collection of STATISTICS_COLLECTIONS) await readStore.ensureCollection(collection);
  const anyReport = routeRequirement(...REPORTS.map((report) => report.route));

  app.get('/choix', permissionReaders(anyReport), async (request, reply) => {
    await waitForStatistics(request, reply, readStore);
    return reportChoices(readStore);
  });

  for (const report of REPORTS) {
    const guard = readers(report.route);
    app.get<{ Querystring: Query }>(`/${report.id}`, guard, async (request, reply) => {
      await waitForStatistics(request, reply, readStore);
      const query = parseReportQuery(report, request.query);
      reply.header('Access-Control-Expose-Headers', 'X-Position-Reached');
      return computeReport(readStore, report, query, centreScope(request));
    });
    app.get<{ Querystring: Query }>(`/${report.id}/export.xlsx`, guard, async (request, reply) => {
      await waitForStatistics(request, reply, readStore);
      const result = await computeReport(
        readStore,
        report,
        allRows(report, request),
        centreScope(request),
      );
      const rows = async function* () {
        yield* [...result.lignes, result.total] as unknown as ExportRow[];
      };
      const table = reportExportTable(result);
      attachment(reply, exportFileName(report.fileName, 'xlsx'), EXPORT_TYPES.xlsx);
      return reply.send(
        xlsxExport(
          table,
          exportBatches(table, rows(), async () => new Map()),
          (error) => request.log.error({ err: error }, `export ${report.fileName} interrompu`),
        ),
      );
    });
    app.get<{ Querystring: Query }>(`/${report.id}/export.pdf`, guard, async (request, reply) => {
      await waitForStatistics(request, reply, readStore);
      const result = await computeReport(
        readStore,
        report,
        allRows(report, request),
        centreScope(request),
      );
      attachment(
        reply,
        exportFileName(report.fileName, 'xlsx').replace(/\.xlsx$/, '.pdf'),
        'application/pdf',
      );
      return reply.send(
        reportPdf(result, (error) =>
          request.log.error({ err: error }, `PDF ${report.fileName} interrompu`),
        ),
      );
    });
  }
};

const COUNTED: Readonly<Record<string, ResourceDefinition>> = {
  candidatures: candidaturesResource,
  notes: marksResource,
  resultats: resultsResource,
};

/**
 * The dashboard home's figures (`GET /api/tableau-de-bord/chiffres?sessionId=`), for the session
 * asked, else the one open for registration, else the most recent: each figure the caller may open
 * the screen of (the route table's permissions), counted within their scope (an enrôleur: their
 * centre de dépôt), with the address of that screen narrowed to what it counts. Read from the
 * cubes (one `group` of a few cells) and indexed counts.
 */
export const dashboardFigureRoutes: FastifyPluginAsync<{ readonly readStore: ReadStore }> = async (
  app,
  { readStore },
) => {
  for (const resource of Object.values(COUNTED))
    await readStore.ensureCollection(resource.collection);
  app.get<{ Querystring: Query }>('/chiffres', signedIn(), async (request, reply) => {
    await awaitPosition(request, reply, {
      readStore,
      projections: [
        STATISTICS_PROJECTION,
        CANDIDATURES_PROJECTION,
        MARKS_PROJECTION,
        RESULTS_PROJECTION,
      ],
    });
    reply.header('Cache-Control', 'no-store');
    const { sessions, parDefaut } = await reportSessions(readStore);
    const asked = typeof request.query.sessionId === 'string' ? request.query.sessionId : '';
    const session =
      sessions.find((s) => s.id === asked) ?? sessions.find((s) => s.id === parDefaut);
    const held = request.principal?.permissions ?? new Set<string>();
    const shown = DASHBOARD_FIGURES.filter((figure) => canOpen(held, routeById(figure.route)));
    if (!session || shown.length === 0) return { session: session ?? null, sessions, chiffres: [] };

    // The cubes' figures: one group of the session's cells by statut (of the caller's centre).
    const centre = centreScope(request)?.centreDepotId;
    const cube = CUBES.dossiers;
    const rollup = rollupFor(cube, centre ? ['centreDepotId', 'statut'] : ['statut'])!;
    const needsCube = shown.some((f) => f.source.kind === 'dossiers');
    const groups = needsCube
      ? await readStore.collection(cube.collection).group({
          filter: {
            ...rollupFilter(cube, rollup, session.id),
            ...(centre ? { centreDepotId: centre } : {}),
          },
          by: ['statut'],
          sum: ['n', 'regles', 'montantPaye'],
        })
      : [];
    const chiffres: DashboardFigureValue[] = [];
    for (const figure of shown) {
      let value = 0;
      const { source } = figure;
      if (source.kind === 'dossiers') {
        for (const group of groups)
          if (!source.statut || group.key.statut === source.statut)
            value += group.sums[source.measure] ?? 0;
      } else {
        const resource = COUNTED[source.resource]!;
        const filter = scopedFilter(resource, request, { sessionId: session.id, ...source.filter });
        value =
          filter === null
            ? 0
            : await readStore.collection(resource.collection).count(filter ?? undefined);
      }
      chiffres.push({
        key: figure.key,
        label: figure.label,
        group: figure.group,
        format: figure.format,
        value,
        route: figure.route,
        path: figurePath(figure, session.id),
      });
    }
    return { session, sessions, chiffres };
  });
};
