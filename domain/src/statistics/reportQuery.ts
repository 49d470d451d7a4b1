/** A report's query string, checked, and the cubes it reads (which roll-up, how grouped). */
import { ValidationError } from '../core/errors.js';
import { SEXES } from '../registration/identity.js';
import { CUBES, rollupFor, type StatisticsCube } from './cubes.js';
import { viewColumns, viewOf } from './reportDeclarations.js';
import {
  REPORT_FILTERS,
  type ReportDeclaration,
  type ReportFilter,
  type RowDimension,
} from './reportTypes.js';

export interface ReportQuery {
  readonly vue: RowDimension;
  readonly sessionId?: string;
  readonly zoneId?: string;
  readonly departementId?: string;
  readonly metierId?: string;
  readonly sexe?: 'M' | 'F';
  /** YYYY-MM-DD, inclusive. */
  readonly du?: string;
  readonly au?: string;
  readonly page: number;
  readonly parPage: number;
}

export const REPORT_SESSION_REQUIRED = 'Choisissez la session.';
const DAY_INVALID = 'Date invalide : saisissez-la au format JJ/MM/AAAA.';
const PERIOD_INVALID = 'La date de début de la période doit précéder sa date de fin.';
const SEXE_INVALID = 'Sexe inconnu : choisissez Masculin (M) ou Féminin (F).';

/** The query parameter of each filter. */
export const REPORT_PARAMETERS: Readonly<Record<ReportFilter, readonly string[]>> = {
  session: ['sessionId'],
  zone: ['zoneId'],
  departement: ['departementId'],
  metier: ['metierId'],
  sexe: ['sexe'],
  periode: ['du', 'au'],
};

const FILTER_NAMES: Readonly<Record<ReportFilter, string>> = {
  session: 'la session',
  zone: 'la zone',
  departement: 'le département',
  metier: 'le métier',
  sexe: 'le sexe',
  periode: 'la période',
};

const single = (query: Readonly<Record<string, unknown>>, name: string): string | undefined => {
  const value = query[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > 200) {
    const message = `Paramètre « ${name} » invalide.`;
    throw new ValidationError(message, { [name]: message });
  }
  const text = value.trim();
  return text === '' ? undefined : text;
};

/** « 2026-10-15 » or « 15/10/2026 » → « 2026-10-15 »; anything else (31/02/2027 too) → undefined. */
export const parseReportDay = (text: string): string | undefined => {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const french = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [+iso[1]!, +iso[2]!, +iso[3]!]
    : french
      ? [+french[3]!, +french[2]!, +french[1]!]
      : [0, 0, 0];
  if (!year) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

const positive = (raw: string | undefined, fallback: number, max: number, message: string) => {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || +raw < 1 || +raw > max) throw new ValidationError(message);
  return Number(raw);
};

/** The report's query string, checked: the view, the filters that apply, the page. */
export const parseReportQuery = (
  report: ReportDeclaration,
  query: Readonly<Record<string, unknown>>,
): ReportQuery => {
  const vue = single(query, 'vue');
  if (vue !== undefined && !report.views.some((v) => v.key === vue)) {
    const message = `Vue inconnue : choisissez ${report.views.map((v) => `« par ${v.label.toLowerCase()} »`).join(', ')}.`;
    throw new ValidationError(message, { vue: message });
  }
  const view = viewOf(report, vue);
  const applies = (filter: ReportFilter) =>
    report.filters.includes(filter) && !view.ignores?.includes(filter);
  const values: Record<string, string> = {};
  for (const filter of REPORT_FILTERS)
    for (const name of REPORT_PARAMETERS[filter]) {
      const value = single(query, name);
      if (value === undefined) continue;
      if (!applies(filter)) {
        const message = `Ce rapport ne se filtre pas par ${FILTER_NAMES[filter].replace(/^(la |le )/, '')}${view.ignores?.includes(filter) ? ` dans la vue « par ${view.label.toLowerCase()} »` : ''}.`;
        throw new ValidationError(message, { [name]: message });
      }
      values[name] = value;
    }
  const bySession = CUBES[report.cube].bySession && !view.ignores?.includes('session');
  if (bySession && !values.sessionId)
    throw new ValidationError(REPORT_SESSION_REQUIRED, { sessionId: REPORT_SESSION_REQUIRED });
  if (values.sexe !== undefined && !SEXES.some((s) => s.value === values.sexe))
    throw new ValidationError(SEXE_INVALID, { sexe: SEXE_INVALID });
  const days: Record<string, string> = {};
  for (const name of ['du', 'au'] as const) {
    if (values[name] === undefined) continue;
    const day = parseReportDay(values[name]);
    if (!day) throw new ValidationError(DAY_INVALID, { [name]: DAY_INVALID });
    days[name] = day;
  }
  if (days.du && days.au && days.du > days.au)
    throw new ValidationError(PERIOD_INVALID, { au: PERIOD_INVALID });
  return {
    vue: view.key,
    ...(values.sessionId ? { sessionId: values.sessionId } : {}),
    ...(values.zoneId ? { zoneId: values.zoneId } : {}),
    ...(values.departementId ? { departementId: values.departementId } : {}),
    ...(values.metierId ? { metierId: values.metierId } : {}),
    ...(values.sexe ? { sexe: values.sexe as 'M' | 'F' } : {}),
    ...days,
    page: positive(single(query, 'page'), 1, 1_000_000, 'Numéro de page invalide.'),
    parPage: positive(
      single(query, 'parPage'),
      50,
      500,
      'Le nombre de lignes par page va de 1 à 500.',
    ),
  };
};

