import UndoIcon from '@mui/icons-material/Undo';
import {
  Button,
  Checkbox,
  Chip,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useCreatePath } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { CANDIDATURE_STATUS_LABELS } from '@examens-pro/domain';
import { FRENCH_TABLE_PAGINATION } from '../../kit/frenchPagination';
import { LIST, nameOf, type Dossier, type Site, type SortField } from './allocationModel';
import { WITHIN_PAGE } from '../../common/filters';
import type { Named } from '../../common/choices';
import type { DossierTable } from './useDossierTable';

/** A column's title that sorts the table (ascending, then descending). */
const SortableTitle = ({
  table,
  field,
  label,
}: {
  table: DossierTable;
  field: SortField;
  label: string;
}) => (
  <TableSortLabel
    active={table.sort.field === field}
    direction={table.sort.field === field && table.sort.order === 'DESC' ? 'desc' : 'asc'}
    onClick={() =>
      table.setSort((current) => ({
        field,
        order: current.field === field && current.order === 'ASC' ? 'DESC' : 'ASC',
      }))
    }
  >
    {label}
  </TableSortLabel>
);

/** One dossier: its box, its number (to its page), names, status, site, numbers, its action. */
const DossierRow = ({
  row,
  table,
  busy,
  deallocate,
  names,
}: {
  row: Dossier;
  table: DossierTable;
  busy: boolean;
  deallocate: (dossier: Dossier) => Promise<void>;
  names: { metiers: readonly Named[]; centres: readonly Named[]; sites: readonly Site[] };
}) => {
  const createPath = useCreatePath();
  const id = String(row.id);
  return (
    <TableRow hover selected={table.selected.has(id)}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={table.selected.has(id)}
          onChange={() => table.toggle(row)}
          disabled={busy}
          slotProps={{
            input: {
              'aria-label': `Sélectionner le dossier ${row.numeroDossier ?? ''}`,
            },
          }}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Link component={RouterLink} to={createPath({ resource: LIST, id, type: 'show' })}>
          {row.numeroDossier}
        </Link>
      </TableCell>
      <TableCell>{row.libelle}</TableCell>
      <TableCell>{nameOf(names.metiers, row.metierId)}</TableCell>
      <TableCell>{nameOf(names.centres, row.centreDepotId)}</TableCell>
      <TableCell>
        <Chip
          size="small"
          color={row.statut === 'affecte' ? 'success' : 'default'}
          label={row.statut ? CANDIDATURE_STATUS_LABELS[row.statut] : ''}
        />
      </TableCell>
      <TableCell>{nameOf(names.sites, row.siteId)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.numeroCandidat ?? ''}</TableCell>
      <TableCell align="right">{row.numeroTable ?? ''}</TableCell>
      <TableCell>
        {row.statut === 'affecte' ? (
          <Button
            size="small"
            startIcon={<UndoIcon />}
            onClick={() => void deallocate(row)}
            disabled={busy}
          >
            Désaffecter
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
};

/** « Dossiers à affecter »: the page of dossiers, their boxes, sortable columns, the pagination. */
export const DossiersTable = ({
  table,
  busy,
  deallocate,
  names,
}: {
  table: DossierTable;
  busy: boolean;
  deallocate: (dossier: Dossier) => Promise<void>;
  names: { metiers: readonly Named[]; centres: readonly Named[]; sites: readonly Site[] };
}) => {
  const { rows, checkedOnPage, total, page, perPage } = table;
  return (
    <>
      <TableContainer sx={WITHIN_PAGE}>
        <Table size="small" aria-label="Dossiers à affecter">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={rows.length > 0 && checkedOnPage === rows.length}
                  indeterminate={checkedOnPage > 0 && checkedOnPage < rows.length}
                  onChange={table.togglePage}
                  disabled={rows.length === 0 || busy}
                  slotProps={{
                    input: { 'aria-label': 'Sélectionner les dossiers de la page' },
                  }}
                />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <SortableTitle table={table} field="numeroDossier" label="N° dossier" />
              </TableCell>
              <TableCell>
                <SortableTitle table={table} field="libelle" label="Nom" />
              </TableCell>
              <TableCell>Métier</TableCell>
              <TableCell>Centre de dépôt</TableCell>
              <TableCell>Statut</TableCell>
              <TableCell>Site</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <SortableTitle table={table} field="numeroCandidat" label="N° candidat" />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <SortableTitle table={table} field="numeroTable" label="N° table" />
              </TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <DossierRow
                key={String(row.id)}
                row={row}
                table={table}
                busy={busy}
                deallocate={deallocate}
                names={names}
              />
            ))}
            {!table.isPending && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={10}>
                  <Typography variant="body2" color="text.secondary">
                    Aucun dossier ne correspond.
                  </Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={total > 0 && page * perPage >= total ? 0 : page}
        onPageChange={(_, next) => table.setPage(next)}
        rowsPerPage={perPage}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onRowsPerPageChange={(e) => {
          table.setPerPage(Number(e.target.value));
          table.setPage(0);
        }}
        {...FRENCH_TABLE_PAGINATION}
      />
    </>
  );
};
