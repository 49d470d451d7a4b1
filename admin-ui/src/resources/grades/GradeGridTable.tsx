import {
  Button,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { formatMark } from '@examens-pro/domain';
import type { RouteRights } from '../../kit/useRouteCan';
import type { Reasoned } from './ReasonDialog';
import { candidateName, MarkStatusChip, rowKey, type Sheet, type SheetRow } from './shared';
import type { GradeEntry } from './useGradeEntry';

/** A candidate's mark: typed while it may be, else the retained one. */
const MarkCell = ({ row, sheet, entry }: { row: SheetRow; sheet: Sheet; entry: GradeEntry }) => {
  const { drafts, setDrafts, rowErrors, inputs, editable, save, onKey, pending } = entry;
  const waiting = pending[rowKey(row)];
  return (
    <TableCell>
      {waiting !== undefined ? (
        <span>
          <strong>{waiting}</strong>{' '}
          <Chip size="small" variant="outlined" color="warning" label="En attente d’envoi" />
        </span>
      ) : editable(row) ? (
        <TextField
          size="small"
          value={drafts[rowKey(row)] ?? ''}
          placeholder={row.statut === 'en-attente' ? '2e saisie' : ''}
          onChange={(e) => setDrafts((all) => ({ ...all, [rowKey(row)]: e.target.value }))}
          onKeyDown={onKey(row)}
          onBlur={() => void save(row)}
          inputRef={(el: HTMLInputElement | null) => {
            inputs.current[rowKey(row)] = el;
          }}
          error={Boolean(rowErrors[rowKey(row)])}
          helperText={rowErrors[rowKey(row)]}
          slotProps={{
            htmlInput: {
              inputMode: 'decimal',
              'aria-label': `Note de ${sheet.anonyme ? `la copie ${row.numeroAnonymat}` : row.numeroCandidat}`,
            },
          }}
        />
      ) : (
        <strong>
          {row.note !== null ? formatMark(row.note) : row.presence === 'absent' ? 'Absent' : '—'}
        </strong>
      )}
    </TableCell>
  );
};

/**
 * « Grille des notes »: per candidate (or anonymous copy) the presence, the entries, the mark, its
 * status, the actions.
 */
export const GradeGridTable = ({
  sheet,
  rows,
  entry,
  modificationOuverte,
  can,
  setDialog,
}: {
  sheet: Sheet;
  rows: readonly SheetRow[];
  entry: GradeEntry;
  modificationOuverte: boolean | undefined;
  can: RouteRights;
  setDialog: (dialog: Reasoned) => void;
}) => (
  <TableContainer>
    <Table size="small" aria-label="Grille des notes">
      <TableHead>
        <TableRow>
          <TableCell>{sheet.anonyme ? 'N° d’anonymat' : 'N° candidat'}</TableCell>
          {sheet.anonyme ? null : <TableCell>Candidat</TableCell>}
          <TableCell>Présence</TableCell>
          <TableCell>Saisies</TableCell>
          <TableCell sx={{ width: 140 }}>Note</TableCell>
          <TableCell>Statut</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            <TableCell>{sheet.anonyme ? row.numeroAnonymat : row.numeroCandidat}</TableCell>
            {sheet.anonyme ? null : <TableCell>{candidateName(row)}</TableCell>}
            <TableCell>
              {row.presence === 'absent' ? 'Absent' : row.presence === 'present' ? 'Présent' : '—'}
            </TableCell>
            <TableCell>
              {row.saisies.map((s) => `${formatMark(s.note)} (${s.par})`).join(' ; ') || '—'}
            </TableCell>
            <MarkCell row={row} sheet={sheet} entry={entry} />
            <TableCell>
              <MarkStatusChip statut={row.statut} absent={row.presence === 'absent'} />
            </TableCell>
            <TableCell>
              {row.statut === 'retenue' && modificationOuverte && can.action('modifier') ? (
                <Button size="small" onClick={() => setDialog({ kind: 'modification', row })}>
                  Modifier
                </Button>
              ) : null}
              {row.statut === 'ecart' && can.action('resoudre') ? (
                <Button
                  size="small"
                  color="warning"
                  onClick={() => setDialog({ kind: 'resolution', row })}
                >
                  Résoudre l’écart
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);
