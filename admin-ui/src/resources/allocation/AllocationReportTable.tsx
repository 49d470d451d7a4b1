import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { AllocationReportRow } from '@examens-pro/domain';
import type { Named } from '../../common/choices';
import { WITHIN_PAGE } from '../../common/filters';
import { formatNumber, formatPercent } from '../../common/format';
import type { GEOGRAPHY } from './useAllocationReport';

type GeographyColumn = (typeof GEOGRAPHY)[number];

/** The bilan's table: geography, capacity, allocated, free, occupancy, sexes, métiers, langues. */
export const AllocationReportTable = ({
  rows,
  geo,
  metiers,
  langues,
}: {
  rows: readonly AllocationReportRow[];
  geo: readonly GeographyColumn[];
  metiers: readonly Named[];
  langues: readonly Named[];
}) => (
  <TableContainer sx={{ ...WITHIN_PAGE, mb: 3 }}>
    <Table size="small" aria-label="Bilan d’affectation">
      <TableHead>
        <TableRow>
          {geo.map((g) => (
            <TableCell key={g.field} rowSpan={2}>
              {g.label}
            </TableCell>
          ))}
          <TableCell rowSpan={2} align="right">
            Capacité
          </TableCell>
          <TableCell rowSpan={2} align="right">
            Affectés
          </TableCell>
          <TableCell rowSpan={2} align="right">
            Places libres
          </TableCell>
          <TableCell rowSpan={2} align="right">
            Taux d’occupation
          </TableCell>
          <TableCell rowSpan={2} align="right">
            Hommes
          </TableCell>
          <TableCell rowSpan={2} align="right">
            Femmes
          </TableCell>
          {metiers.length > 0 ? (
            <TableCell colSpan={metiers.length} align="center">
              Métiers
            </TableCell>
          ) : null}
          {langues.length > 0 ? (
            <TableCell colSpan={langues.length} align="center">
              Langues
            </TableCell>
          ) : null}
        </TableRow>
        <TableRow>
          {metiers.map((m) => (
            <TableCell key={`m-${m.id}`} align="right">
              {m.libelle || 'Non précisé'}
            </TableCell>
          ))}
          {langues.map((l) => (
            <TableCell key={`l-${l.id}`} align="right">
              {l.libelle || 'Non précisée'}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => {
          const total = row.id === 'total';
          const cell = { fontWeight: total ? 700 : undefined };
          const count = (value: number | undefined, key: string) => (
            <TableCell key={key} sx={cell} align="right">
              {formatNumber(value ?? 0)}
            </TableCell>
          );
          return (
            <TableRow key={row.id} data-total={total || undefined}>
              {geo.map((g) => (
                <TableCell key={g.field} sx={cell}>
                  {row[g.field]}
                </TableCell>
              ))}
              {count(row.capacite, 'capacite')}
              {count(row.affectes, 'affectes')}
              {count(row.libres, 'libres')}
              <TableCell sx={cell} align="right">
                {formatPercent(row.occupation)}
              </TableCell>
              {count(row.hommes, 'hommes')}
              {count(row.femmes, 'femmes')}
              {metiers.map((m) => count(row.parMetier[m.id], `m-${m.id}`))}
              {langues.map((l) => count(row.parLangue[l.id], `l-${l.id}`))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  </TableContainer>
);
