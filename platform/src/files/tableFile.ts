import { Readable, Transform } from 'node:stream';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import yauzl from 'yauzl';
import { FileTooLargeError, ValidationError } from '@examens-pro/domain/kernel';

/** What a list may weigh and hold (50,000 rows; 10 MB sent). */
export const PERSON_LIST_MAX_BYTES = 10 * 1024 * 1024;
export const PERSON_LIST_MAX_ROWS = 50_000;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * An XLSX is a zip: what it declares is checked before anything is inflated, and what is inflated
 * is counted as it is read, whatever it declared. A list of 50,000 rows inflates to about 30 MB
 * (22 MB of sheet, 7 MB of shared strings): the budgets leave it three times that.
 */
const XLSX_MAX_ENTRIES = 2_000;
export const XLSX_MAX_INFLATED_BYTES = 100 * 1024 * 1024;
/** The shared strings are held in memory whole while the sheet is read. */
const XLSX_MAX_SHARED_STRINGS_BYTES = 32 * 1024 * 1024;
const XLSX_MAX_RATIO = 200;

export interface TableRow<C extends string> {
  /** The sheet's row (the header is row 1). */
  readonly ligne: number;
  readonly values: Partial<Record<C, string>>;
}

export interface ReadTable<C extends string> {
  readonly format: 'csv' | 'xlsx';
  readonly rows: readonly TableRow<C>[];
}

/** The columns a table file must, and may, have; other names its headers give them. */
export interface TableSpec<C extends string> {
  readonly columns: readonly C[];
  readonly optional?: readonly C[];
  readonly aliases?: Readonly<Record<string, C>>;
  readonly maxRows: number;
}

const unreadable = (message: string) => new ValidationError(message, { fichier: message });

/** « Prénoms », « DATE NAISSANCE », « lieu-naissance » → prenoms, date_naissance, lieu_naissance. */
const columnName = (header: string): string =>
  header
    .replace(/^\uFEFF/, '')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The header's columns, in the file's order; a missing or unknown column is a French error. */
const columnsOf = <C extends string>(
  spec: TableSpec<C>,
  header: readonly string[],
): (C | null)[] => {
  const known: readonly string[] = [...spec.columns, ...(spec.optional ?? [])];
  const names = header.map((cell) => {
    const name = columnName(cell).replace(/[’']/g, '_');
    // Its own aliases only: a column named `constructor` is unknown, not Object's.
    return spec.aliases && Object.hasOwn(spec.aliases, name) ? spec.aliases[name]! : name;
  });
  const unknown = names.filter((name) => name !== '' && !known.includes(name));
  if (unknown.length > 0)
    throw unreadable(
      `Colonne${unknown.length > 1 ? 's' : ''} inconnue${unknown.length > 1 ? 's' : ''} : ${unknown.join(', ')}. Colonnes attendues : ${spec.columns.join(', ')}${spec.optional?.length ? ` (facultatives : ${spec.optional.join(', ')})` : ''}.`,
    );
  const missing = spec.columns.filter((column) => !names.includes(column));
  if (missing.length > 0)
    throw unreadable(
      `Colonne${missing.length > 1 ? 's' : ''} manquante${missing.length > 1 ? 's' : ''} : ${missing.join(', ')}.`,
    );
  const twice = names.filter((name, i) => name !== '' && names.indexOf(name) !== i);
  if (twice.length > 0) throw unreadable(`Colonne en double : ${twice.join(', ')}.`);
  return names.map((name) => (name === '' ? null : (name as C)));
};

const tooMany = (maxRows: number) =>
  unreadable(
    `La liste compte plus de ${new Intl.NumberFormat('fr-FR').format(maxRows)} lignes : découpez-la en plusieurs fichiers.`,
  );

const rowOf = <C extends string>(columns: readonly (C | null)[], cells: readonly string[]) => {
  const values: Partial<Record<C, string>> = {};
  columns.forEach((column, i) => {
    if (column) values[column] = cells[i] ?? '';
  });
  return values;
};

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Text as French Excel writes it: UTF-8 (with or without BOM) when the bytes are valid UTF-8,
 * else Windows-1252 (« é », « œ », « ’ »).
 */
export const decodeListText = (bytes: Buffer): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'windows-1252');
  }
};

