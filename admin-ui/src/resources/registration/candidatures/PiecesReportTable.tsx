import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatNumber } from '../../../common/format';

export interface ReportRow {
  id: string;
  centreDepotId: string | null;
  metierId: string | null;
  centreDepot: string;
  metier: string;
  complet: number;
  incomplet: number;
  rejete: number;
  total: number;
}

/** The bilan's rows: per centre de dépôt and métier, complete, incomplete, rejected; the totals. */
export const PiecesReportTable = ({ rows }: { rows: readonly ReportRow[] }) => (
  <Table size="small" aria-label="Bilan général des pièces">
    <TableHead>
      <TableRow>
        <TableCell>Centre de dépôt</TableCell>
        <TableCell>Métier</TableCell>
        <TableCell align="right">Dossiers complets</TableCell>
        <TableCell align="right">Dossiers incomplets</TableCell>
        <TableCell align="right">Avec une pièce rejetée</TableCell>
        <TableCell align="right">Total</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {rows.map((row) => {
        const total = row.id === 'total';
        const cell = { fontWeight: total ? 700 : undefined };
        return (
          <TableRow key={row.id}>
            <TableCell sx={cell}>{row.centreDepot}</TableCell>
            <TableCell sx={cell}>{row.metier}</TableCell>
            <TableCell sx={cell} align="right">
              {formatNumber(row.complet)}
            </TableCell>
            <TableCell sx={cell} align="right">
              {formatNumber(row.incomplet)}
            </TableCell>
            <TableCell sx={cell} align="right">
              {formatNumber(row.rejete)}
            </TableCell>
            <TableCell sx={cell} align="right">
              {formatNumber(row.total)}
            </TableCell>
          </TableRow>
        );
      })}
    </TableBody>
  </Table>
);
