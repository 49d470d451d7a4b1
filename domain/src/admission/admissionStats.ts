/**
 * « Extraction par rang des admis » and « Statistiques des admissions », read from the frozen
 * results (`resultats`, one document per deliberated candidate):
 *
 * - the extraction ranks the admitted candidates of a filtered set (métier, centre de dépôt,
 *   département, zone, sexe) again, 1…n by average, ties by name, as the deliberation ranks a jury
 *   (`rankByAverage`); the jury's own rank is shown beside it; a top N keeps the first N;
 * - the statistics count, per value of one dimension (métier, centre de dépôt, département, zone,
 *   sexe, catégorie, type de handicap), the deliberated candidates, those present (not absent), the
 *   admitted and the others, and two pass rates: admitted over deliberated, admitted over present.
 *
 * Pure: the query service and the workers read the store, these rules make the figures.
 */
import { ValidationError } from '../core/errors.js';
import type { ExportColumn, ExportRow, ExportTable } from '../exports/exports.js';
import { CANDIDATE_CATEGORIES } from '../registration/candidature.js';
import { SEXES } from '../registration/identity.js';
import {
  rankByAverage,
  type ComputedResult,
  type Derogation,
} from '../deliberation/deliberation.js';
import { averageLabel, resultLabel } from '../deliberation/deliberationContracts.js';

// ---------------------------------------------------------------------------------------------
// Extraction by rank

/** The filters of an extraction, as fields of the `resultats` documents. */
export const EXTRACTION_FILTERS = [
  'metierId',
  'centreDepotId',
  'departementId',
  'zoneId',
  'sexe',
] as const;
export type ExtractionFilter = (typeof EXTRACTION_FILTERS)[number];

export interface ExtractionQuery {
  readonly sessionId: string;
  readonly filters: Readonly<Partial<Record<ExtractionFilter, string>>>;
  /** Keep the first `top` ranks; null: every admitted candidate of the set. */
  readonly top: number | null;
}

export const SESSION_REQUIRED = 'Choisissez la session.';
export const TOP_INVALID =
  'Le nombre de candidats à extraire doit être un nombre entier positif (par exemple 10).';
/** No session holds more candidates: a larger top is a typing slip. */
export const TOP_MAX = 1_000_000;
const SEXE_INVALID = 'Sexe inconnu : choisissez Masculin (M) ou Féminin (F).';

/** One value of a query string: absent, or one trimmed text (a repeated parameter is refused). */
const single = (query: Readonly<Record<string, unknown>>, name: string, message: string) => {
  const value = query[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > 200)
    throw new ValidationError(message, { [name]: message });
  const text = value.trim();
  return text === '' ? undefined : text;
};

/** « 10 » → 10; nothing → null; « 0 », « -3 », « 2,5 », « dix » → 400. */
export const parseTop = (raw: unknown): number | null => {
  if (raw === undefined || raw === null) return null;
  const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '-';
  if (text === '') return null;
  if (!/^\d+$/.test(text)) throw new ValidationError(TOP_INVALID, { top: TOP_INVALID });
  const top = Number(text);
  if (top < 1 || top > TOP_MAX) throw new ValidationError(TOP_INVALID, { top: TOP_INVALID });
  return top;
};

/** The extraction asked by a query string: the session (required), the filters, the top N. */
export const parseExtractionQuery = (query: Readonly<Record<string, unknown>>): ExtractionQuery => {
  const sessionId = single(query, 'sessionId', SESSION_REQUIRED);
  if (!sessionId) throw new ValidationError(SESSION_REQUIRED, { sessionId: SESSION_REQUIRED });
  const filters: Partial<Record<ExtractionFilter, string>> = {};
  for (const name of EXTRACTION_FILTERS) {
    const value = single(query, name, `Filtre « ${name} » invalide.`);
    if (value !== undefined) filters[name] = value;
  }
  if (filters.sexe !== undefined && !SEXES.some((s) => s.value === filters.sexe))
    throw new ValidationError(SEXE_INVALID, { sexe: SEXE_INVALID });
  const top = query.top;
  if (Array.isArray(top)) throw new ValidationError(TOP_INVALID, { top: TOP_INVALID });
  return { sessionId, filters, top: parseTop(top) };
};

/** What a ranked line needs of a result. */
export interface ExtractionSource {
  readonly candidatureId: string;
  readonly numeroCandidat: string;
  readonly nom: string;
  readonly prenoms: string;
  readonly moyenne: number | null;
  /** The rank within the jury, as frozen. */
  readonly rang: number | null;
}

