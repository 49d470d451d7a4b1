import { downloadCSV } from 'react-admin';
import jsonExport from 'jsonexport/dist';
import { cellText, safeText, type ExportTable } from './exportTable';

/** CSV as French spreadsheets read it: `;` between cells, UTF-8 with a BOM so accents survive. */
export const downloadCsv = (table: ExportTable): void => {
  const data = table.rows.map((row) =>
    Object.fromEntries(table.headers.map((header, i) => [header, safeText(cellText(row[i]))])),
  );
  jsonExport(
    data,
    { rowDelimiter: ';', headers: [...table.headers] },
    (error: Error | null, csv: string) => {
      if (error) throw error;
      downloadCSV(`\ufeff${csv}`, table.fileName);
    },
  );
};
