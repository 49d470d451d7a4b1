import { Box, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { frFRLocalText } from '@mui/x-charts/locales';
import {
  formatReportValue,
  type ReportChart as Chart,
  type ReportResult,
  type ValueFormat,
} from '@examens-pro/domain';
import { formatNumber } from '../../common/format';
import { BandBarChart } from '../../common/report/BandBarChart';

/** Bars beyond these are too thin to read: the chart shows the first rows (the table has them all). */
const CHART_ROWS = 30;

/**
 * A report's chart, as its view declares it: bars (stacked or side by side) per row, a line per
 * column over the days, or a pie of one column's shares. @mui/x-charts comes with the report
 * screens' chunk only.
 */
export const ReportChart = ({ result, chart }: { result: ReportResult; chart: Chart }) => {
  const columns = chart.series
    .map((key) => result.colonnes.find((c) => c.key === key))
    .filter((c): c is NonNullable<typeof c> => !!c);
  const rows = result.lignes.slice(0, CHART_ROWS);
  if (rows.length === 0 || columns.length === 0) return null;
  const format: ValueFormat = columns[0]!.format;
  const valueFormatter = (value: number | null) => formatReportValue(value, format);
  const dataset = rows.map((row) => ({
    libelle: row.libelle,
    ...Object.fromEntries(
      columns.map((c) => [c.key, typeof row.valeurs[c.key] === 'number' ? row.valeurs[c.key] : 0]),
    ),
  })) as Record<string, string | number>[];
  const title = `${chart.kind === 'line' ? 'Évolution' : 'Répartition'} par ${result.libelleVue.toLowerCase()}`;
  return (
    <Box role="figure" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="subtitle1">
        {title}
        {result.lignes.length > CHART_ROWS
          ? ` (les ${formatNumber(CHART_ROWS)} premières lignes sur ${formatNumber(result.lignes.length)})`
          : ''}
      </Typography>
      {chart.kind === 'pie' ? (
        <PieChart
          height={300}
          skipAnimation
          localeText={frFRLocalText}
          series={[
            {
              data: rows.map((row, i) => ({
                id: i,
                value: Number(row.valeurs[columns[0]!.key] ?? 0),
                label: row.libelle,
              })),
              valueFormatter: (item) => valueFormatter(item.value),
              innerRadius: 40,
              paddingAngle: 1,
            },
          ]}
        />
      ) : chart.kind === 'line' ? (
        <LineChart
          dataset={dataset}
          height={320}
          skipAnimation
          localeText={frFRLocalText}
          xAxis={[{ scaleType: 'point', dataKey: 'libelle' }]}
          yAxis={[{ valueFormatter: (value: number) => valueFormatter(value) }]}
          series={columns.map((c) => ({
            dataKey: c.key,
            label: c.header,
            valueFormatter,
          }))}
        />
      ) : (
        <BandBarChart
          dataset={dataset}
          labelKey="libelle"
          yAxis={[{ width: 90, valueFormatter: (value: number) => valueFormatter(value) }]}
          series={columns.map((c) => ({
            dataKey: c.key,
            label: c.header,
            valueFormatter,
            ...(chart.stacked ? { stack: 'total' } : {}),
          }))}
        />
      )}
    </Box>
  );
};
