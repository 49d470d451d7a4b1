import { PassThrough, Readable, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { formatDateTimeIn, wallClockIn } from '@examens-pro/domain';
import { officeTimeZone } from '@examens-pro/platform';
import {
  safeText,
  type ExportCell,
  type ExportRow,
  type ExportTable,
  type LabelOf,
} from '@examens-pro/domain';

/**
 * The writers of the list exports: CSV and XLSX, written as rows arrive from the read store, so an
 * export of any size holds one batch of rows in memory, never the whole list.
 */

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD` → `DD/MM/YYYY`. */
const formatDay = (value: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
};

/** The office's time zone (`TIME_ZONE`), read once: exported times are read on its clocks. */
let zone: string | undefined;
const timeZone = (): string => (zone ??= officeTimeZone());

/** An ISO moment as staff read it on screen: `DD/MM/YYYY à HH h MM`, in the office's time zone. */
const formatInstant = (value: string): string => formatDateTimeIn(value, timeZone()) || value;

// No grouping: "100000" and "2,5" are read as numbers by a French spreadsheet, "100 000" is not.
const csvNumbers = new Intl.NumberFormat('fr-FR', {
  maximumFractionDigits: 2,
  useGrouping: false,
});

/**
 * The text of a cell, as the CSV writes it. A text is neutralised (leading apostrophe before
 * = + - @ tab CR); a number is ours, written by us, never a formula.
 */
export const csvText = (cell: ExportCell): string => {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? csvNumbers.format(cell) : '';
  if (typeof cell === 'string') return safeText(cell);
  return 'day' in cell ? formatDay(cell.day) : formatInstant(cell.instant);
};

/** RFC 4180 quoting, with `;` as the separator. */
const csvField = (text: string): string =>
  /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;

const csvLine = (cells: readonly ExportCell[]): string =>
  `${cells.map((cell) => csvField(csvText(cell))).join(';')}\r\n`;

/**
 * A spreadsheet date has no time zone: the wall-clock day and time staff see on screen are written
 * as they are (exceljs reads the Date's UTC fields).
 */
const wallClock = (value: string, withTime: boolean): Date | undefined => {
  const dayOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dayOnly) return new Date(Date.UTC(+dayOnly[1]!, +dayOnly[2]! - 1, +dayOnly[3]!));
  if (Number.isNaN(new Date(value).getTime())) return undefined;
  const clock = wallClockIn(value, timeZone());
  return new Date(
    Date.UTC(
      clock.year,
      clock.month - 1,
      clock.day,
      withTime ? clock.hour : 0,
      withTime ? clock.minute : 0,
    ),
  );
};

const DAY_FORMAT = 'dd/mm/yyyy';
const INSTANT_FORMAT = 'dd/mm/yyyy hh:mm';

/** A cell as the XLSX stores it: numbers as numbers, days and instants as dates, texts neutralised. */
const xlsxCell = (cell: ExportCell): { value: string | number | Date; format?: string } => {
  if (cell === null || cell === undefined) return { value: '' };
  if (typeof cell === 'number') return { value: Number.isFinite(cell) ? cell : '' };
  // exceljs stores text as text, yet a formula-looking text is still prefixed: the file may be
  // re-saved as CSV, and the rule must not depend on the format.
  if (typeof cell === 'string') return { value: safeText(cell) };
  const [raw, withTime] = 'day' in cell ? [cell.day, false] : [cell.instant, true];
  const date = wallClock(raw, withTime);
  return date
    ? { value: date, format: withTime ? INSTANT_FORMAT : DAY_FORMAT }
    : { value: safeText(raw) };
};

/** Where the libellés of referenced items are read: the collection of each referenced resource. */
export type LabelSource = (
  resource: string,
  ids: readonly string[],
) => Promise<Map<string, string>>;

/**
 * The rows of an export as cells, one batch at a time: the libellés each batch refers to are read
 * at once (and remembered for the next batches), never one by one.
 */
export async function* exportBatches(
  table: ExportTable,
  rows: AsyncIterable<ExportRow>,
  labels: LabelSource,
  batchSize = 500,
): AsyncGenerator<ExportCell[][]> {
  const known = new Map<string, Map<string, string>>();
  const labelOf: LabelOf = (resource, id) => known.get(resource)?.get(id);
  const convert = async (batch: ExportRow[]): Promise<ExportCell[][]> => {
    for (const { field, resource } of table.references) {
      const cache = known.get(resource) ?? new Map<string, string>();
      known.set(resource, cache);
      const wanted = new Set<string>();
      for (const row of batch) {
        const value = row[field];
        for (const id of Array.isArray(value) ? value : [value])
          if (typeof id === 'string' && id && !cache.has(id)) wanted.add(id);
      }
      if (wanted.size === 0) continue;
      const found = await labels(resource, [...wanted]);
      // An unknown id is remembered too (shown as the id itself), so it is not asked again.
      for (const id of wanted) cache.set(id, found.get(id) ?? id);
    }
    return batch.map((row) => table.columns.map((column) => column.cell(row, labelOf)));
  };
  let batch: ExportRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= batchSize) {
      yield await convert(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield await convert(batch);
}

/** CSV as French spreadsheets read it: `;` between cells, UTF-8 with a BOM so accents survive. */
export const csvExport = (table: ExportTable, batches: AsyncIterable<ExportCell[][]>): Readable => {
  async function* chunks(): AsyncGenerator<string> {
    yield `\ufeff${csvLine(table.columns.map((column) => column.header))}`;
    for await (const batch of batches) yield batch.map(csvLine).join('');
  }
  return Readable.from(chunks(), { objectMode: false });
};

/** Resolves once `stream` has taken what it was given, or once the response is gone. */
const drained = (stream: Writable, out: Writable): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      out.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    out.on('close', done);
  });

/**
 * Where exceljs hands the sheet's XML to the zip (a readable-stream 2 PassThrough, whose state is
 * only reachable as `_writableState`). exceljs writes on and on into it, ignoring backpressure,
 * while the zip takes it at its own pace: the export waits on it instead.
 */
type ZipInput = Writable & { _writableState?: { length: number; needDrain: boolean } };
const zipInputOf = (sheet: ExcelJS.Worksheet): ZipInput | undefined =>
  (sheet as unknown as { stream?: { pipes?: ZipInput[] } }).stream?.pipes?.[0];

/** Bytes of XML the zip may have waiting: about a batch. */
const ZIP_LAG_BYTES = 1 << 20;
const zipLags = (input: ZipInput | undefined): input is ZipInput =>
  !!input?._writableState?.needDrain && input._writableState.length > ZIP_LAG_BYTES;

/**
 * The same table as an Excel workbook, through exceljs' streaming writer: one sheet, bold header
 * row kept in view, column widths from the header and the first batch. Rows are committed as they
 * come; the next batch is read only once the client has taken the previous one.
 */
export const xlsxExport = (
  table: ExportTable,
  batches: AsyncIterable<ExportCell[][]>,
  onError: (error: unknown) => void,
): Readable => {
  const out = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    workbook.creator = 'Examens Pro';
    workbook.created = new Date();
    const sheet = workbook.addWorksheet('Export', { views: [{ state: 'frozen', ySplit: 1 }] });
    const headers = table.columns.map((column) => column.header);
    let started = false;
    const start = (first: readonly ExportCell[][]) => {
      const widths = headers.map((header) => header.length);
      for (const cells of first)
        cells.map(xlsxCell).forEach((v, i) => {
          const shown = v.format ? v.format.length : String(v.value).length;
          widths[i] = Math.max(widths[i] ?? 0, shown);
        });
      sheet.columns = widths.map((width) => ({ width: Math.min(60, width + 2) }));
      const header = sheet.addRow(headers);
      header.font = { bold: true };
      header.commit();
      started = true;
    };
    for await (const batch of batches) {
      if (out.destroyed) return;
      if (!started) start(batch);
      for (const [n, cells] of batch.entries()) {
        // The zip compresses in later turns of the event loop: give it one every 100 rows.
        if (n > 0 && n % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
        const values = cells.map(xlsxCell);
        const row = sheet.addRow(values.map((v) => v.value));
        values.forEach((v, i) => {
          if (v.format) row.getCell(i + 1).numFmt = v.format;
        });
        row.commit();
      }
      // Then wait while the zip, or the client, lags behind: memory holds about one batch,
      // whatever the length of the list, and other requests are served in between.
      await new Promise((resolve) => setImmediate(resolve));
      const zipInput = zipInputOf(sheet);
      while (zipLags(zipInput) && !out.destroyed) await drained(zipInput, out);
      while (out.writableNeedDrain && !out.destroyed) await drained(out, out);
    }
    if (!started) start([]);
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
};

export const EXPORT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** `<resource>-<DD-MM-YYYY>.<format>`, the day of the export in the office's time zone. */
export const exportFileName = (
  resource: string,
  format: keyof typeof EXPORT_TYPES,
  now = new Date(),
) => {
  const today = wallClockIn(now, timeZone());
  return `${resource}-${pad(today.day)}-${pad(today.month)}-${today.year}.${format}`;
};

/**
 * A table sent as a download, the same way by every export route: CSV or XLSX streamed by
 * batches, named `<name>-<date>.<format>`, never cached, its name readable by the screen; an XLSX
 * export cut short is logged, the client seeing a truncated file rather than a hanging one.
 */
export const sendTableExport = (
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  format: 'csv' | 'xlsx',
  table: ExportTable,
  rows: AsyncIterable<ExportRow>,
  labels: LabelSource,
) => {
  const batches = exportBatches(table, rows, labels);
  reply
    .type(EXPORT_TYPES[format])
    .header('Content-Disposition', `attachment; filename="${exportFileName(name, format)}"`)
    .header('Cache-Control', 'no-store')
    .header('Access-Control-Expose-Headers', 'Content-Disposition, X-Position-Reached');
  return reply.send(
    format === 'csv'
      ? csvExport(table, batches)
      : xlsxExport(table, batches, (error) =>
          request.log.error({ err: error }, `export ${name} interrompu`),
        ),
  );
};
