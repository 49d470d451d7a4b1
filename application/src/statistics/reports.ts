/**
 * The statistical reports read from the cubes (domain `statistics/`): per query, the roll-up each
 * cube is read at, one `group` per cube over a few hundred or thousand cells, the rows named from
 * the reference lists (a centre de dépôt's département and zone from the lists themselves, so a
 * centre moved to another département counts there at once), then the domain's rows and totals.
 * Read by the query service (screen, XLSX, PDF) on either read store.
 */
import {
  CUBES,
  agentFactId,
  buildReport,
  listCollection,
  referenceList,
  reportCriteria,
  reportSources,
  rollupFilter,
  rowLabel,
  sessionsCollection,
  statisticsFactsCollection,
  viewOf,
  type AgentFact,
  type ReadModelDocument,
  type ReportDeclaration,
  type ReportQuery,
  type ReportResult,
  type RowOf,
  type StatisticsCube,
} from '@examens-pro/domain';
import type { Filter, GroupRow, ReadStore } from '@examens-pro/platform';
import { readAllItems } from '../allocation/examLists.js';

type Doc = ReadModelDocument & Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The geography the reports name and filter by: centres de dépôt, départements, zones. */
export interface ReportGeography {
  readonly centres: ReadonlyMap<string, { libelle: string; departementId: string }>;
  readonly departements: ReadonlyMap<string, { libelle: string; zoneId: string }>;
  readonly zones: ReadonlyMap<string, string>;
}

export const readReportGeography = async (readStore: ReadStore): Promise<ReportGeography> => {
  const [centres, departements, zones] = await Promise.all([
    readAllItems(readStore, 'centres-depot'),
    readAllItems(readStore, 'departements'),
    readAllItems(readStore, 'zones'),
  ]);
  return {
    centres: new Map(
      centres.map((c) => [
        c.id,
        { libelle: text(c.libelle), departementId: text(c.departementId) },
      ]),
    ),
    departements: new Map(
      departements.map((d) => [d.id, { libelle: text(d.libelle), zoneId: text(d.zoneId) }]),
    ),
    zones: new Map(zones.map((z) => [z.id, text(z.libelle)])),
  };
};

/** The libellés of `ids` in a reference list (an unknown id keeps its id). */
const namesIn = async (
  readStore: ReadStore,
  list: string,
  ids: Iterable<string>,
): Promise<Map<string, string>> => {
  const wanted = [...new Set(ids)].filter(Boolean);
  if (wanted.length === 0) return new Map();
  const found = await readStore
    .collection<Doc>(listCollection(referenceList(list)!))
    .getMany(wanted);
  return new Map(found.map((d) => [d.id, text(d.libelle) || d.id]));
};

/**
 * The départements, then the centres de dépôt, a query's zone and département keep (undefined:
 * every one).
 */
const placesOf = (query: ReportQuery, geography: ReportGeography) => {
  if (!query.zoneId && !query.departementId) return undefined;
  const departements = [...geography.departements]
    .filter(
      ([id, d]) =>
        (!query.zoneId || d.zoneId === query.zoneId) &&
        (!query.departementId || id === query.departementId),
    )
    .map(([id]) => id);
  const kept = new Set(departements);
  const centres = [...geography.centres]
    .filter(([, c]) => kept.has(c.departementId))
    .map(([id]) => id);
  return { departements, centres };
};

/**
 * A report's figures for a query. `scope`: the caller reads one centre de dépôt's dossiers only
 * (an enrôleur): every cube located by centre is narrowed to it (the patrons are not).
 */
