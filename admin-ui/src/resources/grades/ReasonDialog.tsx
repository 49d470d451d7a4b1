import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatMark } from '@examens-pro/domain';
import type { SheetRow } from './shared';

export type Reasoned = { kind: 'modification' | 'resolution'; row: SheetRow };

/** « ELEC-00002 », or on an anonymous sheet « la copie 004217 ». */
const named = (row: SheetRow) =>
  row.candidatureId ? row.numeroCandidat : `la copie ${row.numeroAnonymat ?? ''}`;

/** A retained mark changed, or a discrepancy resolved: the mark kept and its reason. */
export const ReasonDialog = ({
  dialog,
  noteMax,
  onClose,
  onSubmit,
}: {
  dialog: Reasoned;
  noteMax: number;
  onClose: () => void;
  onSubmit: (note: string, motif: string) => Promise<void>;
}) => {
  const [note, setNote] = useState(
    dialog.kind === 'modification' && dialog.row.note !== null ? formatMark(dialog.row.note) : '',
  );
  const [motif, setMotif] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const title =
    dialog.kind === 'modification'
      ? `Modifier la note de ${named(dialog.row)}`
      : `Résoudre l’écart de ${named(dialog.row)}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby="grade-reason-title">
      <DialogTitle id="grade-reason-title">{title}</DialogTitle>
      <DialogContent>
        {dialog.kind === 'resolution' ? (
          <Typography variant="body2" sx={{ mb: 2 }}>
            Saisies :{' '}
            {dialog.row.saisies.map((s) => `${formatMark(s.note)} par ${s.par}`).join(' ; ')}
          </Typography>
        ) : null}
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={`Note retenue (sur ${formatMark(noteMax)})`}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            autoFocus
          />
          <TextField
            label="Motif"
            value={motif}
            onChange={(e) => setMotif(e.target.value)}
            multiline
            minRows={2}
            required
          />
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onSubmit(note, motif);
            } catch (e) {
              setProblem((e as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          Enregistrer
        </Button>
      </DialogActions>
    </Dialog>
  );
};
