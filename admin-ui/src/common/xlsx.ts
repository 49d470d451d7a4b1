import dayjs from 'dayjs';
import { downloadBlob, safeText, type ExportCell, type ExportTable } from './exportTable';
import { importWithReload } from './version';

/**
 * exceljs weighs ~250 kB gzipped: it comes with its own chunk at the first XLSX export, never
 * with the dashboard (a chunk gone after a deployment reloads the page once, like the screens).
 */
const loadExcel = importWithReload(async () => {
  const module = await import('exceljs');
  // The browser build is CommonJS: its exports arrive as `default` once bundled.
  return (module as unknown as { default?: typeof module }).default ?? module;
});

/**
 * A spreadsheet date has no time zone: the wall-clock day and time staff saw on screen are written
 * as they are (exceljs reads the Date's UTC fields).
 */
const wallClock = (value: string, withTime: boolean): Date | string => {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(`${value}T00:00:00`) : dayjs(value);
  if (!d.isValid()) return value;
  return new Date(
    Date.UTC(d.year(), d.month(), d.date(), withTime ? d.hour() : 0, withTime ? d.minute() : 0),
  );
};

const DAY_FORMAT = 'dd/mm/yyyy';
const INSTANT_FORMAT = 'dd/mm/yyyy hh:mm';

const cellValue = (cell: ExportCell): { value: string | number | Date; format?: string } => {
  if (cell === null || cell === undefined) return { value: '' };
  if (typeof cell === 'number') return { value: Number.isFinite(cell) ? cell : '' };
  // exceljs stores text as text, yet a formula-looking text is still prefixed: the file may be
  // re-saved as CSV, and the rule must not depend on the format (same as the CSV export).
  if (typeof cell === 'string') return { value: safeText(cell) };
  if ('day' in cell) return { value: wallClock(cell.day, false), format: DAY_FORMAT };
  return { value: wallClock(cell.instant, true), format: INSTANT_FORMAT };
};

/** The same table as the CSV, as an Excel workbook: one sheet, bold header row kept in view. */
export const downloadXlsx = async (table: ExportTable): Promise<void> => {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Examens Pro';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Export', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...table.headers]).font = { bold: true };
  const widths = table.headers.map((header) => header.length);
  for (const cells of table.rows) {
    const values = cells.map(cellValue);
    const row = sheet.addRow(values.map((v) => v.value));
    values.forEach((v, i) => {
      if (v.format) row.getCell(i + 1).numFmt = v.format;
      const shown = v.format ? v.format.length : String(v.value).length;
      widths[i] = Math.max(widths[i] ?? 0, shown);
    });
  }
  sheet.columns.forEach((column, i) => {
    column.width = Math.min(60, (widths[i] ?? 10) + 2);
  });
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(
    new Blob([buffer], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    `${table.fileName}.xlsx`,
  );
};
