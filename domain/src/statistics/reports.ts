/**
 * The seven statistical reports of « Rapports statistiques » (seed §2), declared as data: which
 * cube each reads, the rows it can show (« Par statut », « Par jour »…), its columns (sums of the
 * cells' measures, some restricted to a statut or an action, shares and ratios), its chart and the
 * filters that apply. One query route, one export of each format and one screen serve them all.
 *
 * Pure: the query service reads the cells (`reportSources` says which roll-up and how to group),
 * `buildReport` turns the groups into rows and totals, `reportExportTable` into a spreadsheet's
 * columns, `formatReportValue` into what the screen and the PDF print.
 */
import { ValidationError } from '../core/errors.js';
import type { ExportColumn, ExportTable } from '../exports/exports.js';
import { formatFrenchDay } from '../core/frenchFormat.js';
import type { RouteId } from '../routes/routeTable.js';
import { formatRate, percentOf } from '../exam/admissionStats.js';
import {
  CANDIDATURE_STATUS_LABELS,
  CANDIDATURE_STATUSES,
  formatFcfa,
} from '../registration/candidature.js';
import { SEXES } from '../registration/identity.js';
import {
  AGENT_ACTIONS,
  CUBES,
  PIECES_BUCKETS,
  rollupFor,
  STATUTS_EN_COURS,
  STATUTS_VALIDES,
  type StatisticsCube,
} from './cubes.js';

