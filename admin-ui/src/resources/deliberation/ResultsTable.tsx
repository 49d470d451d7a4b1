import {
  Box,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { formatMark, type OverrideResult } from '@examens-pro/domain';
import { formatNumber } from '../../common/format';
import type { RouteRights } from '../../kit/useRouteCan';
import { ResultChip } from './ResultChip';
import { nameOf, type Dialogue, type Line, type View } from './resultsModel';

/**
 * A candidate's actions: the jury's decision (or its withdrawal) while the deliberation is open,
 * the re-deliberation once it is closed.
 */
const LineActions = ({
  line,
  view,
  closed,
  can,
  setDialogue,
  setResultat,
}: {
  line: Line;
  view: View;
  closed: boolean;
  can: RouteRights;
  setDialogue: (dialogue: Dialogue) => void;
  setResultat: (resultat: OverrideResult) => void;
}) => (
  <TableCell>
    {!closed &&
    !view.anonyme &&
    can.action('deroger') &&
    line.resultat &&
    line.calcule !== 'absent' ? (
      line.derogation ? (
        <Button size="small" onClick={() => setDialogue({ kind: 'retrait', line })}>
          Retirer la décision
        </Button>
      ) : (
        <Button
          size="small"
          onClick={() => {
            setResultat(line.calcule === 'admis' ? 'ajourne' : 'admis');
            setDialogue({ kind: 'derogation', line });
          }}
        >
          Décision du jury
        </Button>
      )
    ) : null}
    {closed && line.aRedeliberer && can.action('redeliberer') ? (
      <Button size="small" onClick={() => setDialogue({ kind: 'redeliberation', line })}>
        Nouvelle délibération
      </Button>
    ) : null}
  </TableCell>
);

/** « Résultats du jury »: per candidate the rank, the marks, the average, the result, actions. */
export const ResultsTable = ({
  view,
  closed,
  can,
  setDialogue,
  setResultat,
}: {
  view: View;
  closed: boolean;
  can: RouteRights;
  setDialogue: (dialogue: Dialogue) => void;
  setResultat: (resultat: OverrideResult) => void;
}) => (
  <Box sx={{ overflowX: 'auto' }}>
    <Table size="small" aria-label="Résultats du jury">
      <TableHead>
        <TableRow>
          <TableCell>Rang</TableCell>
          <TableCell>N° candidat</TableCell>
          <TableCell>Nom et prénoms</TableCell>
          <TableCell>Métier</TableCell>
          {view.epreuves.map((e) => (
            <TableCell key={e.id} align="right">
              <Tooltip title={`${e.libelle} — sur ${e.noteMax}, coefficient ${e.coefficient}`}>
                <span>{`${e.code} (/${formatNumber(e.noteMax)})`}</span>
              </Tooltip>
            </TableCell>
          ))}
          <TableCell align="right">Moyenne</TableCell>
          <TableCell>Résultat</TableCell>
          <TableCell>Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {view.lignes.map((line) => (
          <TableRow key={line.candidatureId} data-candidat={line.numeroCandidat}>
            <TableCell>{line.rang ?? '—'}</TableCell>
            <TableCell>{line.numeroCandidat}</TableCell>
            <TableCell>{nameOf(line)}</TableCell>
            <TableCell>{line.metier}</TableCell>
            {view.epreuves.map((e) => {
              const mark = line.notes.find((n) => n.epreuveId === e.id);
              return (
                <TableCell key={e.id} align="right">
                  {!mark
                    ? ''
                    : mark.absent
                      ? 'Abs.'
                      : mark.note === null
                        ? '—'
                        : formatMark(mark.note)}
                </TableCell>
              );
            })}
            <TableCell align="right">
              {line.moyenne === null ? '—' : formatMark(line.moyenne)}
            </TableCell>
            <TableCell>
              <Stack spacing={0.5} alignItems="flex-start">
                <ResultChip line={line} />
                {line.aRedeliberer ? (
                  <Tooltip title={(line.revisions ?? []).map((r) => r.detail).join(' ; ')}>
                    <Chip size="small" color="warning" variant="outlined" label="À redélibérer" />
                  </Tooltip>
                ) : null}
              </Stack>
            </TableCell>
            <LineActions
              line={line}
              view={view}
              closed={closed}
              can={can}
              setDialogue={setDialogue}
              setResultat={setResultat}
            />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);