const readCsv = <C extends string>(spec: TableSpec<C>, bytes: Buffer): TableRow<C>[] => {
  const text = decodeListText(bytes);
  const parsed = Papa.parse<string[]>(text, {
    delimitersToGuess: [';', ',', '\t'],
    skipEmptyLines: false,
  });
  const records = parsed.data;
  if (records.length === 0 || isBlank(records[0] ?? []))
    throw unreadable('Le fichier est vide : la première ligne doit nommer les colonnes.');
  const columns = columnsOf(spec, records[0]!);
  const rows: TableRow<C>[] = [];
  for (let i = 1; i < records.length; i += 1) {
    const cells = records[i]!;
    if (isBlank(cells)) continue;
    if (rows.length >= spec.maxRows) throw tooMany(spec.maxRows);
    rows.push({ ligne: i + 1, values: rowOf(columns, cells) });
  }
  return rows;
};

const notAWorkbook = () => unreadable('Le fichier n’est pas un classeur XLSX lisible.');

/** « Ce classeur dépasse 100 Mo une fois décompressé » : the 400 `fichier-trop-volumineux`. */
const tooBigOnceInflated = () =>
  new FileTooLargeError(
    `Ce classeur dépasse ${XLSX_MAX_INFLATED_BYTES / (1024 * 1024)} Mo une fois décompressé : il est refusé. Enregistrez la liste seule, sans autre feuille ni image, ou découpez-la en plusieurs fichiers.`,
  );

/**
 * The zip's directory: its entries by name (the first of a name), once refused at once when what it
 * declares is already too much (entries, sizes, ratios). What it declares is only believed to refuse:
 * what is read is counted while it is inflated (`inflated`).
 */
const zipDirectory = (bytes: Buffer): Promise<{ zip: yauzl.ZipFile; entries: yauzl.Entry[] }> =>
  new Promise((resolve, reject) => {
    // Sizes are checked by the counting below (a lying entry is refused as too big, not unreadable).
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: false }, (error, zip) => {
      if (error || !zip) return reject(notAWorkbook());
      const entries: yauzl.Entry[] = [];
      let total = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (
          entries.length >= XLSX_MAX_ENTRIES ||
          total > XLSX_MAX_INFLATED_BYTES ||
          (entry.uncompressedSize > 1024 * 1024 && ratio > XLSX_MAX_RATIO)
        ) {
          zip.close();
          return reject(tooBigOnceInflated());
        }
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve({ zip, entries }));
      zip.on('error', () => reject(notAWorkbook()));
      zip.readEntry();
    });
  });

/** What has been inflated so far of one workbook, against its budget. */
interface InflateBudget {
  used: number;
}

/**
 * An entry's bytes as they are inflated, counted: past what its directory declared (the zip lies)
 * or past the workbook's budget, the stream fails with `fichier-trop-volumineux` and inflates no
 * more. `limit` lowers the budget for an entry held whole in memory (the shared strings).
 */
const inflated = async (
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: InflateBudget,
  limit = XLSX_MAX_INFLATED_BYTES,
): Promise<Readable> => {
  const raw = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(notAWorkbook()) : resolve(stream),
    ),
  );
  let read = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      budget.used += chunk.length;
      if (read > entry.uncompressedSize || read > limit || budget.used > XLSX_MAX_INFLATED_BYTES) {
        raw.destroy();
        return done(tooBigOnceInflated());
      }
      done(null, chunk);
    },
  });
  raw.on('error', (error) =>
    counted.destroy(error instanceof FileTooLargeError ? error : notAWorkbook()),
  );
  return raw.pipe(counted);
};

