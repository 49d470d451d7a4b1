import DownloadIcon from '@mui/icons-material/GetApp';
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
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { frFRLocalText } from '@mui/x-charts/locales';
import { useEffect, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { useLocation } from 'react-router-dom';
import {
  ALLOCATION_REPORT_LEVEL_LABELS,
  ALLOCATION_REPORT_LEVELS,
  type AllocationReportLevel,
  type AllocationReportRow,
} from '@examens-pro/domain';
import { apiJson } from '../../common/api';
import { download } from '../../common/ExportButtons';
import { formatNumber } from '../../common/format';
import {
  FilterSelect,
  formatPercent,
  SessionSelect,
  useSessions,
  type Named,
  WITHIN_PAGE,
} from './shared';

interface Report {
  readonly level: AllocationReportLevel;
  readonly rows: readonly AllocationReportRow[];
  readonly metiers: readonly Named[];
  readonly langues: readonly Named[];
}

interface Geography {
  readonly zones: readonly Named[];
  readonly departements: readonly (Named & { zoneId: string })[];
}

/** The geography's columns, from the zone down to the level shown. */
const GEOGRAPHY = [
  { field: 'zone', label: 'Zone' },
  { field: 'departement', label: 'Département' },
  { field: 'centre', label: 'Centre d’examen' },
  { field: 'site', label: 'Site de composition' },
] as const;

/** The chart shows the first rows only: beyond, bars are too thin to read. */
const CHART_ROWS = 30;

/**
 * « Bilan d’affectation »: for a session, per site de composition (or centre d’examen,
 * département, zone), the capacity, the candidates allocated, the free seats and the occupancy, by
 * sex, métier and langue, then the totals; the zone and département narrow it; the same table in
 * CSV or XLSX; the occupancy of the first rows as a bar chart (capacity beside allocated).
 */
export const AllocationReportPage = () => {
  const { search } = useLocation();
  const asked = new URLSearchParams(search).get('sessionId');
  const { sessions, sessionId, setSessionId, loaded, error: sessionsError } = useSessions(asked);
  const [niveau, setNiveau] = useState<AllocationReportLevel>('site');
  const [zoneId, setZone] = useState('');
  const [departementId, setDepartement] = useState('');
  const [geography, setGeography] = useState<Geography>({ zones: [], departements: [] });
  const [report, setReport] = useState<Report>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    apiJson<Geography>('/api/bilan-affectation/geographie')
      .then(setGeography)
      .catch(() => setGeography({ zones: [], departements: [] }));
  }, []);

  const query = useMemo(() => {
    const params = new URLSearchParams({ sessionId, niveau });
    if (zoneId) params.set('zoneId', zoneId);
    if (departementId) params.set('departementId', departementId);
    return params.toString();
  }, [sessionId, niveau, zoneId, departementId]);

  useEffect(() => {
    if (!sessionId) return;
    let current = true;
    setReport(undefined);
    setError(undefined);
    apiJson<Report>(`/api/bilan-affectation?${query}`)
      .then((found) => {
        if (current) setReport(found);
      })
      .catch((e: Error) => {
        if (current) setError(e.message);
      });
    return () => {
      current = false;
    };
  }, [query, sessionId]);

  const departements = geography.departements.filter((d) => !zoneId || d.zoneId === zoneId);
  const level = report?.level ?? niveau;
  const geo = GEOGRAPHY.slice(
    0,
    ALLOCATION_REPORT_LEVELS.length - ALLOCATION_REPORT_LEVELS.indexOf(level),
  );
  const deepest = geo[geo.length - 1]!.field;
  const chartRows = useMemo(
    () =>
      (report?.rows ?? [])
        .filter((row) => row.id !== 'total')
        .slice(0, CHART_ROWS)
        .map((row) => ({
          nom: row[deepest] || '—',
          capacite: row.capacite,
          affectes: row.affectes,
        })),
    [report, deepest],
  );
  const metiers = report?.metiers ?? [];
  const langues = report?.langues ?? [];
  const shownRows = report?.rows.filter((row) => row.id !== 'total').length ?? 0;

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Bilan d’affectation" />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
            <SessionSelect sessions={sessions} value={sessionId} onChange={setSessionId} />
            <TextField
              select
              fullWidth={false}
              label="Niveau"
              value={niveau}
              onChange={(e) => setNiveau(e.target.value as AllocationReportLevel)}
              sx={{ minWidth: 220 }}
            >
              {ALLOCATION_REPORT_LEVELS.map((value) => (
                <MenuItem key={value} value={value}>
                  {ALLOCATION_REPORT_LEVEL_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            <FilterSelect
              label="Zone"
              value={zoneId}
              onChange={(id) => {
                setZone(id);
                if (
                  id &&
                  !geography.departements.some((d) => d.id === departementId && d.zoneId === id)
                )
                  setDepartement('');
              }}
              items={geography.zones}
              all="Toutes"
              minWidth={200}
            />
            <FilterSelect
              label="Département"
              value={departementId}
              onChange={setDepartement}
              items={departements}
              minWidth={200}
            />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => download(`/api/bilan-affectation/export.csv?${query}`)}
              disabled={!sessionId}
            >
              Exporter (CSV)
            </Button>
            <Button
              startIcon={<TableViewIcon />}
              onClick={() => download(`/api/bilan-affectation/export.xlsx?${query}`)}
              disabled={!sessionId}
            >
              Exporter (XLSX)
            </Button>
          </Stack>
          {sessionsError || error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {sessionsError ?? error}
            </Alert>
          ) : null}
          {loaded && sessions.length === 0 && !sessionsError ? (
            <Typography>Aucune session.</Typography>
          ) : null}
          {sessionId && !report && !error ? <LinearProgress /> : null}
          {report ? (
            <>
              <TableContainer sx={{ ...WITHIN_PAGE, mb: 3 }}>
                <Table size="small" aria-label="Bilan d’affectation">
                  <TableHead>
                    <TableRow>
                      {geo.map((g) => (
                        <TableCell key={g.field} rowSpan={2}>
                          {g.label}
                        </TableCell>
                      ))}
                      <TableCell rowSpan={2} align="right">
                        Capacité
                      </TableCell>
                      <TableCell rowSpan={2} align="right">
                        Affectés
                      </TableCell>
                      <TableCell rowSpan={2} align="right">
                        Places libres
                      </TableCell>
                      <TableCell rowSpan={2} align="right">
                        Taux d’occupation
                      </TableCell>
                      <TableCell rowSpan={2} align="right">
                        Hommes
                      </TableCell>
                      <TableCell rowSpan={2} align="right">
                        Femmes
                      </TableCell>
                      {metiers.length > 0 ? (
                        <TableCell colSpan={metiers.length} align="center">
                          Métiers
                        </TableCell>
                      ) : null}
                      {langues.length > 0 ? (
                        <TableCell colSpan={langues.length} align="center">
                          Langues
                        </TableCell>
                      ) : null}
                    </TableRow>
                    <TableRow>
                      {metiers.map((m) => (
                        <TableCell key={`m-${m.id}`} align="right">
                          {m.libelle || 'Non précisé'}
                        </TableCell>
                      ))}
                      {langues.map((l) => (
                        <TableCell key={`l-${l.id}`} align="right">
                          {l.libelle || 'Non précisée'}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {report.rows.map((row) => {
                      const total = row.id === 'total';
                      const cell = { fontWeight: total ? 700 : undefined };
                      const count = (value: number | undefined, key: string) => (
                        <TableCell key={key} sx={cell} align="right">
                          {formatNumber(value ?? 0)}
                        </TableCell>
                      );
                      return (
                        <TableRow key={row.id} data-total={total || undefined}>
                          {geo.map((g) => (
                            <TableCell key={g.field} sx={cell}>
                              {row[g.field]}
                            </TableCell>
                          ))}
                          {count(row.capacite, 'capacite')}
                          {count(row.affectes, 'affectes')}
                          {count(row.libres, 'libres')}
                          <TableCell sx={cell} align="right">
                            {formatPercent(row.occupation)}
                          </TableCell>
                          {count(row.hommes, 'hommes')}
                          {count(row.femmes, 'femmes')}
                          {metiers.map((m) => count(row.parMetier[m.id], `m-${m.id}`))}
                          {langues.map((l) => count(row.parLangue[l.id], `l-${l.id}`))}
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
              {chartRows.length > 0 ? (
                <Box
                  role="figure"
                  aria-label={`Occupation : capacité et candidats affectés par ${ALLOCATION_REPORT_LEVEL_LABELS[level].toLowerCase()}`}
                >
                  <Typography variant="subtitle1">
                    Occupation par {ALLOCATION_REPORT_LEVEL_LABELS[level].toLowerCase()}
                    {shownRows > CHART_ROWS
                      ? ` (les ${formatNumber(CHART_ROWS)} premiers sur ${formatNumber(shownRows)})`
                      : ''}
                  </Typography>
                  <BarChart
                    dataset={chartRows}
                    height={380}
                    localeText={frFRLocalText}
                    xAxis={[
                      {
                        scaleType: 'band',
                        dataKey: 'nom',
                        height: 90,
                        tickLabelStyle: { angle: -35, textAnchor: 'end', fontSize: 11 },
                      },
                    ]}
                    yAxis={[{ valueFormatter: (value: number) => formatNumber(value) }]}
                    series={[
                      {
                        dataKey: 'capacite',
                        label: 'Capacité',
                        valueFormatter: (value) => formatNumber(value),
                      },
                      {
                        dataKey: 'affectes',
                        label: 'Affectés',
                        valueFormatter: (value) => formatNumber(value),
                      },
                    ]}
                  />
                </Box>
              ) : null}
            </>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
};