export type Ranked<T extends ExtractionSource> = Omit<T, 'rang'> & {
  /** The rank within the extracted set, 1…n. */
  readonly rang: number;
  readonly rangJury: number | null;
};

/**
 * The rows ranked again over the set they form: `rows` arrive by average, highest first (the read
 * store sorts them so), and leave ranked 1…n, ties by name (nom, prénoms, then candidate number).
 * Only one group of equal averages is held at a time, so a session's whole list streams through;
 * `top` stops after the first N.
 */
export async function* rankByAverageStream<T extends ExtractionSource>(
  rows: AsyncIterable<T>,
  top: number | null = null,
): AsyncGenerator<Ranked<T>> {
  let group: T[] = [];
  let ranked = 0;
  const flush = function* (): Generator<Ranked<T>> {
    // An admitted candidate always has an average; should one have none, it comes last, by name.
    const ranks = rankByAverage(group.map((row) => ({ ...row, moyenne: row.moyenne ?? 0 })));
    const ordered = [...group].sort(
      (a, b) => ranks.get(a.candidatureId)! - ranks.get(b.candidatureId)!,
    );
    for (const row of ordered) {
      if (top !== null && ranked >= top) return;
      ranked += 1;
      const { rang: rangJury, ...rest } = row;
      yield { ...rest, rang: ranked, rangJury } as Ranked<T>;
    }
  };
  for await (const row of rows) {
    const current = group[0]?.moyenne;
    if (group.length > 0 && row.moyenne !== current) {
      if (row.moyenne !== null && (current === null || row.moyenne! > current!))
        throw new Error('Les résultats doivent arriver par moyenne décroissante.');
      yield* flush();
      if (top !== null && ranked >= top) return;
      group = [];
    }
    group.push(row);
  }
  if (group.length > 0) yield* flush();
}

/** A line of the extraction, as the screen, the exports and the PDF show it. */
export interface ExtractionLine {
  readonly rang: number;
  readonly rangJury: number | null;
  readonly candidatureId: string;
  readonly numeroCandidat: string;
  readonly numeroDossier: string;
  readonly nom: string;
  readonly prenoms: string;
  readonly sexe: string;
  readonly categorie: string;
  readonly metierId: string;
  readonly centreDepotId: string;
  readonly departementId: string;
  readonly zoneId: string;
  readonly moyenne: number | null;
  readonly resultat: ComputedResult;
  readonly derogation: Derogation | null;
}

/** « Masculin », « Féminin ». */
export const sexeLabel = (value: unknown): string =>
  SEXES.find((s) => s.value === value)?.label ?? String(value ?? '');

/** « Apprenti », « Candidat libre »… */
export const categorieLabel = (value: unknown): string =>
  CANDIDATE_CATEGORIES.find((c) => c.value === value)?.label ?? String(value ?? '');

/** The columns of the extraction, with the reference lists its libellés come from. */
export const EXTRACTION_COLUMNS: readonly {
  readonly header: string;
  /** Share of a printed page's width. */
  readonly width: number;
  readonly field: keyof ExtractionLine;
  /** The list whose libellé names the id. */
  readonly resource?: string;
}[] = [
  { header: 'Rang', width: 0.05, field: 'rang' },
  { header: 'Rang au jury', width: 0.06, field: 'rangJury' },
  { header: 'Numéro de candidat', width: 0.11, field: 'numeroCandidat' },
  { header: 'Nom', width: 0.12, field: 'nom' },
  { header: 'Prénoms', width: 0.13, field: 'prenoms' },
  { header: 'Sexe', width: 0.07, field: 'sexe' },
  { header: 'Métier', width: 0.1, field: 'metierId', resource: 'metiers' },
  { header: 'Centre de dépôt', width: 0.1, field: 'centreDepotId', resource: 'centres-depot' },
  { header: 'Département', width: 0.08, field: 'departementId', resource: 'departements' },
  { header: 'Zone', width: 0.06, field: 'zoneId', resource: 'zones' },
  { header: 'Moyenne', width: 0.05, field: 'moyenne' },
  { header: 'Résultat', width: 0.07, field: 'resultat' },
];

