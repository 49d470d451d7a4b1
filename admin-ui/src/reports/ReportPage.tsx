import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import TableViewIcon from '@mui/icons-material/TableView';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/fr';
import { useEffect, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  REPORT_PARAMETERS,
  SEXES,
  formatReportValue,
  reportOfRoute,
  viewOf,
  type ReportDeclaration,
  type ReportFilter,
  type ReportResult,
} from '@examens-pro/domain';
import { apiJson } from '../common/api';
import { download } from '../common/ExportButtons';
import { formatNumber } from '../common/format';
import { FRENCH_TABLE_PAGINATION } from '../kit/frenchPagination';
import { FilterSelect, WITHIN_PAGE, type Named } from '../resources/allocation/shared';
import { ReportChart } from './ReportChart';

const API = '/api/rapports';

interface Choices {
  sessions: (Named & { ouverte: boolean })[];
  parDefaut: string | null;
  zones: Named[];
  departements: (Named & { zoneId: string })[];
  metiers: Named[];
}

/** Every query parameter a report reads from the address (its filters, view and page). */
const PARAMETERS = ['vue', ...Object.values(REPORT_PARAMETERS).flat(), 'page', 'parPage'];

const STORED = 'YYYY-MM-DD';

/** A day of the period, typed and shown DD/MM/YYYY (MUI X's picker, in French). */
const DayFilter = ({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
}) => (
  <DatePicker
    label={label}
    format="DD/MM/YYYY"
    value={value && dayjs(value, STORED).isValid() ? dayjs(value, STORED) : null}
    onChange={(next: Dayjs | null) => {
      // A day still being typed (its year 0002, 0020, 0202…) filters nothing yet.
      if (next === null) onChange('');
      else if (next.isValid() && next.year() >= 1900) onChange(next.format(STORED));
    }}
    slotProps={{
      // As the other filters: filled.
      textField: { variant: 'filled', sx: { width: 180 } },
      field: { clearable: true },
    }}
  />
);

/**
 * One screen for the seven « Rapports statistiques », drawn from the report's declaration: its
 * filters (session, zone, département, métier, sexe, period DD/MM/YYYY, each only where it
 * applies), « Par » (the rows), the table with its totals, the chart, and the exports (XLSX, PDF).
 * The filters live in the address: a link (the home's figures) opens the report so filtered.
 */
