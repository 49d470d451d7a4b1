/** What a statistical report declares: its id, filters, row dimensions, columns, charts and views. */
import type { RouteId } from '../routes/routeTable.js';
import type { StatisticsCube } from './cubes.js';

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