export const computeReport = async (
  readStore: ReadStore,
  report: ReportDeclaration,
  query: ReportQuery,
  scope?: { readonly centreDepotId?: string },
): Promise<ReportResult> => {
  const view = viewOf(report, query.vue);
  const scopedCentre = scope?.centreDepotId;
  const sources = reportSources(report, query, !!scopedCentre);
  const geography = await readReportGeography(readStore);
  const places = placesOf(query, geography);
  const sessionId = view.ignores?.includes('session') ? undefined : query.sessionId;

  const groups = await Promise.all(
    sources.map(async (source): Promise<{ cube: StatisticsCube; groups: GroupRow[] }> => {
      const cube = CUBES[source.cube];
      const filter: Record<string, Filter[string]> = rollupFilter(cube, source.rollup, sessionId);
      if (cube.geography === 'centreDepotId') {
        let centres = places?.centres;
        if (scopedCentre)
          centres = centres ? centres.filter((c) => c === scopedCentre) : [scopedCentre];
        if (centres) filter.centreDepotId = { $in: centres };
      } else if (places) filter.departementId = { $in: places.departements };
      if (source.filters.metierId) filter.metierId = query.metierId!;
      if (source.filters.sexe) filter.sexe = query.sexe!;
      if (source.filters.jour)
        filter.jour = {
          ...(query.du ? { $gte: query.du } : {}),
          ...(query.au ? { $lte: query.au } : {}),
        };
      const found = await readStore
        .collection(cube.collection)
        .group({ filter, by: source.by, sum: source.sum });
      return { cube: source.cube, groups: found };
    }),
  );

  // The names of the rows' values, read once per list.
  const values = (field: string) =>
    groups.flatMap(({ groups: rows }) => rows.map((g) => text(g.key[field])));
  const [metiers, sessions, agents, departementNames] = await Promise.all([
    view.key === 'metier' || view.key === 'patron' || query.metierId
      ? namesIn(readStore, 'metiers', [...values('metierId'), query.metierId ?? ''])
      : new Map<string, string>(),
    view.key === 'session' || sessionId
      ? readStore
          .collection<Doc>(sessionsCollection)
          .getMany([...new Set([...values('sessionId'), sessionId ?? ''])].filter(Boolean))
          .then((found) => new Map(found.map((s) => [s.id, text(s.libelle) || s.id])))
      : new Map<string, string>(),
    view.key === 'agent'
      ? readStore
          .collection<AgentFact>(statisticsFactsCollection)
          .getMany([...new Set(values('agentId'))].map(agentFactId))
          .then((found) => new Map(found.map((a) => [a.id.slice('agent|'.length), a.nom])))
      : new Map<string, string>(),
    Promise.resolve(new Map([...geography.departements].map(([id, d]) => [id, d.libelle]))),
  ]);

  const departementOf = (cube: StatisticsCube, key: Readonly<Record<string, unknown>>) =>
    CUBES[cube].geography === 'centreDepotId'
      ? (geography.centres.get(text(key.centreDepotId))?.departementId ?? '')
      : text(key.departementId);
  const named = (valeur: string, name: string | undefined) => ({
    valeur,
    libelle: rowLabel(view.key, valeur) ?? name ?? valeur,
  });
  const rowOf: RowOf = (cube, key) => {
    switch (view.key) {
      case 'centre': {
        const id = text(key.centreDepotId);
        return named(id, geography.centres.get(id)?.libelle);
      }
      case 'departement': {
        const id = departementOf(cube, key);
        return named(id, departementNames.get(id));
      }
      case 'zone': {
        const id = geography.departements.get(departementOf(cube, key))?.zoneId ?? '';
        return named(id, geography.zones.get(id));
      }
      case 'metier': {
        const id = text(key.metierId);
        return named(id, metiers.get(id));
      }
      case 'session': {
        const id = text(key.sessionId);
        return named(id, sessions.get(id));
      }
      case 'agent': {
        const id = text(key.agentId);
        return named(id, agents.get(id));
      }
      case 'patron': {
        const id = text(key.patronId);
        const metierId = text(key.metierId);
        const departementId = text(key.departementId);
        return {
          ...named(id, text(key.raisonSociale) || undefined),
          attributs: {
            metierId: metiers.get(metierId) ?? metierId,
            departementId: departementNames.get(departementId) ?? departementId,
          },
        };
      }
      case 'statut':
      case 'jour': {
        const id = text(key[view.key]);
        return named(id, undefined);
      }
      default: {
        const never: never = view.key;
        return never;
      }
    }
  };
  const criteres = reportCriteria(query, {
    session: sessionId ? (sessions.get(sessionId) ?? sessionId) : undefined,
    zone: query.zoneId ? (geography.zones.get(query.zoneId) ?? query.zoneId) : undefined,
    departement: query.departementId
      ? (departementNames.get(query.departementId) ?? query.departementId)
      : undefined,
    metier: query.metierId ? (metiers.get(query.metierId) ?? query.metierId) : undefined,
  });
  return buildReport(report, query, groups, rowOf, criteres);
};

/** A session to choose from: the most recent first, the one open for registration marked. */
export interface ReportSessionChoice {
  readonly id: string;
  readonly libelle: string;
  readonly statut: string;
  readonly ouverte: boolean;
}

/**
 * The sessions, most recent registration first; the one to show by default: the session open for
 * registration (the most recent of them), else the most recent.
 */
export const reportSessions = async (
  readStore: ReadStore,
): Promise<{ sessions: ReportSessionChoice[]; parDefaut: string | null }> => {
  const found = await readStore
    .collection<Doc>(sessionsCollection)
    .list({ sort: [{ field: 'ouvertureInscriptions', order: 'DESC' }], limit: 500 });
  const sessions = found.items.map((s) => ({
    id: s.id,
    libelle: text(s.libelle) || s.id,
    statut: text(s.statut),
    ouverte: s.statut === 'inscriptions-ouvertes',
  }));
  return {
    sessions,
    parDefaut: (sessions.find((s) => s.ouverte) ?? sessions[0])?.id ?? null,
  };
};

const byName = (a: { libelle: string }, b: { libelle: string }) =>
  a.libelle.localeCompare(b.libelle, 'fr');

/** What the reports' filters choose among: sessions, zones, départements (with their zone), métiers. */
export const reportChoices = async (readStore: ReadStore) => {
  const [{ sessions, parDefaut }, geography, metiers] = await Promise.all([
    reportSessions(readStore),
    readReportGeography(readStore),
    readAllItems(readStore, 'metiers'),
  ]);
  return {
    sessions,
    parDefaut,
    zones: [...geography.zones].map(([id, libelle]) => ({ id, libelle })).sort(byName),
    departements: [...geography.departements]
      .map(([id, d]) => ({ id, libelle: d.libelle, zoneId: d.zoneId }))
      .sort(byName),
    metiers: metiers.map((m) => ({ id: m.id, libelle: text(m.libelle) || m.id })).sort(byName),
  };
};
