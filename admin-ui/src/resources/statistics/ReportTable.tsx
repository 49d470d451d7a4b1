import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatReportValue, type ReportDeclaration, type ReportResult } from '@examens-pro/domain';
import { WITHIN_PAGE } from '../../common/filters';
import { plural } from '../../common/format';
import { ReportPagination } from '../../common/report/ReportLayout';
import type { ReportState } from './useReport';

/** The report's result: its criteria and size, its table with the totals, its pagination. */
export const ReportTable = ({
  report,
  shown,
  state: { view, change, label, rows, page, perPage },
}: {
  report: ReportDeclaration;
  shown: ReportResult;
  state: ReportState;
}) => (
  <>
    <Typography variant="subtitle1" sx={{ mb: 1 }} role="status">
      {shown.lignes.length === 0
        ? `${shown.criteres} : aucune donnée.`
        : `${shown.criteres} — ${plural(shown.nombreLignes, 'ligne')}`}
    </Typography>
    <TableContainer sx={WITHIN_PAGE}>
      <Table size="small" aria-label={`${report.title} par ${label}`}>
        <TableHead>
          <TableRow>
            <TableCell>{shown.libelleVue}</TableCell>
            {shown.colonnes.map((c) => (
              <TableCell key={c.key} align={c.format === 'texte' ? 'left' : 'right'}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const total = row === shown.total;
            const sx = total
              ? { fontWeight: 700, borderTop: 2, borderTopColor: 'divider' }
              : undefined;
            return (
              <TableRow key={row.valeur} data-total={total || undefined}>
                <TableCell sx={sx}>{row.libelle}</TableCell>
                {shown.colonnes.map((c) => (
                  <TableCell
                    key={c.key}
                    sx={{ ...sx, whiteSpace: 'nowrap' }}
                    align={c.format === 'texte' ? 'left' : 'right'}
                  >
                    {formatReportValue(row.valeurs[c.key], c.format)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
    {view.paged ? (
      <ReportPagination
        count={shown.nombreLignes}
        page={Math.min(page - 1, Math.max(0, Math.ceil(shown.nombreLignes / perPage) - 1))}
        onPage={(next) => change({ page: String(next + 1) })}
        perPage={perPage}
        onPerPage={(parPage) => change({ parPage: String(parPage) })}
      />
    ) : null}
  </>
);
