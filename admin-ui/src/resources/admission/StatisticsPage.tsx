import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  ADMISSION_DIMENSION_LABELS,
  ADMISSION_DIMENSIONS,
  type AdmissionDimension,
} from '@examens-pro/domain';
import { SessionSelect } from '../../common/filters';
import { ReportExports, ReportLayout } from '../../common/report/ReportLayout';
import { useReportRead } from '../../common/report/useReportRead';
import { useSessions } from '../../common/useSessions';
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
  } = useSessions(asked, 'statistiques-admissions/sessions');
  const [dimension, setDimension] = useState<AdmissionDimension>('metier');
  const query = new URLSearchParams({ sessionId, dimension }).toString();
  const { result: statistics, error } = useReportRead<Statistics>(
    sessionId ? `statistiques-admissions?${query}` : undefined,
  );
  const label = ADMISSION_DIMENSION_LABELS[statistics?.dimension ?? dimension];

  return (
    <ReportLayout
      title="Statistiques des admissions"
      filters={
        <>
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
        </>
      }
      exports={
        <ReportExports base={API} formats={['csv', 'xlsx']} query={query} disabled={!statistics} />
      }
      error={sessionsError ?? error}
      notice={
        loaded && sessions.length === 0 && !sessionsError
          ? 'Aucune session n’a encore de candidats délibérés.'
          : false
      }
      loading={!!sessionId && !statistics}
    >
      {statistics ? (
        <>
          <StatisticsTable statistics={statistics} label={label} />
          <StatisticsChart statistics={statistics} label={label} />
        </>
      ) : null}
    </ReportLayout>
  );
};
