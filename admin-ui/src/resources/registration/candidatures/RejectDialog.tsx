import CloseIcon from '@mui/icons-material/Close';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { Button, useGetList } from 'react-admin';
import { referenceResource } from '../../../kit/routes';
import { useRecordAction } from '../../../kit/useRecordAction';

/**
 * « Rejeter » and its dialog: the motif (the configured list, active ones) and an optional
 * comment, sent as `{ motifId, commentaire }` to the record's `action`; the server's refusal is
 * shown under the motif. A dossier and each of its pièces are rejected the same way.
 */
export const RejectButton = ({
  action,
  title,
  confirm,
  success,
}: {
  action: string;
  title: string;
  confirm: string;
  success: string;
}) => {
  const [open, setOpen] = useState(false);
  const [motifId, setMotifId] = useState('');
  const [commentaire, setCommentaire] = useState('');
  const [error, setError] = useState<string>();
  const { data: motifs = [] } = useGetList(
    referenceResource('motifs-rejet'),
    {
      filter: { actif: true },
      sort: { field: 'libelle', order: 'ASC' },
      pagination: { page: 1, perPage: 200 },
    },
    { enabled: open },
  );
  const { mutate, isPending } = useRecordAction<Error & { body?: { message?: string } }>({
    action,
    data: { motifId, commentaire },
    success,
    onSuccess: () => setOpen(false),
    onError: (e) => setError(e.body?.message ?? e.message),
  });
  return (
    <>
      <Button label="Rejeter" onClick={() => setOpen(true)} disabled={isPending}>
        <CloseIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            select
            label="Motif du rejet"
            value={motifId}
            onChange={(event) => setMotifId(event.target.value)}
            fullWidth
            margin="normal"
            required
            error={Boolean(error)}
            helperText={error}
          >
            {motifs.map((motif) => (
              <MenuItem key={motif.id} value={String(motif.id)}>
                {String(motif.libelle)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Commentaire"
            value={commentaire}
            onChange={(event) => setCommentaire(event.target.value)}
            fullWidth
            multiline
            minRows={2}
            margin="normal"
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
          <Button label={confirm} onClick={() => mutate()} disabled={isPending} />
        </DialogActions>
      </Dialog>
    </>
  );
};
