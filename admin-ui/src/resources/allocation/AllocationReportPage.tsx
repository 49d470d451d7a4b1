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
import { Title } from 'react-admin';
import {
  ALLOCATION_REPORT_LEVEL_LABELS,
  ALLOCATION_REPORT_LEVELS,
  type AllocationReportLevel,
} from '@examens-pro/domain';
import { download } from '../../common/ExportButtons';
import { AllocationReportChart } from './AllocationReportChart';
import { AllocationReportTable } from './AllocationReportTable';
import { FilterSelect, SessionSelect } from './shared';
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
              <AllocationReportTable
                rows={report.rows}
                geo={geo}
                metiers={metiers}
                langues={langues}
              />
              {chartRows.length > 0 ? (
                <AllocationReportChart chartRows={chartRows} level={level} shownRows={shownRows} />
              ) : null}
            </>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
};
