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
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { useLocation } from 'react-router-dom';
import {
  ADMISSION_DIMENSION_LABELS,
  ADMISSION_DIMENSIONS,
  type AdmissionDimension,
} from '@examens-pro/domain';
import { apiJson } from '../../common/api';
import { download } from '../../common/ExportButtons';
import { SessionSelect, useSessions } from '../allocation/shared';
import { StatisticsChart, StatisticsTable, type Statistics } from './StatisticsParts';

const API = '/api/statistiques-admissions';

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

  const label = ADMISSION_DIMENSION_LABELS[statistics?.dimension ?? dimension];

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
              <StatisticsTable statistics={statistics} label={label} />
              <StatisticsChart statistics={statistics} label={label} />
            </>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
};
