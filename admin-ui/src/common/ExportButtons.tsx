import DownloadIcon from '@mui/icons-material/GetApp';
import TableViewIcon from '@mui/icons-material/TableView';
import { Button, useListContext } from 'react-admin';
import { apiResource } from '../dashboard/dataProvider';

/**
 * The address of a list's export: the list's own filters (those typed and the screen's fixed ones)
 * and sort, in the list route's dialect. The server writes every row, not a page.
 */
export const exportUrl = (
  resource: string,
  format: 'csv' | 'xlsx',
  filter: Record<string, unknown>,
  sort: { field: string; order: string } | undefined,
): string => {
  const params = new URLSearchParams({ filter: JSON.stringify(filter) });
  if (sort?.field) params.set('sort', JSON.stringify([sort.field, sort.order]));
  return `/api/${apiResource(resource)}/export.${format}?${params.toString()}`;
};

/**
 * The file arrives as the server writes it (a same-origin link: the session cookie goes with it),
 * straight to the downloads, whatever its size; its name comes from the server.
 */
export const download = (url: string): void => {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
};

/**
 * A list screen's two exports, same rows (every row matching the list's filters, in its order) and
 * same columns: CSV for any tool, XLSX for spreadsheets that should see numbers and dates as such.
 * Both are written by the query service (`GET /api/<resource>/export.csv|xlsx`).
 */
export const ExportButtons = () => {
  const { resource, filter, filterValues, sort, total } = useListContext();
  const url = (format: 'csv' | 'xlsx') =>
    exportUrl(resource, format, { ...filterValues, ...filter }, sort);
  const disabled = total === 0;
  return (
    <>
      <Button label="Exporter (CSV)" onClick={() => download(url('csv'))} disabled={disabled}>
        <DownloadIcon />
      </Button>
      <Button label="Exporter (XLSX)" onClick={() => download(url('xlsx'))} disabled={disabled}>
        <TableViewIcon />
      </Button>
    </>
  );
};