/** ExcelJS's streaming reader, fed part by part (its parsers of each part, in the order we choose). */
interface WorkbookParts {
  sharedStrings?: unknown[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(
    iterator: AsyncIterable<unknown>,
    sheetNo: string,
  ): Generator<{ eventType: string; value: unknown }>;
}

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * The first worksheet's rows, read part by part from the zip's directory (never from the local
 * headers a stream would trust): the workbook's relations, the workbook, its shared strings and
 * styles, then the sheet, each inflated through `inflated` (counted). Nothing is written anywhere.
 */
async function* xlsxRows(bytes: Buffer): AsyncGenerator<ExcelJS.Row> {
  const { zip, entries } = await zipDirectory(bytes);
  const byName = new Map<string, yauzl.Entry>();
  for (const entry of entries) if (!byName.has(entry.fileName)) byName.set(entry.fileName, entry);
  const budget: InflateBudget = { used: 0 };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as WorkbookParts;
  const part = (name: string, limit?: number) => {
    const entry = byName.get(name);
    return entry ? inflated(zip, entry, budget, limit) : undefined;
  };
  try {
    const rels = await part('xl/_rels/workbook.xml.rels');
    if (rels) await reader._parseRels(rels);
    const workbook = await part('xl/workbook.xml');
    if (workbook) await reader._parseWorkbook(workbook);
    const strings = await part('xl/sharedStrings.xml', XLSX_MAX_SHARED_STRINGS_BYTES);
    if (strings) for await (const _ of reader._parseSharedStrings(strings));
    const styles = await part('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);
    const sheet = entries.find((entry) => SHEET.test(entry.fileName));
    if (!sheet) return;
    const stream = await inflated(zip, sheet, budget);
    for (const { eventType, value } of reader._parseWorksheet(
      stream,
      SHEET.exec(sheet.fileName)![1]!,
    ))
      if (eventType === 'worksheet') yield* value as AsyncIterable<ExcelJS.Row>;
  } finally {
    zip.close();
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/** A cell as the list's text: dates DD/MM/YYYY, numbers without exponent, rich texts joined. */
const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return `${two(value.getUTCDate())}/${two(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  if (typeof value === 'number')
    return Number.isInteger(value)
      ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 })
      : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
};

const readXlsx = async <C extends string>(
  spec: TableSpec<C>,
  bytes: Buffer,
): Promise<TableRow<C>[]> => {
  const rows: TableRow<C>[] = [];
  let columns: (C | null)[] | undefined;
  try {
    for await (const row of xlsxRows(bytes)) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
      if (!columns) {
        if (row.number !== 1 || isBlank(values))
          throw unreadable('La première ligne de la feuille doit nommer les colonnes.');
        columns = columnsOf(spec, values);
        continue;
      }
      if (isBlank(values)) continue;
      if (rows.length >= spec.maxRows) throw tooMany(spec.maxRows);
      rows.push({ ligne: row.number, values: rowOf(columns, values) });
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw notAWorkbook();
  }
  if (!columns)
    throw unreadable('Le classeur est vide : la première ligne doit nommer les colonnes.');
  return rows;
};

/**
 * A table from the bytes sent, CSV or XLSX recognised from the bytes themselves (an XLSX is a zip):
 * its rows as texts, numbered as the sheet numbers them. A French error when it cannot be read as
 * such a table (columns, size, format); the rows' own rules are the domain's.
 */
export const readTableFile = async <C extends string>(
  spec: TableSpec<C>,
  bytes: Buffer,
): Promise<ReadTable<C>> => {
  if (bytes.length === 0) throw unreadable('Le fichier est vide.');
  if (bytes.length > PERSON_LIST_MAX_BYTES)
    throw unreadable('Le fichier dépasse 10 Mo : découpez la liste en plusieurs fichiers.');
  const zip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
  if (zip) return { format: 'xlsx', rows: await readXlsx(spec, bytes) };
  if (bytes.includes(0))
    throw unreadable('Le fichier doit être une liste CSV ou un classeur XLSX.');
  return { format: 'csv', rows: readCsv(spec, bytes) };
};
