import { Alert, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import {
  ALLOCATION_REPORT_LEVEL_LABELS,
  ALLOCATION_REPORT_LEVELS,
  type AllocationReportLevel,
} from '@examens-pro/domain';
import { FilterSelect, SessionSelect } from '../../common/filters';
import { plural } from '../../common/format';
import { ReportExports, ReportLayout } from '../../common/report/ReportLayout';
import { AllocationReportChart } from './AllocationReportChart';
import { AllocationReportTable } from './AllocationReportTable';
import { useAllocationReport } from './useAllocationReport';

/**
 * « Bilan d’affectation »: for a session, per site de composition (or centre d’examen,
 * département, zone), the capacity, the candidates allocated, the free seats and the occupancy, by
 * sex, métier and langue, then the totals; the zone and département narrow it; the same table in
 * CSV or XLSX; the occupancy of the first rows as a bar chart (capacity beside allocated). The rows
 * with candidates allocated come first; those without are hidden (and never charted) unless asked.
 */
export const AllocationReportPage = () => {
  const state = useAllocationReport();

  return (
    <ReportLayout
      title="Bilan d’affectation"
      filters={
        <>
          <SessionSelect
            sessions={state.sessions}
            value={state.sessionId}
            onChange={state.setSessionId}
          />
          <TextField
            select
            fullWidth={false}
            label="Niveau"
            value={state.niveau}
            onChange={(e) => state.setNiveau(e.target.value as AllocationReportLevel)}
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
            value={state.zoneId}
            onChange={state.chooseZone}
            items={state.geography.zones}
            all="Toutes"
            minWidth={200}
          />
          <FilterSelect
            label="Département"
            value={state.departementId}
            onChange={state.setDepartement}
            items={state.departements}
            minWidth={200}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={state.showEmpty}
                onChange={(e) => state.setShowEmpty(e.target.checked)}
              />
            }
            label="Afficher aussi les lignes sans candidat affecté"
          />
        </>
      }
      exports={
        <ReportExports
          base="/api/bilan-affectation"
          formats={['csv', 'xlsx']}
          query={state.query}
          disabled={!state.sessionId}
        />
      }
      error={state.sessionsError ?? state.error}
      notice={
        state.loaded && state.sessions.length === 0 && !state.sessionsError
          ? 'Aucune session.'
          : false
      }
      loading={!!state.sessionId && !state.report}
    >
      {state.report ? (
        <>
          {state.hiddenRows > 0 ? (
            <Alert severity="info" sx={{ mb: 1 }}>
              {plural(
                state.hiddenRows,
                'ligne sans candidat affecté masquée',
                'lignes sans candidat affecté masquées',
              )}{' '}
              (« Afficher aussi les lignes sans candidat affecté » pour les voir).
            </Alert>
          ) : null}
          <AllocationReportTable
            rows={state.rows}
            geo={state.geo}
            metiers={state.metiers}
            langues={state.langues}
          />
          {state.chartRows.length > 0 ? (
            <AllocationReportChart
              chartRows={state.chartRows}
              level={state.level}
              shownRows={state.shownRows}
            />
          ) : null}
        </>
      ) : null}
    </ReportLayout>
  );
};
