import { Box, Typography } from '@mui/material';
import { BarChart, type BarChartProps } from '@mui/x-charts/BarChart';
import { frFRLocalText } from '@mui/x-charts/locales';
import type { ReactNode } from 'react';
import { formatNumber } from '../format';

/**
 * A report's bars, one band per row named by `labelKey` (slanted, small: the names are long),
 * in French; the figures show at once at their value (prints, screenshots) unless
 * `skipAnimation` is false. @mui/x-charts comes with the report screens' chunk only.
 */
export const BandBarChart = ({
  dataset,
  labelKey,
  yAxis,
  series,
  skipAnimation = true,
}: {
  dataset: BarChartProps['dataset'];
  labelKey: string;
  yAxis: BarChartProps['yAxis'];
  series: BarChartProps['series'];
  skipAnimation?: boolean;
}) => (
  <BarChart
    dataset={dataset}
    height={380}
    skipAnimation={skipAnimation}
    localeText={frFRLocalText}
    xAxis={[
      {
        scaleType: 'band',
        dataKey: labelKey,
        height: 90,
        tickLabelStyle: { angle: -35, textAnchor: 'end', fontSize: 11 },
      },
    ]}
    yAxis={yAxis}
    series={series}
  />
);

/**
 * A chart of a report's first rows, titled, saying « (les N premiers sur M) » when the report has
 * more rows than the chart shows (the table has them all).
 */
export const FirstRowsFigure = ({
  label,
  title,
  shownRows,
  limit,
  children,
}: {
  label: string;
  title: string;
  shownRows: number;
  limit: number;
  children: ReactNode;
}) => (
  <Box role="figure" aria-label={label}>
    <Typography variant="subtitle1">
      {title}
      {shownRows > limit
        ? ` (les ${formatNumber(limit)} premiers sur ${formatNumber(shownRows)})`
        : ''}
    </Typography>
    {children}
  </Box>
);