export const ReportPage = ({ report }: { report: ReportDeclaration }) => {
  const [params, setParams] = useSearchParams();
  const [choices, setChoices] = useState<Choices>();
  const [result, setResult] = useState<ReportResult>();
  const [error, setError] = useState<string>();
  const get = (name: string) => params.get(name) ?? '';
  const view = viewOf(report, get('vue') || undefined);
  const applies = (filter: ReportFilter) =>
    report.filters.includes(filter) && !view.ignores?.includes(filter);

  /** Changes some parameters (empty: removed), back to the first page. */
  const change = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    let current = true;
    apiJson<Choices>(`${API}/choix`)
      .then((found) => {
        if (!current) return;
        setChoices(found);
        if (!params.get('sessionId') && found.parDefaut && applies('session'))
          change({ sessionId: found.parDefaut });
      })
      .catch((e: Error) => current && setError(e.message));
    return () => {
      current = false;
    };
    // Once per screen: the choices do not depend on the filters.
  }, []);

  // The query the server reads: the parameters that apply in this view.
  const query = useMemo(() => {
    const sent = new URLSearchParams();
    for (const name of PARAMETERS) {
      const value = params.get(name);
      if (!value) continue;
      const filter = (Object.keys(REPORT_PARAMETERS) as ReportFilter[]).find((f) =>
        REPORT_PARAMETERS[f].includes(name),
      );
      if (filter && !applies(filter)) continue;
      sent.set(name, value);
    }
    return sent.toString();
    // `applies` reads the view, which the parameters give.
  }, [params, report]);
  const ready = !applies('session') || !!params.get('sessionId');

  useEffect(() => {
    if (!ready) return;
    let current = true;
    setError(undefined);
    apiJson<ReportResult>(`${API}/${report.id}?${query}`)
      .then((found) => current && setResult(found))
      .catch((e: Error) => current && setError(e.message));
    return () => {
      current = false;
    };
  }, [query, ready, report.id]);

  const shown =
    result && result.rapport === report.id && result.vue === view.key ? result : undefined;
  const departements = (choices?.departements ?? []).filter(
    (d) => !get('zoneId') || d.zoneId === get('zoneId'),
  );
  const label = view.label.toLowerCase();
  const rows = shown ? [...shown.lignes, shown.total] : [];
  const empty = !shown || shown.lignes.length === 0;
  const page = Math.max(1, Number(get('page')) || 1);
  const perPage = Number(get('parPage')) || 50;

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={report.title} />
      <Card>
        <CardContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {report.description}
          </Typography>
          <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
            {report.filters.includes('session') ? (
              <TextField
                select
                fullWidth={false}
                label="Session"
                value={
                  applies('session') && choices?.sessions.some((s) => s.id === get('sessionId'))
                    ? get('sessionId')
                    : ''
                }
                onChange={(e) => change({ sessionId: e.target.value })}
                disabled={!applies('session')}
                helperText={applies('session') ? undefined : 'Toutes les sessions'}
                sx={{ minWidth: 220 }}
              >
                {(choices?.sessions ?? []).map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.libelle}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            {report.views.length > 1 ? (
              <TextField
                select
                fullWidth={false}
                label="Par"
                value={view.key}
                onChange={(e) => change({ vue: e.target.value })}
                sx={{ minWidth: 200 }}
              >
                {report.views.map((v) => (
                  <MenuItem key={v.key} value={v.key}>
                    {v.label}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            {applies('zone') ? (
              <FilterSelect
                label="Zone"
                value={get('zoneId')}
                onChange={(zoneId) => change({ zoneId, departementId: '' })}
                items={choices?.zones ?? []}
                all="Toutes"
                minWidth={170}
              />
            ) : null}
            {applies('departement') ? (
              <FilterSelect
                label="Département"
                value={get('departementId')}
                onChange={(departementId) => change({ departementId })}
                items={departements}
                minWidth={190}
              />
            ) : null}
            {applies('metier') ? (
              <FilterSelect
                label="Métier"
                value={get('metierId')}
                onChange={(metierId) => change({ metierId })}
                items={choices?.metiers ?? []}
                minWidth={190}
              />
            ) : null}
            {applies('sexe') ? (
              <TextField
                select
                fullWidth={false}
                label="Sexe"
                value={get('sexe')}
                onChange={(e) => change({ sexe: e.target.value })}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                sx={{ minWidth: 140 }}
              >
                <MenuItem value="">Tous</MenuItem>
                {SEXES.map((s) => (
                  <MenuItem key={s.value} value={s.value}>
                    {s.label}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            {applies('periode') ? (
              <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="fr">
                <DayFilter label="Du" value={get('du')} onChange={(du) => change({ du })} />
                <DayFilter label="Au" value={get('au')} onChange={(au) => change({ au })} />
              </LocalizationProvider>
            ) : null}
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
            <Button
              startIcon={<TableViewIcon />}
              onClick={() => download(`${API}/${report.id}/export.xlsx?${query}`)}
              disabled={empty}
            >
              Exporter (XLSX)
            </Button>
            <Button
              startIcon={<PictureAsPdfIcon />}
              onClick={() => download(`${API}/${report.id}/export.pdf?${query}`)}
              disabled={empty}
            >
              Exporter (PDF)
            </Button>
          </Stack>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          {choices && choices.sessions.length === 0 && applies('session') ? (
            <Typography>Aucune session n’est encore enregistrée.</Typography>
          ) : null}
          {ready && !shown && !error ? <LinearProgress /> : null}
          {shown ? (
            <>
              <Typography variant="subtitle1" sx={{ mb: 1 }} role="status">
                {shown.lignes.length === 0
                  ? `${shown.criteres} : aucune donnée.`
                  : `${shown.criteres} — ${formatNumber(shown.nombreLignes)} ligne${shown.nombreLignes > 1 ? 's' : ''}`}
              </Typography>
              <TableContainer sx={WITHIN_PAGE}>
                <Table size="small" aria-label={`${report.title} par ${label}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{shown.libelleVue}</TableCell>
                      {shown.colonnes.map((c) => (
                        <TableCell key={c.key} align={c.format === 'texte' ? 'left' : 'right'}>
                          {c.header}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row) => {
                      const total = row === shown.total;
                      const sx = total
                        ? { fontWeight: 700, borderTop: 2, borderTopColor: 'divider' }
                        : undefined;
                      return (
                        <TableRow key={row.valeur} data-total={total || undefined}>
                          <TableCell sx={sx}>{row.libelle}</TableCell>
                          {shown.colonnes.map((c) => (
                            <TableCell
                              key={c.key}
                              sx={{ ...sx, whiteSpace: 'nowrap' }}
                              align={c.format === 'texte' ? 'left' : 'right'}
                            >
                              {formatReportValue(row.valeurs[c.key], c.format)}
                            </TableCell>
                          ))}
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
              {view.paged ? (
                <TablePagination
                  component="div"
                  count={shown.nombreLignes}
                  page={Math.min(
                    page - 1,
                    Math.max(0, Math.ceil(shown.nombreLignes / perPage) - 1),
                  )}
                  onPageChange={(_, next) => change({ page: String(next + 1) })}
                  rowsPerPage={perPage}
                  rowsPerPageOptions={[25, 50, 100, 250]}
                  onRowsPerPageChange={(e) => change({ parPage: String(e.target.value) })}
                  {...FRENCH_TABLE_PAGINATION}
                />
              ) : null}
              <ReportChart result={shown} chart={view.chart} />
            </>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
};

/** The report screen of a route of the table (`rapports-statistiques/…`). */
export const reportScreen = (route: string) => {
  const report = reportOfRoute(route);
  if (!report) throw new Error(`Aucun rapport pour ${route}.`);
  const Screen = () => <ReportPage report={report} />;
  Screen.displayName = `Rapport(${report.id})`;
  return Screen;
};
