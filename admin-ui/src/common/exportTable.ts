import type { Exporter, FetchRelatedRecords, RaRecord } from 'react-admin';
import { formatDate, formatDateTime } from './format';

/**
 * One cell of an export, typed so that each format writes it as its readers expect: numbers stay
 * numbers (a spreadsheet sums them), days and instants are dates, not text to re-parse.
 */
export type ExportCell =
  string | number | null | undefined | { readonly day: string } | { readonly instant: string };

/** A day (`YYYY-MM-DD`): DD/MM/YYYY. */
export const day = (value: string | null | undefined): ExportCell => (value ? { day: value } : '');

/** A moment (ISO timestamp): DD/MM/YYYY à HH h mm in the CSV, a date and time in the XLSX. */
export const instant = (value: string | null | undefined): ExportCell =>
  value ? { instant: value } : '';

export type ExportColumns<T> = Record<string, (row: T) => ExportCell>;

/** What a list screen exports, whatever the format: the same headers and values for both. */
export interface ExportTable {
  readonly headers: readonly string[];
  readonly rows: readonly (readonly ExportCell[])[];
  /** Without extension. */
  readonly fileName: string;
}

export const exportTable = <T>(
  records: readonly T[],
  columns: ExportColumns<T>,
  fileName: string,
): ExportTable => ({
  headers: Object.keys(columns),
  rows: records.map((record) => Object.values(columns).map((value) => value(record))),
  fileName,
});

/** A screen's export: its records (and related ones, fetched here) turned into a table. */
export type TableOf<T> = (
  records: T[],
  fetchRelatedRecords: FetchRelatedRecords,
) => ExportTable | Promise<ExportTable>;

/** react-admin's exporter for one format, fed by the screen's table. */
export const exporterOf =
  <T extends RaRecord>(
    tableOf: TableOf<T>,
    write: (table: ExportTable) => void | Promise<void>,
  ): Exporter<T> =>
  async (records, fetchRelatedRecords) =>
    write(await tableOf(records, fetchRelatedRecords));

// No grouping: "100000" and "2,5" are read as numbers by a French spreadsheet, "100 000" is not.
const csvNumbers = new Intl.NumberFormat('fr-FR', {
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** The text of a cell, as the CSV writes it. */
export const cellText = (cell: ExportCell): string => {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? csvNumbers.format(cell) : '';
  if (typeof cell === 'string') return cell;
  return 'day' in cell ? formatDate(cell.day) : formatDateTime(cell.instant);
};

/**
 * A text a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is written
 * with a leading apostrophe: an exported list can never execute anything when opened.
 */
export const safeText = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

/** Saves a file the browser made (the same way react-admin's CSV download does). */
export const downloadBlob = (blob: Blob, fileName: string): void => {
  const link = document.createElement('a');
  link.style.display = 'none';
  document.body.appendChild(link);
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(link.href);
    link.remove();
  }, 0);
};
