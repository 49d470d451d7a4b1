import DownloadIcon from '@mui/icons-material/GetApp';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import TableViewIcon from '@mui/icons-material/TableView';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  TablePagination,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { FRENCH_TABLE_PAGINATION } from '../../kit/frenchPagination';
import { download } from '../ExportButtons';

/**
 * One report screen's frame: its title, what it shows, its filters (the session first), its
 * exports, then the error, the empty notice or the progress, and its result (table, chart,
 * pagination). Each report declares its slots; the frame is the same on every one.
 */
export const ReportLayout = ({
  title,
  description,
  filters,
  exports,
  error,
  notice,
  loading,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** The filters bar's fields, the session's first. */
  filters: ReactNode;
  /** The export buttons (ReportExports). */
  exports: ReactNode;
  error?: string;
  /** Said instead of a result: no session to choose from. */
  notice?: string | false;
  loading: boolean;
  /** The result: table, chart, pagination. */
  children?: ReactNode;
}) => (
  <Box sx={{ mt: 1 }}>
    <Title title={title} />
    <Card>
      <CardContent>
        {description ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {description}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
          {filters}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
          {exports}
        </Stack>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {notice ? <Typography>{notice}</Typography> : null}
        {loading && !error ? <LinearProgress /> : null}
        {children}
      </CardContent>
    </Card>
  </Box>
);

const FORMATS = [
  { format: 'csv', label: 'Exporter (CSV)', icon: <DownloadIcon /> },
  { format: 'xlsx', label: 'Exporter (XLSX)', icon: <TableViewIcon /> },
  { format: 'pdf', label: 'Exporter (PDF)', icon: <PictureAsPdfIcon /> },
] as const;

/**
 * A report's exports, as the server writes them (`<base>/export.<format>?<query>`, the same
 * filters as the screen's), in the order CSV, XLSX, PDF; `children` follow (a PDF the workers
 * make).
 */
export const ReportExports = ({
  base,
  formats,
  query,
  disabled,
  children,
}: {
  /** The report's API address (`/api/bilan-pieces`). */
  base: string;
  formats: readonly ('csv' | 'xlsx' | 'pdf')[];
  query: string;
  disabled: boolean;
  children?: ReactNode;
}) => (
  <>
    {FORMATS.filter((f) => formats.includes(f.format)).map((f) => (
      <Button
        key={f.format}
        startIcon={f.icon}
        onClick={() => download(`${base}/export.${f.format}?${query}`)}
        disabled={disabled}
      >
        {f.label}
      </Button>
    ))}
    {children}
  </>
);

/** A paged report's pagination (`page` from 0), in French. */
export const ReportPagination = ({
  count,
  page,
  perPage,
  onPage,
  onPerPage,
}: {
  count: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}) => (
  <TablePagination
    component="div"
    count={count}
    page={page}
    onPageChange={(_, next) => onPage(next)}
    rowsPerPage={perPage}
    rowsPerPageOptions={[25, 50, 100, 250]}
    onRowsPerPageChange={(e) => onPerPage(Number(e.target.value))}
    {...FRENCH_TABLE_PAGINATION}
  />
);
