/**
 * « Extraction par rang des admis »: the admitted candidates of a session's
 * frozen results, filtered, ranked again over the filtered set and cut to a top N, read by the query
 * service (screen, CSV, XLSX) and by the workers (PDF) alike. The read store streams them by average,
 * highest first; the domain ranks each group of equal averages by name as it passes.
 */
import {
  EXTRACTION_FILTERS,
  rankByAverageStream,
  resultsCollection,
  sessionsCollection,
  type ExtractionLine,
  type ExtractionQuery,
  type ReadModelDocument,
  type ResultDocument,
} from '@examens-pro/domain';
import type { Filter, ReadStore } from '@examens-pro/platform';
import { readAllItems } from '../allocation/examLists.js';

/**
 * The `resultats` filter of an extraction: the session's admitted candidates, narrowed by its
 * filters, then by `scope` (an enrôleur's centre de dépôt). Null when the filters ask for what the
 * scope excludes (another centre): nothing, rather than one's own.
 */
export const extractionFilter = (
  query: ExtractionQuery,
  scope?: Readonly<Record<string, string>>,
): Filter | null => {
  const filter: Record<string, string | boolean> = { sessionId: query.sessionId, admis: true };
  for (const name of EXTRACTION_FILTERS) {
    const value = query.filters[name];
    if (value !== undefined) filter[name] = value;
  }
  for (const [field, value] of Object.entries(scope ?? {})) {
    if (filter[field] !== undefined && filter[field] !== value) return null;
    filter[field] = value;
  }
  return filter;
};

const lineOf = (
  r: Omit<ResultDocument, 'rang'> & { rang: number; rangJury: number | null },
): ExtractionLine => ({
  rang: r.rang,
  rangJury: r.rangJury,
  candidatureId: r.candidatureId,
  numeroCandidat: r.numeroCandidat,
  numeroDossier: r.numeroDossier,
  nom: r.nom,
  prenoms: r.prenoms,
  sexe: r.sexe,
  categorie: r.categorie,
  metierId: r.metierId,
  centreDepotId: r.centreDepotId,
  departementId: r.departementId,
  zoneId: r.zoneId,
  moyenne: r.moyenne,
  resultat: r.resultat,
  derogation: r.derogation,
});

export interface AdmittedExtraction {
  /** The session's libellé (« CQP 2027 »), empty when the session is unknown. */
  readonly session: string;
  /** Lines the extraction holds (the top N at most). */
  readonly total: number;
  /** The lines in rank order; each call reads them again. */
  rows(): AsyncGenerator<ExtractionLine>;
}

/**
 * The extraction of `filter` (from `extractionFilter`; null: nothing): how many lines, and the
 * lines ranked 1…n over the set, ties by name, the jury's rank kept as `rangJury`.
 */
export const extractionSource = async (
  readStore: ReadStore,
  query: ExtractionQuery,
  filter: Filter | null,
): Promise<AdmittedExtraction> => {
  const results = readStore.collection<ResultDocument>(resultsCollection);
  const session = await readStore
    .collection<ReadModelDocument & { libelle?: unknown }>(sessionsCollection)
    .get(query.sessionId);
  const count = filter === null ? 0 : await results.count(filter);
  return {
    session: String(session?.libelle ?? ''),
    total: query.top === null ? count : Math.min(count, query.top),
    async *rows() {
      if (filter === null) return;
      const sorted = results.stream({ filter, sort: [{ field: 'moyenne', order: 'DESC' }] });
      for await (const ranked of rankByAverageStream(sorted, query.top)) yield lineOf(ranked);
    },
  };
};

/** The lists an extraction's lines name (métier, centre de dépôt, département, zone). */
const NAMED_LISTS = ['metiers', 'centres-depot', 'departements', 'zones'] as const;

/** The libellés of the items of the lists an extraction names, read once (lists are small). */
export const extractionNames = async (
  readStore: ReadStore,
): Promise<(resource: string, id: string) => string | undefined> => {
  const lists = await Promise.all(NAMED_LISTS.map((list) => readAllItems(readStore, list)));
  const names = new Map<string, string>();
  NAMED_LISTS.forEach((list, i) => {
    for (const item of lists[i]!) names.set(`${list}:${item.id}`, String(item.libelle ?? item.id));
  });
  return (resource, id) => names.get(`${resource}:${id}`);
};
