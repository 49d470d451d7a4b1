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
  Typography,
} from '@mui/material';
import { Title } from 'react-admin';
import { reportOfRoute, type ReportDeclaration } from '@examens-pro/domain';
import { download } from '../../common/ExportButtons';
import { ReportChart } from './ReportChart';
import { ReportFilters } from './ReportFilters';
import { ReportTable } from './ReportTable';
import { API, useReport } from './useReport';

/**
 * One screen for the seven « Rapports statistiques », drawn from the report's declaration: its
 * filters (session, zone, département, métier, sexe, period DD/MM/YYYY, each only where it
 * applies), « Par » (the rows), the table with its totals, the chart, and the exports (XLSX, PDF).
 * The filters live in the address: a link (the home's figures) opens the report so filtered.
 */
export const ReportPage = ({ report }: { report: ReportDeclaration }) => {
  const state = useReport(report);
  const { choices, error, view, applies, query, ready, shown, empty } = state;

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={report.title} />
      <Card>
        <CardContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {report.description}
          </Typography>
          <ReportFilters report={report} state={state} />
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
              <ReportTable report={report} shown={shown} state={state} />
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
