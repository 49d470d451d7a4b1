import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMISSION_DIMENSION_FIELDS,
  ADMISSION_DIMENSION_LABELS,
  ADMISSION_DIMENSION_LISTS,
  extractionTable,
  extractionText,
  listCollection,
  parseExtractionQuery,
  parseStatsQuery,
  passRates,
  passRatesTable,
  referenceList,
  resultsCollection,
  resultsResource,
  sessionsCollection,
  ValidationError,
  type ExportRow,
  type ExtractionLine,
  type ReadModelDocument,
  type ResultDocument,
  type RouteId,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import { extractionFilter, extractionNames, extractionSource } from '@examens-pro/application';
import { type LabelSource, sendTableExport } from '../exports.js';
import { readers, readScope, withinScope } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';

type Doc = ReadModelDocument & Record<string, unknown>;
type Query = Record<string, unknown>;

const EXTRACTION: RouteId = 'espace-examen/gestion-des-admissions/extraction-par-rang-des-admis';
const STATISTICS: RouteId = 'espace-examen/gestion-des-admissions/statistiques';

/** The caller's scope over the results: an enrôleur reads their centre de dépôt's only. */
const scopeOf = (request: FastifyRequest) =>
  readScope(resultsResource, request) as Readonly<Record<string, string>> | undefined;

const waitForResults = (request: FastifyRequest, reply: FastifyReply, readStore: ReadStore) =>
  awaitPosition(request, reply, { readStore, projections: resultsResource.projections });

/**
 * The sessions that have deliberated candidates the caller may read, the most recent first: the
 * screens choose among them.
 */
const deliberatedSessions = async (readStore: ReadStore, request: FastifyRequest) => {
  const filter = withinScope({}, scopeOf(request));
  if (filter === null) return [];
  const groups = await readStore
    .collection<ResultDocument>(resultsCollection)
    .group({ filter, by: ['sessionId'] });
  const sessions = await readStore
    .collection<Doc>(sessionsCollection)
    .getMany(groups.map((g) => String(g.key.sessionId ?? '')));
  return sessions
    .sort(
      (a, b) =>
        String(b.ouvertureInscriptions ?? '').localeCompare(
          String(a.ouvertureInscriptions ?? ''),
        ) || String(a.libelle ?? '').localeCompare(String(b.libelle ?? ''), 'fr'),
    )
    .map((s) => ({
      id: s.id,
      libelle: String(s.libelle ?? ''),
      candidats: groups.find((g) => g.key.sessionId === s.id)?.count ?? 0,
    }));
};

/** The libellés of `ids` in a reference list. */
const namesIn = async (readStore: ReadStore, list: string, ids: readonly string[]) => {
  const wanted = [...new Set(ids)].filter(Boolean);
  const found = await readStore
    .collection<Doc>(listCollection(referenceList(list)!))
    .getMany(wanted);
  return new Map(found.map((d) => [d.id, String(d.libelle ?? d.id)]));
};

/** A positive integer of the query string, or its default; anything else is a French 400. */
const positive = (query: Query, name: string, fallback: number, max: number, message: string) => {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim()) || +raw < 1 || +raw > max)
    throw new ValidationError(message, { [name]: message });
  return Number(raw);
};

/**
 * « Extraction par rang des admis » (`/api/extraction-admis`), under « Extraire les admis par
 * rang »:
 * - GET `sessions` → the sessions with deliberated candidates;
 * - GET `choix?sessionId=` → the métiers, centres de dépôt, départements and zones of its admitted
 *   candidates, named, to filter by;
 * - GET `?sessionId=…&metierId&centreDepotId&departementId&zoneId&sexe&top&page&parPage` → the
 *   admitted candidates of the filtered set ranked again 1…n by average (ties by name), with their
 *   rank within their jury, the first `top` only when given: `{ session, total, page, parPage,
 *   lignes }`;
 * - GET `export.csv`, `export.xlsx` → every line of the extraction.
 * An enrôleur reads their centre de dépôt's admitted candidates only (the ranks are theirs).
 */