// ---------------------------------------------------------------------------------------------
// Which cells to read

/** The field of a cube's cells a row dimension groups by. */
export const rowField = (cube: StatisticsCube, dimension: RowDimension): string => {
  switch (dimension) {
    case 'centre':
    case 'departement':
    case 'zone':
      return CUBES[cube].geography;
    case 'metier':
      return 'metierId';
    case 'agent':
      return 'agentId';
    case 'patron':
      return 'patronId';
    case 'session':
      return 'sessionId';
    case 'statut':
    case 'jour':
      return dimension;
    default: {
      const never: never = dimension;
      return never;
    }
  }
};

/** What one cube of a report is read for: its roll-up, how its cells are grouped, what is summed. */
export interface ReportSource {
  readonly cube: StatisticsCube;
  readonly rollup: number;
  readonly by: readonly string[];
  readonly sum: readonly string[];
  /** The dimensions filtered by (`geography` names the centre or département field). */
  readonly filters: {
    readonly geography: boolean;
    readonly metierId: boolean;
    readonly sexe: boolean;
    readonly jour: boolean;
  };
}

/**
 * The cubes a report reads for a query: per cube, the smallest roll-up holding the row dimension,
 * the dimensions its columns pivot on and those filtered by (`scoped`: the caller reads one centre
 * de dépôt only, an enrôleur).
 */
export const reportSources = (
  report: ReportDeclaration,
  query: ReportQuery,
  scoped: boolean,
): ReportSource[] => {
  const view = viewOf(report, query.vue);
  const columns = viewColumns(report, view);
  const cubes = [
    ...new Set(
      columns.flatMap((c) => (c.sum ? [c.sum.cube ?? report.cube] : [])).concat(report.cube),
    ),
  ];
  return cubes.map((name) => {
    const cube = CUBES[name];
    const mine = columns.filter((c) => c.sum && (c.sum.cube ?? report.cube) === name);
    const pivots = [...new Set(mine.flatMap((c) => Object.keys(c.sum!.where ?? {})))];
    const row = rowField(name, view.key);
    const attributes = columns.flatMap((c) => (c.attribute ? [c.attribute.field] : []));
    const by = [
      ...new Set([
        row,
        ...(view.key === 'patron' ? ['raisonSociale', ...attributes] : []),
        ...pivots,
      ]),
    ];
    const geography =
      !!query.zoneId || !!query.departementId || (scoped && cube.geography === 'centreDepotId');
    const filters = {
      geography,
      metierId: !!query.metierId,
      sexe: !!query.sexe,
      jour: !!(query.du || query.au) && cube.dimensions.includes('jour'),
    };
    const needed = [
      ...by.filter((field) => field !== 'sessionId'),
      ...(filters.geography ? [cube.geography] : []),
      ...(filters.metierId ? ['metierId'] : []),
      ...(filters.sexe ? ['sexe'] : []),
      ...(filters.jour ? ['jour'] : []),
    ];
    const rollup = rollupFor(cube, needed);
    if (rollup === undefined)
      throw new Error(`Aucun agrégat de « ${name} » ne porte ${needed.join(', ')}.`);
    return {
      cube: name,
      rollup,
      by,
      sum: [...new Set(mine.map((c) => c.sum!.measure))],
      filters,
    };
  });
};
