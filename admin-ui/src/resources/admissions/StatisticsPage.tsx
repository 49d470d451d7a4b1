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
  ADMISSION_DIMENSION_LABELS,
  ADMISSION_DIMENSIONS,
  formatRate,
  type AdmissionDimension,
  type PassRateRow,
} from '@examens-pro/domain';
import { apiJson } from '../../common/api';
import { download } from '../../common/ExportButtons';
import { formatNumber } from '../../common/format';
import { SessionSelect, useSessions, WITHIN_PAGE } from '../allocation/shared';

const API = '/api/statistiques-admissions';

interface Statistics {
  dimension: AdmissionDimension;
  libelleDimension: string;
  lignes: PassRateRow[];
  total: PassRateRow;
}

/** The chart shows the first rows only: beyond, bars are too thin to read. */
const CHART_ROWS = 30;

const COUNTS: readonly { field: keyof PassRateRow; label: string }[] = [
  { field: 'candidats', label: 'Candidats délibérés' },
  { field: 'presents', label: 'Présents' },
  { field: 'admis', label: 'Admis' },
  { field: 'ajournes', label: 'Ajournés' },
  { field: 'elimines', label: 'Éliminés' },
  { field: 'absents', label: 'Absents' },
];

/**
 * « Statistiques des admissions »: for a deliberated session, per métier, centre de dépôt,
 * département, zone, sexe, catégorie or type de handicap, the candidates deliberated, present,
 * admitted and the others, the pass rate over the deliberated and over the present, then the
 * totals; the rates as a bar chart; the same table in CSV or XLSX.
 */
export const StatisticsPage = () => {
  const { search } = useLocation();
  const asked = new URLSearchParams(search).get('sessionId');
  const {
    sessions,
    sessionId,
    setSessionId,
    loaded,
    error: sessionsError,
  } = useSessions(asked, `${API}/sessions`);
  const [dimension, setDimension] = useState<AdmissionDimension>('metier');
  const [statistics, setStatistics] = useState<Statistics>();
  const [error, setError] = useState<string>();
  const query = new URLSearchParams({ sessionId, dimension }).toString();

  useEffect(() => {
    if (!sessionId) return;
    let current = true;
    setStatistics(undefined);
    setError(undefined);
    apiJson<Statistics>(`${API}?${query}`)
      .then((found) => {
        if (current) setStatistics(found);
      })
      .catch((e: Error) => {
        if (current) setError(e.message);
      });
    return () => {
      current = false;
    };
  }, [query, sessionId]);

  const chartRows = useMemo(
    () =>
      (statistics?.lignes ?? []).slice(0, CHART_ROWS).map((row) => ({
        libelle: row.libelle,
        tauxAdmission: row.tauxAdmission,
        tauxPresents: row.tauxPresents,
      })),
    [statistics],
  );
  const label = ADMISSION_DIMENSION_LABELS[statistics?.dimension ?? dimension];
  const shownRows = statistics?.lignes.length ?? 0;

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Statistiques des admissions" />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
            <SessionSelect sessions={sessions} value={sessionId} onChange={setSessionId} />
            <TextField
              select
              fullWidth={false}
              label="Par"
              value={dimension}
              onChange={(e) => setDimension(e.target.value as AdmissionDimension)}
              sx={{ minWidth: 220 }}
            >
              {ADMISSION_DIMENSIONS.map((value) => (
                <MenuItem key={value} value={value}>
                  {ADMISSION_DIMENSION_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => download(`${API}/export.csv?${query}`)}
              disabled={!statistics}
            >
              Exporter (CSV)
            </Button>
            <Button
              startIcon={<TableViewIcon />}
              onClick={() => download(`${API}/export.xlsx?${query}`)}
              disabled={!statistics}
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
            <Typography>Aucune session n’a encore de candidats délibérés.</Typography>
          ) : null}
          {sessionId && !statistics && !error ? <LinearProgress /> : null}
          {statistics ? (
            <>
              <TableContainer sx={{ ...WITHIN_PAGE, mb: 3 }}>
                <Table size="small" aria-label={`Taux de réussite par ${label.toLowerCase()}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{label}</TableCell>
                      {COUNTS.map((c) => (
                        <TableCell key={c.field} align="right">
                          {c.label}
                        </TableCell>
                      ))}
                      <TableCell align="right">Taux d’admission</TableCell>
                      <TableCell align="right">Taux d’admission des présents</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {[...statistics.lignes, statistics.total].map((row) => {
                      const total = row === statistics.total;
                      const sx = { fontWeight: total ? 700 : undefined };
                      return (
                        <TableRow key={row.valeur} data-total={total || undefined}>
                          <TableCell sx={sx}>{row.libelle}</TableCell>
                          {COUNTS.map((c) => (
                            <TableCell key={c.field} sx={sx} align="right">
                              {formatNumber(row[c.field])}
                            </TableCell>
                          ))}
                          <TableCell sx={sx} align="right">
                            {formatRate(row.tauxAdmission)}
                          </TableCell>
                          <TableCell sx={sx} align="right">
                            {formatRate(row.tauxPresents)}
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
              {chartRows.length > 0 ? (
                <Box role="figure" aria-label={`Taux d’admission par ${label.toLowerCase()}`}>
                  <Typography variant="subtitle1">
                    Taux d’admission par {label.toLowerCase()}
                    {shownRows > CHART_ROWS
                      ? ` (les ${formatNumber(CHART_ROWS)} premiers sur ${formatNumber(shownRows)})`
                      : ''}
                  </Typography>
                  <BarChart
                    dataset={chartRows}
                    height={380}
                    // A report's figures show at once, at their value (prints, screenshots).
                    skipAnimation
                    localeText={frFRLocalText}
                    xAxis={[
                      {
                        scaleType: 'band',
                        dataKey: 'libelle',
                        height: 90,
                        tickLabelStyle: { angle: -35, textAnchor: 'end', fontSize: 11 },
                      },
                    ]}
                    yAxis={[
                      { min: 0, max: 100, valueFormatter: (value: number) => formatRate(value) },
                    ]}
                    series={[
                      {
                        dataKey: 'tauxAdmission',
                        label: 'Taux d’admission',
                        valueFormatter: (value) => formatRate(value),
                      },
                      {
                        dataKey: 'tauxPresents',
                        label: 'Taux d’admission des présents',
                        valueFormatter: (value) => formatRate(value),
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
