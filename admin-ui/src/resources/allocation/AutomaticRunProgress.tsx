import AssessmentIcon from '@mui/icons-material/Assessment';
import {
  Box,
  Button,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useBasename, useGetMany } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime, formatNumber, plural } from '../../common/format';
import { BILAN, LIST, type Preview, type Run } from './automaticAllocationModel';
import { WITHIN_PAGE } from '../../common/filters';

export const Figure = ({ label, value, tone }: { label: string; value: number; tone?: string }) => (
  <Paper variant="outlined" sx={{ px: 2, py: 1, minWidth: 160 }}>
    <Typography variant="h5" component="p" color={tone}>
      {formatNumber(value)}
    </Typography>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
  </Paper>
);

/** Candidates left out and why (without a seat, refused at the application), by dossier. */
export const MotifTable = ({
  label,
  maxHeight,
  rows,
}: {
  label: string;
  maxHeight: number;
  rows: readonly { candidatureId: string; numeroDossier: string; libelle: string; motif: string }[];
}) => (
  <TableContainer sx={{ ...WITHIN_PAGE, maxHeight }}>
    <Table size="small" stickyHeader aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>N° dossier</TableCell>
          <TableCell>Nom</TableCell>
          <TableCell>Motif</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.candidatureId}>
            <TableCell>{r.numeroDossier}</TableCell>
            <TableCell>{r.libelle}</TableCell>
            <TableCell>{r.motif}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);

/** The refusals of a run, their dossiers named (number and name). */
const Refusals = ({ refus }: { refus: Run['refus'] }) => {
  const { data: dossiers = [] } = useGetMany(LIST, { ids: refus.map((r) => r.candidatureId) });
  const named = new Map(dossiers.map((d) => [String(d.id), d]));
  return (
    <MotifTable
      label="Candidats refusés à l’application"
      maxHeight={360}
      rows={refus.map((r) => ({
        candidatureId: r.candidatureId,
        numeroDossier: String(named.get(r.candidatureId)?.numeroDossier ?? ''),
        libelle: String(named.get(r.candidatureId)?.libelle ?? ''),
        motif: r.motif,
      }))}
    />
  );
};

/** The run's progress, then its outcome: the figures, its refusals, the way to the bilan. */
export const AutomaticRunProgress = ({
  run,
  preview,
  done,
  loadPreview,
}: {
  run: Run | undefined;
  preview: Preview | undefined;
  done: boolean;
  loadPreview: () => Promise<void>;
}) => {
  const basename = useBasename();
  return (
    <Box sx={{ mb: 3 }} data-testid="progression-affectation">
      <Typography variant="body2" gutterBottom aria-live="polite">
        {done
          ? 'Affectation terminée.'
          : `${formatNumber(run?.traites ?? 0)} / ${plural(run?.candidats ?? preview?.places ?? 0, 'candidat traité', 'candidats traités')}`}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={run?.progression ?? 0}
        aria-label="Progression de l’affectation"
        sx={{ height: 10, borderRadius: 1, mb: 2 }}
      />
      {done && run ? (
        <>
          <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
            <Figure label="Candidats placés" value={run.places} tone="success.main" />
            <Figure label="Refusés à l’application" value={run.refus.length} />
            <Figure label="Sans place" value={run.nonPlacesTotal} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Lancée le {formatDateTime(run.creeLe)} par {run.creePar}
            {run.termineeLe ? `, terminée le ${formatDateTime(run.termineeLe)}` : ''}.
          </Typography>
          {run.refus.length > 0 ? (
            <Box sx={{ mb: 2 }}>
              <Typography variant="subtitle1" gutterBottom>
                Candidats refusés à l’application
              </Typography>
              <Refusals refus={run.refus} />
            </Box>
          ) : null}
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              startIcon={<AssessmentIcon />}
              component={RouterLink}
              to={`${basename}/${BILAN}?${new URLSearchParams({ sessionId: run.sessionId }).toString()}`}
            >
              Voir le bilan d’affectation
            </Button>
            <Button onClick={() => void loadPreview()}>Prévisualiser de nouveau</Button>
          </Stack>
        </>
      ) : null}
    </Box>
  );
};
