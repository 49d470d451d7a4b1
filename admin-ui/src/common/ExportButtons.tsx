import TableViewIcon from '@mui/icons-material/TableView';
import { useMemo } from 'react';
import { ExportButton, type RaRecord } from 'react-admin';
import { downloadCsv } from './csv';
import { exporterOf, type TableOf } from './exportTable';
import { downloadXlsx } from './xlsx';

/**
 * A list screen's two exports, same records (the list's filters and sort, up to 1,000 lines) and
 * same columns: CSV for any tool, XLSX for spreadsheets that should see numbers and dates as such.
 */
export const ExportButtons = <T extends RaRecord>({ table }: { table: TableOf<T> }) => {
  const csv = useMemo(() => exporterOf(table, downloadCsv), [table]);
  const xlsx = useMemo(() => exporterOf(table, downloadXlsx), [table]);
  return (
    <>
      <ExportButton maxResults={1000} exporter={csv} label="Exporter (CSV)" />
      <ExportButton
        maxResults={1000}
        exporter={xlsx}
        label="Exporter (XLSX)"
        icon={<TableViewIcon />}
      />
    </>
  );
};
