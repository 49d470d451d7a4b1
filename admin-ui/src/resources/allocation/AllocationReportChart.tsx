import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { frFRLocalText } from '@mui/x-charts/locales';
import { ALLOCATION_REPORT_LEVEL_LABELS, type AllocationReportLevel } from '@examens-pro/domain';
import { formatNumber } from '../../common/format';
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
}) => (
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
);
