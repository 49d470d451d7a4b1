import { MenuItem, TextField } from '@mui/material';
import {
  ALLOCATION_REPORT_LEVEL_LABELS,
  ALLOCATION_REPORT_LEVELS,
  type AllocationReportLevel,
} from '@examens-pro/domain';
import { FilterSelect, SessionSelect } from '../../common/filters';
import { ReportExports, ReportLayout } from '../../common/report/ReportLayout';
import { AllocationReportChart } from './AllocationReportChart';
import { AllocationReportTable } from './AllocationReportTable';
import { useAllocationReport } from './useAllocationReport';

/**
 * « Bilan d’affectation »: for a session, per site de composition (or centre d’examen,
 * département, zone), the capacity, the candidates allocated, the free seats and the occupancy, by
 * sex, métier and langue, then the totals; the zone and département narrow it; the same table in
 * CSV or XLSX; the occupancy of the first rows as a bar chart (capacity beside allocated).
 */
export const AllocationReportPage = () => {
  const {
    sessions,
    sessionId,
    setSessionId,
    loaded,
    sessionsError,
    niveau,
    setNiveau,
    zoneId,
    chooseZone,
    departementId,
    setDepartement,
    geography,
    report,
    error,
    query,
    departements,
    level,
    geo,
    chartRows,
    metiers,
    langues,
    shownRows,
  } = useAllocationReport();

  return (
    <ReportLayout
      title="Bilan d’affectation"
      filters={
        <>
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
            onChange={chooseZone}
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
        </>
      }
      exports={
        <ReportExports
          base="/api/bilan-affectation"
          formats={['csv', 'xlsx']}
          query={query}
          disabled={!sessionId}
        />
      }
      error={sessionsError ?? error}
      notice={loaded && sessions.length === 0 && !sessionsError ? 'Aucune session.' : false}
      loading={!!sessionId && !report}
    >
      {report ? (
        <>
          <AllocationReportTable rows={report.rows} geo={geo} metiers={metiers} langues={langues} />
          {chartRows.length > 0 ? (
            <AllocationReportChart chartRows={chartRows} level={level} shownRows={shownRows} />
          ) : null}
        </>
      ) : null}
    </ReportLayout>
  );
};
