import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useMemo } from 'react';
import { formatRate, type AdmissionDimension, type PassRateRow } from '@examens-pro/domain';
import { formatNumber } from '../../common/format';
import { WITHIN_PAGE } from '../../common/filters';
import { BandBarChart, FirstRowsFigure } from '../../common/report/BandBarChart';

export interface Statistics {
  dimension: AdmissionDimension;
  libelleDimension: string;
  lignes: PassRateRow[];
  total: PassRateRow;
}

/** The chart shows the first rows only: beyond, bars are too thin to read. */
const CHART_ROWS = 30;

const COUNTS: readonly { field: keyof PassRateRow; label: string }[] = [
  { field: 'candidats', label: 'Candidats délibérés' },
  { field: 'presents', label: 'Présents' },
  { field: 'admis', label: 'Admis' },
  { field: 'ajournes', label: 'Ajournés' },
  { field: 'elimines', label: 'Éliminés' },
  { field: 'absents', label: 'Absents' },
];

/** The pass rates per value of the dimension, then the totals. */
export const StatisticsTable = ({
  statistics,
  label,
}: {
  statistics: Statistics;
  label: string;
}) => (
  <TableContainer sx={{ ...WITHIN_PAGE, mb: 3 }}>
    <Table size="small" aria-label={`Taux de réussite par ${label.toLowerCase()}`}>
      <TableHead>
        <TableRow>
          <TableCell>{label}</TableCell>
          {COUNTS.map((c) => (
            <TableCell key={c.field} align="right">
              {c.label}
            </TableCell>
          ))}
          <TableCell align="right">Taux d’admission</TableCell>
          <TableCell align="right">Taux d’admission des présents</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {[...statistics.lignes, statistics.total].map((row) => {
          const total = row === statistics.total;
          const sx = { fontWeight: total ? 700 : undefined };
          return (
            <TableRow key={row.valeur} data-total={total || undefined}>
              <TableCell sx={sx}>{row.libelle}</TableCell>
              {COUNTS.map((c) => (
                <TableCell key={c.field} sx={sx} align="right">
                  {formatNumber(row[c.field])}
                </TableCell>
              ))}
              <TableCell sx={sx} align="right">
                {formatRate(row.tauxAdmission)}
              </TableCell>
              <TableCell sx={sx} align="right">
                {formatRate(row.tauxPresents)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  </TableContainer>
);

/** The rates of the first rows as a bar chart (over the deliberated, over the present). */
export const StatisticsChart = ({
  statistics,
  label,
}: {
  statistics: Statistics;
  label: string;
}) => {
  const chartRows = useMemo(
    () =>
      statistics.lignes.slice(0, CHART_ROWS).map((row) => ({
        libelle: row.libelle,
        tauxAdmission: row.tauxAdmission,
        tauxPresents: row.tauxPresents,
      })),
    [statistics],
  );
  const shownRows = statistics.lignes.length;
  return chartRows.length > 0 ? (
    <FirstRowsFigure
      label={`Taux d’admission par ${label.toLowerCase()}`}
      title={`Taux d’admission par ${label.toLowerCase()}`}
      shownRows={shownRows}
      limit={CHART_ROWS}
    >
      <BandBarChart
        dataset={chartRows}
        labelKey="libelle"
        yAxis={[{ min: 0, max: 100, valueFormatter: (value: number) => formatRate(value) }]}
        series={[
          {
            dataKey: 'tauxAdmission',
            label: 'Taux d’admission',
            valueFormatter: (value) => formatRate(value),
          },
          {
            dataKey: 'tauxPresents',
            label: 'Taux d’admission des présents',
            valueFormatter: (value) => formatRate(value),
          },
        ]}
      />
    </FirstRowsFigure>
  ) : null;
};
