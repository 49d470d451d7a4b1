/**
 * A report's rows and totals from the groups of cells, and how they print: on screen, in the PDF,
 * in the spreadsheet.
 */
import { formatFrenchDay } from '../core/frenchFormat.js';
import type { ExportColumn, ExportTable } from '../exports/exports.js';
import { formatRate, percentOf } from '../admission/admissionStats.js';
import {
  CANDIDATURE_STATUS_LABELS,
  CANDIDATURE_STATUSES,
  formatFcfa,
} from '../registration/candidature.js';
import { SEXES } from '../registration/identity.js';
import type { StatisticsCube } from './cubes.js';
import { viewColumns, viewOf } from './reportDeclarations.js';
import type { ReportQuery } from './reportQuery.js';
import type { ReportDeclaration, ReportId, RowDimension, ValueFormat } from './reportTypes.js';

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
