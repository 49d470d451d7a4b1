import { reportOfRoute, type ReportDeclaration } from '@examens-pro/domain';
import { ReportExports, ReportLayout } from '../../common/report/ReportLayout';
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
    <ReportLayout
      title={report.title}
      description={report.description}
      filters={<ReportFilters report={report} state={state} />}
      exports={
        <ReportExports
          base={`${API}/${report.id}`}
          formats={['xlsx', 'pdf']}
          query={query}
          disabled={empty}
        />
      }
      error={error}
      notice={
        choices && choices.sessions.length === 0 && applies('session')
          ? 'Aucune session n’est encore enregistrée.'
          : false
      }
      loading={ready && !shown}
    >
      {shown ? (
        <>
          <ReportTable report={report} shown={shown} state={state} />
          <ReportChart result={shown} chart={view.chart} />
        </>
      ) : null}
    </ReportLayout>
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
