import type { BarChartProps } from '@mui/x-charts/BarChart';
import { ALLOCATION_REPORT_LEVEL_LABELS, type AllocationReportLevel } from '@examens-pro/domain';
import { formatNumber } from '../../common/format';
import { BandBarChart, FirstRowsFigure } from '../../common/report/BandBarChart';
import { CHART_ROWS } from './useAllocationReport';

/** The occupancy of the first rows as a bar chart (capacity beside allocated). */
export const AllocationReportChart = ({
  chartRows,
  level,
  shownRows,
}: {
  chartRows: readonly { nom: string; capacite: number; affectes: number }[];
  level: AllocationReportLevel;
  shownRows: number;
}) => {
  const name = ALLOCATION_REPORT_LEVEL_LABELS[level].toLowerCase();
  return (
    <FirstRowsFigure
      label={`Occupation : capacité et candidats affectés par ${name}`}
      title={`Occupation par ${name}`}
      shownRows={shownRows}
      limit={CHART_ROWS}
    >
      <BandBarChart
        dataset={chartRows as BarChartProps['dataset']}
        labelKey="nom"
        // The occupancy has always been drawn growing.
        skipAnimation={false}
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
    </FirstRowsFigure>
  );
};