export const REPORT_IDS = [
  'candidats/statistiques-inscriptions',
  'candidats/par-metier',
  'candidats/par-zone-et-nombre-de-pieces-soumis',
  'patrons/par-metier',
  'patrons/candidat-inscrit-par-patron',
  'statistiques-financieres',
  'inscriptions-et-validations-par-agent',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** The filters a report may offer; each one's query parameter is named in `REPORT_PARAMETERS`. */
export const REPORT_FILTERS = [
  'session',
  'zone',
  'departement',
  'metier',
  'sexe',
  'periode',
] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** What a report's rows may be. */
export type RowDimension =
  'statut' | 'jour' | 'centre' | 'departement' | 'zone' | 'metier' | 'agent' | 'patron' | 'session';

export type ValueFormat = 'nombre' | 'fcfa' | 'pourcentage' | 'decimal' | 'texte';

export interface ReportColumn {
  readonly key: string;
  readonly header: string;
  readonly format: ValueFormat;
  /** A sum of one measure of the cells (those matching `where`), of the report's cube or `cube`. */
  readonly sum?: {
    readonly measure: string;
    readonly where?: Readonly<Record<string, readonly string[]>>;
    readonly cube?: StatisticsCube;
  };
  /** This row's share of the column `share`'s total, in percent. */
  readonly share?: string;
  /** (Σ `plus` − Σ `minus`) / `over`, in percent when `percent`. */
  readonly ratio?: {
    readonly plus: readonly string[];
    readonly minus?: readonly string[];
    readonly over: string;
    readonly percent: boolean;
  };
  /** A named attribute of the row (a patron's métier): a field of the cells and its list. */
  readonly attribute?: { readonly field: string; readonly list: string };
}

export interface ReportChart {
  readonly kind: 'bar' | 'line' | 'pie';
  /** The columns drawn. */
  readonly series: readonly string[];
  readonly stacked?: boolean;
}

export interface ReportView {
  readonly key: RowDimension;
  /** The rows' header (« Centre de dépôt »); the view is offered as « Par centre de dépôt ». */
  readonly label: string;
  /** The columns shown in this view (default: every column of the report). */
  readonly columns?: readonly string[];
  readonly chart: ReportChart;
  /** Rows are many (one per patron): the screen pages them, the largest first. */
  readonly paged?: boolean;
  /** Filters that do not apply in this view (the session, when the rows are the sessions). */
  readonly ignores?: readonly ReportFilter[];
}

export interface ReportDeclaration {
  readonly id: ReportId;
  readonly route: RouteId;
  readonly title: string;
  /** One sentence under the title: what is counted. */
  readonly description: string;
  readonly cube: StatisticsCube;
  readonly filters: readonly ReportFilter[];
  /** The first is shown first. */
  readonly views: readonly ReportView[];
  readonly columns: readonly ReportColumn[];
  /** The exports' file name, without extension (the day is added). */
  readonly fileName: string;
}

// ---------------------------------------------------------------------------------------------
// Declarations

const count = (
  key: string,
  header: string,
  where?: Readonly<Record<string, readonly string[]>>,
  cube?: StatisticsCube,
): ReportColumn => ({
  key,
  header,
  format: 'nombre',
  sum: { measure: 'n', ...(where ? { where } : {}), ...(cube ? { cube } : {}) },
});

const BY_STATUT: readonly ReportColumn[] = [
  ...CANDIDATURE_STATUSES.map((statut) =>
    count(statut, CANDIDATURE_STATUS_LABELS[statut], { statut: [statut] }),
  ),
  count('total', 'Total'),
];

const GEOGRAPHY_VIEWS = (chart: ReportChart): ReportView[] => [
  { key: 'centre', label: 'Centre de dépôt', chart },
  { key: 'departement', label: 'Département', chart },
  { key: 'zone', label: 'Zone', chart },
];

const ALL_FILTERS = REPORT_FILTERS;
const WITHOUT_PERIOD: readonly ReportFilter[] = [
  'session',
  'zone',
  'departement',
  'metier',
  'sexe',
];
const STATUS_SERIES = CANDIDATURE_STATUSES as readonly string[];
const money = (key: string, header: string, measure: string): ReportColumn => ({
  key,
  header,
  format: 'fcfa',
  sum: { measure },
});

export const REPORTS: readonly ReportDeclaration[] = [
  {
    id: 'candidats/statistiques-inscriptions',
    route: 'rapports-statistiques/candidats/statistiques-inscriptions',
    title: 'Statistiques des inscriptions',
    description:
      'Les dossiers de candidature de la session par statut, par jour d’inscription et par lieu de dépôt.',
    cube: 'dossiers',
    filters: ALL_FILTERS,
    views: [
      {
        key: 'statut',
        label: 'Statut',
        columns: ['total', 'part'],
        chart: { kind: 'pie', series: ['total'] },
      },
      {
        key: 'jour',
        label: 'Jour d’inscription',
        chart: { kind: 'line', series: ['total', 'valide', 'affecte'] },
      },
      ...GEOGRAPHY_VIEWS({ kind: 'bar', series: STATUS_SERIES, stacked: true }),
    ],
    columns: [
      ...BY_STATUT,
      { key: 'part', header: 'Part (%)', format: 'pourcentage', share: 'total' },
    ],
    fileName: 'statistiques-inscriptions',
  },
  {
    id: 'candidats/par-metier',
    route: 'rapports-statistiques/candidats/par-metier',
    title: 'Candidats par métier',
    description:
      'Les dossiers de candidature de la session par métier : hommes et femmes, validés et rejetés.',
    cube: 'dossiers',
    filters: ALL_FILTERS,
    views: [
      {
        key: 'metier',
        label: 'Métier',
        chart: { kind: 'bar', series: ['hommes', 'femmes'], stacked: true },
      },
      ...GEOGRAPHY_VIEWS({ kind: 'bar', series: ['hommes', 'femmes'], stacked: true }),
    ],
    columns: [
      count('total', 'Dossiers'),
      count('hommes', 'Hommes', { sexe: ['M'] }),
      count('femmes', 'Femmes', { sexe: ['F'] }),
      count('valides', 'Validés', { statut: STATUTS_VALIDES }),
      count('rejetes', 'Rejetés', { statut: ['rejete'] }),
      { key: 'part', header: 'Part (%)', format: 'pourcentage', share: 'total' },
    ],
    fileName: 'candidats-par-metier',
  },
  {
    id: 'candidats/par-zone-et-nombre-de-pieces-soumis',
    route: 'rapports-statistiques/candidats/par-zone-et-nombre-de-pieces-soumis',
    title: 'Candidats par zone et pièces soumises',
    description:
      'Les dossiers de candidature de la session par zone (ou département, ou centre de dépôt) et par nombre de pièces justificatives déposées.',
    cube: 'pieces',
    filters: ALL_FILTERS,
    views: [
      { key: 'zone', label: 'Zone', chart: { kind: 'bar', series: PIECES_BUCKETS, stacked: true } },
      {
        key: 'departement',
        label: 'Département',
        chart: { kind: 'bar', series: PIECES_BUCKETS, stacked: true },
      },
      {
        key: 'centre',
        label: 'Centre de dépôt',
        chart: { kind: 'bar', series: PIECES_BUCKETS, stacked: true },
      },
    ],
    columns: [
      ...PIECES_BUCKETS.map((bucket) =>
        count(
          bucket,
          bucket === '0'
            ? 'Aucune pièce'
            : bucket === '5+'
              ? '5 pièces ou plus'
              : `${bucket} pièce${bucket === '1' ? '' : 's'}`,
          { pieces: [bucket] },
        ),
      ),
      count('total', 'Dossiers'),
      {
        key: 'soumises',
        header: 'Pièces soumises',
        format: 'nombre',
        sum: { measure: 'soumises' },
      },
      {
        key: 'moyenne',
        header: 'Pièces par dossier',
        format: 'decimal',
        ratio: { plus: ['soumises'], over: 'total', percent: false },
      },
    ],
    fileName: 'candidats-par-zone-et-pieces',
  },
  {
    id: 'patrons/par-metier',
    route: 'rapports-statistiques/patrons/par-metier',
    title: 'Patrons par métier',
    description:
      'Les patrons enregistrés par métier, ceux dont des candidats sont inscrits à la session et ces candidats (zone, département et sexe du patron).',
    cube: 'patrons-candidats',
    filters: WITHOUT_PERIOD,
    views: [
      {
        key: 'metier',
        label: 'Métier',
        chart: { kind: 'bar', series: ['patrons', 'avecCandidats'] },
      },
      {
        key: 'departement',
        label: 'Département',
        chart: { kind: 'bar', series: ['patrons', 'avecCandidats'] },
      },
      { key: 'zone', label: 'Zone', chart: { kind: 'bar', series: ['patrons', 'avecCandidats'] } },
    ],
    columns: [
      count('patrons', 'Patrons enregistrés', undefined, 'patrons'),
      {
        key: 'avecCandidats',
        header: 'Patrons ayant des candidats',
        format: 'nombre',
        sum: { measure: 'avecCandidats' },
      },
      count('candidats', 'Candidats inscrits'),
      {
        key: 'valides',
        header: 'Candidats validés',
        format: 'nombre',
        sum: { measure: 'valides' },
      },
    ],
    fileName: 'patrons-par-metier',
  },
  {
    id: 'patrons/candidat-inscrit-par-patron',
    route: 'rapports-statistiques/patrons/candidat-inscrit-par-patron',
    title: 'Candidats inscrits par patron',
    description:
      'Pour chaque patron, ses candidats inscrits à la session (ses apprentis et lui-même) : hommes, femmes, validés.',
    cube: 'patrons-candidats',
    filters: WITHOUT_PERIOD,
    views: [
      {
        key: 'patron',
        label: 'Patron',
        paged: true,
        chart: { kind: 'bar', series: ['hommes', 'femmes'], stacked: true },
      },
    ],
    columns: [
      {
        key: 'metier',
        header: 'Métier',
        format: 'texte',
        attribute: { field: 'metierId', list: 'metiers' },
      },
      {
        key: 'departement',
        header: 'Département',
        format: 'texte',
        attribute: { field: 'departementId', list: 'departements' },
      },
      count('candidats', 'Candidats'),
      { key: 'hommes', header: 'Hommes', format: 'nombre', sum: { measure: 'hommes' } },
      { key: 'femmes', header: 'Femmes', format: 'nombre', sum: { measure: 'femmes' } },
      { key: 'valides', header: 'Validés', format: 'nombre', sum: { measure: 'valides' } },
    ],
    fileName: 'candidats-par-patron',
  },
  {
    id: 'statistiques-financieres',
    route: 'rapports-statistiques/statistiques-financieres',
    title: 'Statistiques financières',
    description:
      'Les frais d’examen des dossiers en cours (brouillon, soumis, validé, affecté) : montant dû, payé et reste à payer, en FCFA. Le montant payé compte aussi les paiements des dossiers rejetés ou désistés. Les paiements de démonstration (aucun argent reçu) sont montrés à part : ils n’entrent dans le montant payé que si la session compte les paiements de démonstration.',
    cube: 'dossiers',
    filters: ALL_FILTERS,
    views: [
      ...GEOGRAPHY_VIEWS({ kind: 'bar', series: ['montantPaye', 'reste'], stacked: true }),
      {
        key: 'metier',
        label: 'Métier',
        chart: { kind: 'bar', series: ['montantPaye', 'reste'], stacked: true },
      },
      {
        key: 'session',
        label: 'Session',
        ignores: ['session'],
        chart: { kind: 'bar', series: ['montantPaye', 'reste'], stacked: true },
      },
    ],
    columns: [
      count('dossiers', 'Dossiers en cours', { statut: STATUTS_EN_COURS }),
      { key: 'regles', header: 'Dossiers réglés', format: 'nombre', sum: { measure: 'regles' } },
      money('montantDu', 'Montant dû', 'montantDu'),
      money('montantPaye', 'Montant payé', 'montantPaye'),
      money('reste', 'Reste à payer', 'reste'),
      {
        key: 'recouvrement',
        header: 'Taux de recouvrement',
        format: 'pourcentage',
        ratio: { plus: ['montantDu'], minus: ['reste'], over: 'montantDu', percent: true },
      },
      money('demonstration', 'Paiements de démonstration', 'demonstration'),
    ],
    fileName: 'statistiques-financieres',
  },
  {
    id: 'inscriptions-et-validations-par-agent',
    route: 'rapports-statistiques/inscriptions-et-validations-par-agent',
    title: 'Inscriptions et validations par agent',
    description:
      'Les dossiers inscrits, validés et rejetés par chaque agent (d’après les événements qu’il a produits), par agent ou par jour.',
    cube: 'agents',
    filters: ALL_FILTERS,
    views: [
      {
        key: 'agent',
        label: 'Agent',
        chart: { kind: 'bar', series: AGENT_ACTIONS, stacked: true },
      },
      { key: 'jour', label: 'Jour', chart: { kind: 'line', series: AGENT_ACTIONS } },
    ],
    columns: [
      count('inscription', 'Dossiers inscrits', { action: ['inscription'] }),
      count('validation', 'Dossiers validés', { action: ['validation'] }),
      count('rejet', 'Dossiers rejetés', { action: ['rejet'] }),
      count('total', 'Total'),
    ],
    fileName: 'inscriptions-et-validations-par-agent',
  },
];

export const reportById = (id: string): ReportDeclaration | undefined =>
  REPORTS.find((report) => report.id === id);

/** The report a dashboard route shows. */
export const reportOfRoute = (route: string): ReportDeclaration | undefined =>
  REPORTS.find((report) => report.route === route);

export const viewOf = (report: ReportDeclaration, key: string | undefined): ReportView =>
  report.views.find((view) => view.key === key) ?? report.views[0]!;

/** The columns a view shows. */
export const viewColumns = (report: ReportDeclaration, view: ReportView): ReportColumn[] =>
  view.columns
    ? view.columns.map((key) => report.columns.find((c) => c.key === key)!)
    : [...report.columns];

// ---------------------------------------------------------------------------------------------
// The query

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

// ---------------------------------------------------------------------------------------------
// Rows and totals

export type ReportValue = number | string | null;

export interface ReportRow {
  /** The row's value (an id, a statut, a day); `total` for the totals. */
  readonly valeur: string;
  readonly libelle: string;
  readonly valeurs: Readonly<Record<string, ReportValue>>;
}

export interface ReportResult {
  readonly rapport: ReportId;
  readonly titre: string;
  readonly vue: RowDimension;
  readonly libelleVue: string;
  readonly colonnes: readonly {
    readonly key: string;
    readonly header: string;
    readonly format: ValueFormat;
  }[];
  readonly lignes: readonly ReportRow[];
  readonly total: ReportRow;
  /** Rows in all (the page shows `lignes`). */
  readonly nombreLignes: number;
  readonly page: number;
  readonly parPage: number;
  /** « Session CQP 2027 — Zone Centre, Féminin, du 01/10/2026 au 31/10/2026 ». */
  readonly criteres: string;
}

/** A group of cells, as the read store gives it. */
export interface CellGroup {
  readonly key: Readonly<Record<string, unknown>>;
  readonly sums: Readonly<Record<string, number>>;
}

/** Where a group of cells goes: its row (value and label) and its attributes, named. */
export type RowOf = (
  cube: StatisticsCube,
  key: Readonly<Record<string, unknown>>,
) => { valeur: string; libelle: string; attributs?: Readonly<Record<string, string>> };

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

const matches = (
  where: Readonly<Record<string, readonly string[]>> | undefined,
  key: Readonly<Record<string, unknown>>,
) =>
  !where || Object.entries(where).every(([dim, values]) => values.includes(String(key[dim] ?? '')));

/** `a` over `b`, two decimals; null when b is 0. */
const ratioOf = (a: number, b: number, percent: boolean): number | null =>
  b === 0 ? null : percent ? percentOf(a, b) : Math.round((a * 100) / b) / 100;

/**
 * The rows of a view from the groups of cells of each cube it reads: each sum column summed over
 * the groups of its row (and its `where`), shares and ratios computed, rows with nothing dropped,
 * ordered (statuts in their order, days by date, the paged views the largest first, the others by
 * name), then the totals.
 */
export const buildReport = (
  report: ReportDeclaration,
  query: ReportQuery,
  sources: readonly { readonly cube: StatisticsCube; readonly groups: readonly CellGroup[] }[],
  rowOf: RowOf,
  criteres = '',
): ReportResult => {
  const view = viewOf(report, query.vue);
  const columns = viewColumns(report, view);
  const sums = columns.filter((c) => c.sum);
  type Acc = {
    valeur: string;
    libelle: string;
    attributs: Record<string, string>;
    sums: Record<string, number>;
  };
  const rows = new Map<string, Acc>();
  const totals: Record<string, number> = Object.fromEntries(sums.map((c) => [c.key, 0]));
  for (const { cube, groups } of sources) {
    const mine = sums.filter((c) => (c.sum!.cube ?? report.cube) === cube);
    for (const group of groups) {
      const { valeur, libelle, attributs } = rowOf(cube, group.key);
      let row = rows.get(valeur);
      if (!row) {
        row = {
          valeur,
          libelle,
          attributs: {},
          sums: Object.fromEntries(sums.map((c) => [c.key, 0])),
        };
        rows.set(valeur, row);
      }
      if (attributs) Object.assign(row.attributs, attributs);
      for (const column of mine) {
        if (!matches(column.sum!.where, group.key)) continue;
        const value = group.sums[column.sum!.measure] ?? 0;
        row.sums[column.key] = (row.sums[column.key] ?? 0) + value;
        totals[column.key] = (totals[column.key] ?? 0) + value;
      }
    }
  }
  const values = (
    sumsOf: Readonly<Record<string, number>>,
    attributs: Readonly<Record<string, string>>,
  ) => {
    const out: Record<string, ReportValue> = {};
    for (const column of columns) {
      if (column.sum) out[column.key] = sumsOf[column.key] ?? 0;
      else if (column.attribute) out[column.key] = attributs[column.attribute.field] ?? '';
    }
    for (const column of columns) {
      if (column.share)
        out[column.key] = percentOf(sumsOf[column.share] ?? 0, totals[column.share] ?? 0);
      if (column.ratio) {
        const plus = column.ratio.plus.reduce((n, k) => n + (sumsOf[k] ?? 0), 0);
        const minus = (column.ratio.minus ?? []).reduce((n, k) => n + (sumsOf[k] ?? 0), 0);
        out[column.key] = ratioOf(
          plus - minus,
          sumsOf[column.ratio.over] ?? 0,
          column.ratio.percent,
        );
      }
    }
    return out;
  };
  const all = [...rows.values()].filter((row) => Object.values(row.sums).some((v) => v !== 0));
  const first = sums[0]?.key;
  all.sort((a, b) => {
    switch (view.key) {
      case 'statut':
        return (
          CANDIDATURE_STATUSES.indexOf(a.valeur as never) -
          CANDIDATURE_STATUSES.indexOf(b.valeur as never)
        );
      case 'jour':
        return a.valeur.localeCompare(b.valeur);
      default:
        if (view.paged && first) {
          const order = (b.sums[first] ?? 0) - (a.sums[first] ?? 0);
          if (order !== 0) return order;
        }
        return collator.compare(a.libelle, b.libelle) || a.valeur.localeCompare(b.valeur);
    }
  });
  const paged = view.paged
    ? all.slice((query.page - 1) * query.parPage, query.page * query.parPage)
    : all;
  return {
    rapport: report.id,
    titre: report.title,
    vue: view.key,
    libelleVue: view.label,
    colonnes: columns.map(({ key, header, format }) => ({ key, header, format })),
    lignes: paged.map((row) => ({
      valeur: row.valeur,
      libelle: row.libelle,
      valeurs: values(row.sums, row.attributs),
    })),
    total: { valeur: 'total', libelle: 'Total', valeurs: values(totals, {}) },
    nombreLignes: all.length,
    page: view.paged ? query.page : 1,
    parPage: view.paged ? query.parPage : all.length,
    criteres,
  };
};

/** How a row's value of each dimension reads, before the reference lists name the ids. */
export const rowLabel = (dimension: RowDimension, valeur: string): string | undefined => {
  if (dimension === 'statut')
    return CANDIDATURE_STATUS_LABELS[valeur as keyof typeof CANDIDATURE_STATUS_LABELS] ?? valeur;
  if (dimension === 'jour') return formatFrenchDay(valeur) || valeur;
  if (valeur === '') return 'Non précisé';
  return undefined;
};

const numbers = new Intl.NumberFormat('fr-FR');
const decimals = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** A value as the screen and the PDF print it: « 1 234 », « 25 000 FCFA », « 62,5 % », « 1,5 ». */
export const formatReportValue = (value: ReportValue | undefined, format: ValueFormat): string => {
  if (value === null || value === undefined) return format === 'texte' ? '' : '—';
  if (typeof value === 'string') return value;
  switch (format) {
    case 'fcfa':
      return formatFcfa(value);
    case 'pourcentage':
      return formatRate(value);
    case 'decimal':
      return decimals.format(value).replace(/\u202f/g, '\u00a0');
    case 'nombre':
      return numbers.format(value).replace(/\u202f/g, '\u00a0');
    default:
      return String(value);
  }
};

/** The rows and the totals as the spreadsheet writes them: numbers stay numbers, in FCFA or percent. */
export const reportExportTable = (
  result: Pick<ReportResult, 'libelleVue' | 'colonnes'>,
): ExportTable => ({
  columns: [
    { header: result.libelleVue, cell: (row) => String(row.libelle ?? '') },
    ...result.colonnes.map((column): ExportColumn => ({
      header:
        column.format === 'fcfa'
          ? `${column.header} (FCFA)`
          : column.format === 'pourcentage'
            ? `${column.header} (%)`.replace(' (%) (%)', ' (%)')
            : column.header,
      cell: (row) => {
        const value = (row.valeurs as Record<string, ReportValue> | undefined)?.[column.key];
        return value === null || value === undefined ? '' : value;
      },
    })),
  ],
  references: [],
});

/** « CQP 2027 — Zone Centre, Féminin, du 01/10/2026 au 31/10/2026 » (the PDF's subtitle). */
export const reportCriteria = (
  query: ReportQuery,
  named: {
    readonly session?: string;
    readonly zone?: string;
    readonly departement?: string;
    readonly metier?: string;
  },
): string => {
  const parts = [
    named.zone ? `Zone ${named.zone}` : '',
    named.departement ? `Département ${named.departement}` : '',
    named.metier ? `Métier ${named.metier}` : '',
    query.sexe ? (SEXES.find((s) => s.value === query.sexe)?.label ?? '') : '',
    query.du && query.au
      ? `du ${formatFrenchDay(query.du)} au ${formatFrenchDay(query.au)}`
      : query.du
        ? `depuis le ${formatFrenchDay(query.du)}`
        : query.au
          ? `jusqu’au ${formatFrenchDay(query.au)}`
          : '',
  ].filter(Boolean);
  const session = named.session ?? 'Toutes les sessions';
  return parts.length ? `${session} — ${parts.join(', ')}` : session;
};