export const admissionExtractionRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly labels: LabelSource;
}> = async (app, { readStore, labels }) => {
  await readStore.ensureCollection(resultsCollection);
  const read = readers(EXTRACTION);
  const results = readStore.collection<ResultDocument>(resultsCollection);

  const extraction = (request: FastifyRequest<{ Querystring: Query }>) => {
    const query = parseExtractionQuery(request.query);
    return { query, filter: extractionFilter(query, scopeOf(request)) };
  };

  app.get('/sessions', read, async (request, reply) => {
    await waitForResults(request, reply, readStore);
    return deliberatedSessions(readStore, request);
  });

  app.get<{ Querystring: Query }>('/choix', read, async (request, reply) => {
    await waitForResults(request, reply, readStore);
    // Every value of the session's admitted candidates, whatever the other filters chosen.
    const { sessionId } = parseExtractionQuery(request.query);
    const base = extractionFilter({ sessionId, filters: {}, top: null }, scopeOf(request));
    const choices = async (field: string, list: string) => {
      if (!base) return [];
      const groups = await results.group({ filter: base, by: [field] });
      const ids = groups.map((g) => String(g.key[field] ?? '')).filter(Boolean);
      const names = await namesIn(readStore, list, ids);
      return ids
        .map((id) => ({ id, libelle: names.get(id) ?? id }))
        .sort((a, b) => a.libelle.localeCompare(b.libelle, 'fr'));
    };
    return {
      metiers: await choices('metierId', 'metiers'),
      centres: await choices('centreDepotId', 'centres-depot'),
      departements: await choices('departementId', 'departements'),
      zones: await choices('zoneId', 'zones'),
    };
  });

  app.get<{ Querystring: Query }>('/', read, async (request, reply) => {
    await waitForResults(request, reply, readStore);
    const { query, filter } = extraction(request);
    const page = positive(request.query, 'page', 1, 1_000_000, 'Numéro de page invalide.');
    const parPage = positive(
      request.query,
      'parPage',
      50,
      500,
      'Le nombre de lignes par page va de 1 à 500.',
    );
    const source = await extractionSource(readStore, query, filter);
    const from = (page - 1) * parPage;
    const lines: ExtractionLine[] = [];
    let n = 0;
    for await (const line of source.rows()) {
      if (n >= from) lines.push(line);
      n += 1;
      if (lines.length >= parPage) break;
    }
    const nameOf = await extractionNames(readStore);
    const named = (resource: string, id: string) => nameOf(resource, id) ?? id;
    reply.header('Access-Control-Expose-Headers', 'X-Position-Reached');
    return {
      session: source.session,
      total: source.total,
      page,
      parPage,
      lignes: lines.map((line) => ({
        ...line,
        metier: extractionText(line, 'metierId', named),
        centreDepot: extractionText(line, 'centreDepotId', named),
        departement: extractionText(line, 'departementId', named),
        zone: extractionText(line, 'zoneId', named),
        sexeLibelle: extractionText(line, 'sexe', named),
        moyenneTexte: extractionText(line, 'moyenne', named),
        resultatTexte: extractionText(line, 'resultat', named),
      })),
    };
  });

  for (const format of ['csv', 'xlsx'] as const)
    app.get<{ Querystring: Query }>(`/export.${format}`, read, async (request, reply) => {
      await waitForResults(request, reply, readStore);
      const { query, filter } = extraction(request);
      const source = await extractionSource(readStore, query, filter);
      return sendTableExport(
        request,
        reply,
        'extraction-admis',
        format,
        extractionTable,
        source.rows() as AsyncIterable<unknown> as AsyncIterable<ExportRow>,
        labels,
      );
    });
};

/**
 * « Statistiques des admissions » (`/api/statistiques-admissions`), under « Délibérer » or
 * « Consulter les statistiques des candidats »:
 * - GET `sessions` → the sessions with deliberated candidates;
 * - GET `?sessionId=…&dimension=metier|centre|departement|zone|sexe|categorie|handicap` → per value
 *   of the dimension (named), the candidates deliberated, present, admitted, adjourned, eliminated,
 *   absent, the pass rate over the deliberated and over the present, then the totals;
 * - GET `export.csv`, `export.xlsx` → the same rows and the totals.
 * An enrôleur counts their centre de dépôt's candidates only.
 */
export const admissionStatisticsRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly labels: LabelSource;
}> = async (app, { readStore, labels }) => {
  await readStore.ensureCollection(resultsCollection);
  const read = readers(STATISTICS);
  const results = readStore.collection<ResultDocument>(resultsCollection);

  const statistics = async (request: FastifyRequest<{ Querystring: Query }>) => {
    const { sessionId, dimension } = parseStatsQuery(request.query);
    const field = ADMISSION_DIMENSION_FIELDS[dimension];
    const filter = withinScope({ sessionId }, scopeOf(request));
    const groups = filter === null ? [] : await results.group({ filter, by: [field, 'resultat'] });
    const list = ADMISSION_DIMENSION_LISTS[dimension];
    const names = list
      ? await namesIn(
          readStore,
          list,
          groups.map((g) => String(g.key[field] ?? '')),
        )
      : new Map<string, string>();
    const rates = passRates(
      dimension,
      groups.map((g) => ({ valeur: g.key[field], resultat: g.key.resultat, count: g.count })),
      names,
    );
    return { dimension, libelleDimension: ADMISSION_DIMENSION_LABELS[dimension], ...rates };
  };

  app.get('/sessions', read, async (request, reply) => {
    await waitForResults(request, reply, readStore);
    return deliberatedSessions(readStore, request);
  });

  app.get<{ Querystring: Query }>('/', read, async (request, reply) => {
    await waitForResults(request, reply, readStore);
    reply.header('Access-Control-Expose-Headers', 'X-Position-Reached');
    return statistics(request);
  });

  for (const format of ['csv', 'xlsx'] as const)
    app.get<{ Querystring: Query }>(`/export.${format}`, read, async (request, reply) => {
      await waitForResults(request, reply, readStore);
      const { dimension, lignes, total } = await statistics(request);
      const rows = async function* () {
        yield* [...lignes, total] as unknown as ExportRow[];
      };
      return sendTableExport(
        request,
        reply,
        'statistiques-admissions',
        format,
        passRatesTable(dimension),
        rows(),
        labels,
      );
    });
};
