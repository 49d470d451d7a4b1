import { Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatDateTime } from '../../common/format';

/** A session's visibility of results, and its juries. */
export interface State {
  sessionId: string;
  session: string;
  statut: string;
  visible: boolean;
  moyenneVisible: boolean;
  modifieLe: string | null;
  modifiePar: string | null;
  jurys: {
    id: string;
    libelle: string;
    close: boolean;
    closLe: string | null;
    effectif: number;
    admis: number;
  }[];
  toutesCloses: boolean;
}

/** « Jurys de la session »: whether each has closed its deliberation, when, its admitted. */
export const SessionJuriesTable = ({
  jurys,
  timeZone,
}: {
  jurys: State['jurys'];
  timeZone: string;
}) => (
  <Table size="small" aria-label="Jurys de la session">
    <TableHead>
      <TableRow>
        <TableCell>Jury</TableCell>
        <TableCell>Délibération</TableCell>
        <TableCell>Close le</TableCell>
        <TableCell align="right">Admis / candidats</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {jurys.map((j) => (
        <TableRow key={j.id}>
          <TableCell>{j.libelle}</TableCell>
          <TableCell>
            <Chip
              size="small"
              color={j.close ? 'success' : 'warning'}
              label={j.close ? 'Close' : 'Ouverte'}
            />
          </TableCell>
          <TableCell>{j.closLe ? formatDateTime(j.closLe, timeZone) : '—'}</TableCell>
          <TableCell align="right">{j.close ? `${j.admis} / ${j.effectif}` : '—'}</TableCell>
        </TableRow>
      ))}
      {jurys.length === 0 ? (
        <TableRow>
          <TableCell colSpan={4}>Aucun jury pour cette session.</TableCell>
        </TableRow>
      ) : null}
    </TableBody>
  </Table>
);