/** A line's cell as text (the PDF, the screen): libellés through `nameOf`, numbers in French. */
export const extractionText = (
  line: ExtractionLine,
  field: keyof ExtractionLine,
  nameOf: (resource: string, id: string) => string | undefined,
): string => {
  const column = EXTRACTION_COLUMNS.find((c) => c.field === field);
  const value = line[field];
  if (column?.resource) return value ? (nameOf(column.resource, String(value)) ?? '') : '';
  switch (field) {
    case 'rang':
    case 'rangJury':
      return typeof value === 'number' ? String(value) : '—';
    case 'sexe':
      return sexeLabel(value);
    case 'moyenne':
      return averageLabel(line.moyenne);
    case 'resultat':
      return resultLabel(line);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
};

/** The extraction as the CSV and XLSX write it: ranks and averages as numbers, libellés named. */
export const extractionTable: ExportTable = {
  columns: EXTRACTION_COLUMNS.map(({ header, field, resource }): ExportColumn => ({
    header,
    cell: (row: ExportRow, labelOf) => {
      const value = row[field];
      if (resource)
        return typeof value === 'string' && value ? (labelOf(resource, value) ?? value) : '';
      if (field === 'rang' || field === 'rangJury' || field === 'moyenne')
        return typeof value === 'number' ? value : '';
      return extractionText(row as unknown as ExtractionLine, field, () => undefined);
    },
  })),
  references: EXTRACTION_COLUMNS.filter((c) => c.resource).map((c) => ({
    field: c.field,
    resource: c.resource!,
  })),
};

/** « Électricité, Féminin, 10 premiers »: what an extraction was narrowed to (empty: nothing). */
export const extractionCriteria = (named: readonly string[], top: number | null): string =>
  [...named.filter(Boolean), ...(top !== null ? [`${top} premier${top > 1 ? 's' : ''}`] : [])].join(
    ', ',
  );

/** « Admis par rang — Électricité, Féminin, 10 premiers » (the PDF's title). */
export const extractionTitle = (named: readonly string[], top: number | null): string => {
  const criteria = extractionCriteria(named, top);
  return criteria ? `Admis par rang — ${criteria}` : 'Admis par rang';
};

// ---------------------------------------------------------------------------------------------
// Pass rates by dimension

export const ADMISSION_DIMENSIONS = [
  'metier',
  'centre',
  'departement',
  'zone',
  'sexe',
  'categorie',
  'handicap',
] as const;
export type AdmissionDimension = (typeof ADMISSION_DIMENSIONS)[number];

export const ADMISSION_DIMENSION_LABELS: Record<AdmissionDimension, string> = {
  metier: 'Métier',
  centre: 'Centre de dépôt',
  departement: 'Département',
  zone: 'Zone',
  sexe: 'Sexe',
  categorie: 'Catégorie',
  handicap: 'Type de handicap',
};

/** The field of a result each dimension groups by. */
export const ADMISSION_DIMENSION_FIELDS: Record<AdmissionDimension, string> = {
  metier: 'metierId',
  centre: 'centreDepotId',
  departement: 'departementId',
  zone: 'zoneId',
  sexe: 'sexe',
  categorie: 'categorie',
  handicap: 'handicapId',
};

/** The reference list naming a dimension's values (sexe and catégorie are fixed choices). */
export const ADMISSION_DIMENSION_LISTS: Partial<Record<AdmissionDimension, string>> = {
  metier: 'metiers',
  centre: 'centres-depot',
  departement: 'departements',
  zone: 'zones',
  handicap: 'types-handicap',
};

const DIMENSION_INVALID =
  'Dimension inconnue : choisissez métier, centre de dépôt, département, zone, sexe, catégorie ou type de handicap.';

/** The statistics asked: the session (required) and the dimension (default: métier). */
export const parseStatsQuery = (
  query: Readonly<Record<string, unknown>>,
): { sessionId: string; dimension: AdmissionDimension } => {
  const sessionId = single(query, 'sessionId', SESSION_REQUIRED);
  if (!sessionId) throw new ValidationError(SESSION_REQUIRED, { sessionId: SESSION_REQUIRED });
  const dimension = single(query, 'dimension', DIMENSION_INVALID) ?? 'metier';
  if (!(ADMISSION_DIMENSIONS as readonly string[]).includes(dimension))
    throw new ValidationError(DIMENSION_INVALID, { dimension: DIMENSION_INVALID });
  return { sessionId, dimension: dimension as AdmissionDimension };
};

/** A value of a dimension as staff read it; `names` holds the libellés of the list's items. */
export const dimensionValueLabel = (
  dimension: AdmissionDimension,
  value: string,
  names: ReadonlyMap<string, string> = new Map(),
): string => {
  if (dimension === 'handicap' && value === '') return 'Sans handicap';
  if (value === '') return 'Non précisé';
  if (dimension === 'sexe') return sexeLabel(value);
  if (dimension === 'categorie') return categorieLabel(value);
  return names.get(value) ?? value;
};

export interface PassRateRow {
  /** The dimension's value (an id, a code); `total` for the totals. */
  readonly valeur: string;
  readonly libelle: string;
  /** Candidates deliberated. */
  readonly candidats: number;
  /** Deliberated and not absent. */
  readonly presents: number;
  readonly admis: number;
  readonly ajournes: number;
  readonly elimines: number;
  readonly absents: number;
  /** Admitted over deliberated, in percent (one decimal); null when there is none. */
  readonly tauxAdmission: number | null;
  /** Admitted over present, in percent (one decimal); null when none was present. */
  readonly tauxPresents: number | null;
}

/** `part` over `whole` in percent, one decimal: 5 of 8 → 62.5. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;

const percents = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
/** « 62,5 % » (a no-break space before the sign); « — » for no rate. */
export const formatRate = (taux: number | null): string =>
  taux === null ? '—' : `${percents.format(taux).replace(/\u202f/g, '\u00a0')}\u00a0%`;

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/**
 * The pass rates per value of `dimension`, from the results counted by (value, resultat): one row
 * per value, by libellé, then the totals. A result counts once, with the result that counts (the
 * jury's decision when it overrode the computed one).
 */
export const passRates = (
  dimension: AdmissionDimension,
  groups: readonly {
    readonly valeur: unknown;
    readonly resultat: unknown;
    readonly count: number;
  }[],
  names: ReadonlyMap<string, string> = new Map(),
): { lignes: PassRateRow[]; total: PassRateRow } => {
  type Counts = {
    candidats: number;
    admis: number;
    ajournes: number;
    elimines: number;
    absents: number;
  };
  const empty = (): Counts => ({ candidats: 0, admis: 0, ajournes: 0, elimines: 0, absents: 0 });
  const byValue = new Map<string, Counts>();
  const total = empty();
  for (const { valeur, resultat, count } of groups) {
    const key = valeur === null || valeur === undefined ? '' : String(valeur);
    const row = byValue.get(key) ?? empty();
    byValue.set(key, row);
    for (const target of [row, total]) {
      target.candidats += count;
      if (resultat === 'admis') target.admis += count;
      else if (resultat === 'ajourne') target.ajournes += count;
      else if (resultat === 'elimine') target.elimines += count;
      else if (resultat === 'absent') target.absents += count;
    }
  }
  const finish = (valeur: string, libelle: string, c: Counts): PassRateRow => {
    const presents = c.candidats - c.absents;
    return {
      valeur,
      libelle,
      ...c,
      presents,
      tauxAdmission: percentOf(c.admis, c.candidats),
      tauxPresents: percentOf(c.admis, presents),
    };
  };
  const lignes = [...byValue]
    .map(([valeur, counts]) =>
      finish(valeur, dimensionValueLabel(dimension, valeur, names), counts),
    )
    .sort((a, b) => collator.compare(a.libelle, b.libelle) || a.valeur.localeCompare(b.valeur));
  return { lignes, total: finish('total', 'Total', total) };
};

/** The statistics as the CSV and XLSX write them: counts and rates (in percent) as numbers. */
export const passRatesTable = (dimension: AdmissionDimension): ExportTable => {
  const count = (header: string, field: keyof PassRateRow): ExportColumn => ({
    header,
    cell: (row) => (typeof row[field] === 'number' ? (row[field] as number) : ''),
  });
  return {
    columns: [
      { header: ADMISSION_DIMENSION_LABELS[dimension], cell: (row) => String(row.libelle ?? '') },
      count('Candidats délibérés', 'candidats'),
      count('Présents', 'presents'),
      count('Admis', 'admis'),
      count('Ajournés', 'ajournes'),
      count('Éliminés', 'elimines'),
      count('Absents', 'absents'),
      count('Taux d’admission (%)', 'tauxAdmission'),
      count('Taux d’admission des présents (%)', 'tauxPresents'),
    ],
    references: [],
  };
};
