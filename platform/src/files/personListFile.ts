import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import yauzl from 'yauzl';
import {
  PERSON_LIST_COLUMNS,
  PERSON_LIST_OPTIONAL_COLUMNS,
  ValidationError,
  type PersonListColumn,
  type PersonRow,
} from '@examens-pro/domain';

/** What a list may weigh and hold (domain.md: 50,000 rows; 10 MB sent). */
export const PERSON_LIST_MAX_BYTES = 10 * 1024 * 1024;
export const PERSON_LIST_MAX_ROWS = 50_000;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An XLSX is a zip: checked from its directory before anything is inflated. */
const XLSX_MAX_ENTRIES = 2_000;
const XLSX_MAX_UNCOMPRESSED = 200 * 1024 * 1024;
const XLSX_MAX_RATIO = 200;

export interface ListRow {
  /** The sheet's row (the header is row 1). */
  readonly ligne: number;
  readonly values: PersonRow;
}

export interface ReadList {
  readonly format: 'csv' | 'xlsx';
  readonly rows: readonly ListRow[];
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

const KNOWN: readonly string[] = [...PERSON_LIST_COLUMNS, ...PERSON_LIST_OPTIONAL_COLUMNS];

/** The header's columns, in the file's order; a missing or unknown column is a French error. */
const columnsOf = (header: readonly string[]): (PersonListColumn | null)[] => {
  const names = header.map((cell) => columnName(cell));
  const unknown = names.filter((name) => name !== '' && !KNOWN.includes(name));
  if (unknown.length > 0)
    throw unreadable(
      `Colonne${unknown.length > 1 ? 's' : ''} inconnue${unknown.length > 1 ? 's' : ''} : ${unknown.join(', ')}. Colonnes attendues : ${PERSON_LIST_COLUMNS.join(', ')} (facultatives : ${PERSON_LIST_OPTIONAL_COLUMNS.join(', ')}).`,
    );
  const missing = PERSON_LIST_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0)
    throw unreadable(
      `Colonne${missing.length > 1 ? 's' : ''} manquante${missing.length > 1 ? 's' : ''} : ${missing.join(', ')}.`,
    );
  const twice = names.filter((name, i) => name !== '' && names.indexOf(name) !== i);
  if (twice.length > 0) throw unreadable(`Colonne en double : ${twice.join(', ')}.`);
  return names.map((name) => (name === '' ? null : (name as PersonListColumn)));
};

const tooMany = () =>
  unreadable(
    `La liste compte plus de ${new Intl.NumberFormat('fr-FR').format(PERSON_LIST_MAX_ROWS)} lignes : découpez-la en plusieurs fichiers.`,
  );

const rowOf = (columns: readonly (PersonListColumn | null)[], cells: readonly string[]) => {
  const values: PersonRow = {};
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

const readCsv = (bytes: Buffer): ListRow[] => {
  const text = decodeListText(bytes);
  const parsed = Papa.parse<string[]>(text, {
    delimitersToGuess: [';', ',', '\t'],
    skipEmptyLines: false,
  });
  const records = parsed.data;
  if (records.length === 0 || isBlank(records[0] ?? []))
    throw unreadable('Le fichier est vide : la première ligne doit nommer les colonnes.');
  const columns = columnsOf(records[0]!);
  const rows: ListRow[] = [];
  for (let i = 1; i < records.length; i += 1) {
    const cells = records[i]!;
    if (isBlank(cells)) continue;
    if (rows.length >= PERSON_LIST_MAX_ROWS) throw tooMany();
    rows.push({ ligne: i + 1, values: rowOf(columns, cells) });
  }
  return rows;
};

/** Zip bombs are refused from the central directory: entries, sizes and ratios, nothing inflated. */
const checkZipDirectory = (bytes: Buffer): Promise<void> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip)
        return reject(unreadable('Le fichier n’est pas un classeur XLSX lisible.'));
      let entries = 0;
      let total = 0;
      const tooBig = unreadable(
        'Ce classeur est anormalement volumineux une fois décompressé : il est refusé.',
      );
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (
          entries > XLSX_MAX_ENTRIES ||
          total > XLSX_MAX_UNCOMPRESSED ||
          (entry.uncompressedSize > 1024 * 1024 && ratio > XLSX_MAX_RATIO)
        ) {
          zip.close();
          return reject(tooBig);
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', () => reject(unreadable('Le fichier n’est pas un classeur XLSX lisible.')));
      zip.readEntry();
    });
  });

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

const readXlsx = async (bytes: Buffer): Promise<ListRow[]> => {
  await checkZipDirectory(bytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows: ListRow[] = [];
  let columns: (PersonListColumn | null)[] | undefined;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
        if (!columns) {
          if (row.number !== 1 || isBlank(values))
            throw unreadable('La première ligne de la feuille doit nommer les colonnes.');
          columns = columnsOf(values);
          continue;
        }
        if (isBlank(values)) continue;
        if (rows.length >= PERSON_LIST_MAX_ROWS) throw tooMany();
        rows.push({ ligne: row.number, values: rowOf(columns, values) });
      }
      break; // The first sheet only.
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw unreadable('Le fichier n’est pas un classeur XLSX lisible.');
  }
  if (!columns)
    throw unreadable('Le classeur est vide : la première ligne doit nommer les colonnes.');
  return rows;
};

/**
 * A list of persons from the bytes sent, CSV or XLSX recognised from the bytes themselves (an XLSX
 * is a zip): its rows as texts, numbered as the sheet numbers them. A French error when it cannot
 * be read as a list (columns, size, format); the rows' own rules are the domain's.
 */
export const readPersonList = async (bytes: Buffer): Promise<ReadList> => {
  if (bytes.length === 0) throw unreadable('Le fichier est vide.');
  if (bytes.length > PERSON_LIST_MAX_BYTES)
    throw unreadable('Le fichier dépasse 10 Mo : découpez la liste en plusieurs fichiers.');
  const zip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
  if (zip) return { format: 'xlsx', rows: await readXlsx(bytes) };
  if (bytes.includes(0))
    throw unreadable('Le fichier doit être une liste CSV ou un classeur XLSX.');
  return { format: 'csv', rows: readCsv(bytes) };
};
