import { downloadCSV } from 'react-admin';
import jsonExport from 'jsonexport/dist';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is written
 * with a leading apostrophe: an exported list can never execute anything when opened.
 */
export const safeCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

/** CSV as French spreadsheets read it: `;` between cells, UTF-8 with a BOM so accents survive. */
export const exportCsv = <T>(
  rows: readonly T[],
  columns: Record<string, (row: T) => unknown>,
  fileName: string,
): void => {
  const data = rows.map((row) =>
    Object.fromEntries(
      Object.entries(columns).map(([header, value]) => [header, safeCell(value(row))]),
    ),
  );
  jsonExport(
    data,
    { rowDelimiter: ';', headers: Object.keys(columns) },
    (error: Error | null, csv: string) => {
      if (error) throw error;
      downloadCSV(`\ufeff${csv}`, fileName);
    },
  );
};
