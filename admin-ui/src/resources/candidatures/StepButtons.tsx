import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState, type ReactElement } from 'react';
import { Button, Confirm, useGetList, useRecordContext } from 'react-admin';
import { referenceResource } from '../../kit/routes';
import { useRecordAction } from '../../kit/useRecordAction';
import { useRouteCan } from '../../kit/useRouteCan';

/** One step of the dossier, confirmed in a dialog that says what it means. */
const StepButton = ({
  action,
  label,
  icon,
  question,
  success,
}: {
  action: string;
  label: string;
  icon: ReactElement;
  question: string;
  success: string;
}) => {
  const [open, setOpen] = useState(false);
  const { mutate, isPending } = useRecordAction({
    action,
    success,
    onSettled: () => setOpen(false),
  });
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} disabled={isPending}>
        {icon}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`${label} ?`}
        content={question}
        confirm="ra.action.confirm"
        cancel="ra.action.cancel"
        onConfirm={() => mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** Rejecting asks for the motif (the configured list) and an optional comment. */
const RejectButton = () => {
  const [open, setOpen] = useState(false);
  const [motifId, setMotifId] = useState('');
  const [commentaire, setCommentaire] = useState('');
  const [error, setError] = useState<string>();
  const { data: motifs = [] } = useGetList(referenceResource('motifs-rejet'), {
    filter: { actif: true },
    sort: { field: 'libelle', order: 'ASC' },
    pagination: { page: 1, perPage: 200 },
  });
  const { mutate, isPending } = useRecordAction<Error & { body?: { message?: string } }>({
    action: 'rejeter',
    data: { motifId, commentaire },
    success: 'Le dossier est rejeté.',
    onSuccess: () => setOpen(false),
    onError: (e) => setError(e.body?.message ?? e.message),
  });
  return (
    <>
      <Button label="Rejeter" onClick={() => setOpen(true)} disabled={isPending}>
        <CloseIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Rejeter le dossier ?</DialogTitle>
        <DialogContent>
          <TextField
            select
            label="Motif du rejet"
            value={motifId}
            onChange={(event) => setMotifId(event.target.value)}
            fullWidth
            margin="normal"
            required
            error={Boolean(error) && !motifId}
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
          <Button label="Rejeter" onClick={() => mutate()} disabled={isPending} />
        </DialogActions>
      </Dialog>
    </>
  );
};

/**
 * The steps the dossier's statut allows, each for who holds its permission: Soumettre (a
 * brouillon), Valider and Rejeter (a submitted dossier), Désister (until it is closed).
 */
export const StepButtons = () => {
  const record = useRecordContext();
  const can = useRouteCan();
  if (!record) return null;
  const statut = String(record.statut);
  return (
    <>
      {statut === 'brouillon' && can.action('soumettre') ? (
        <StepButton
          action="soumettre"
          label="Soumettre"
          icon={<SendIcon />}
          question="Le dossier sera transmis pour validation ; il reste modifiable jusqu’à la date limite de la session."
          success="Le dossier est soumis."
        />
      ) : null}
      {statut === 'soumis' && can.action('valider') ? (
        <StepButton
          action="valider"
          label="Valider"
          icon={<CheckIcon />}
          question="Le dossier sera validé : le candidat pourra être affecté à un site de composition."
          success="Le dossier est validé."
        />
      ) : null}
      {statut === 'soumis' && can.action('rejeter') ? <RejectButton /> : null}
      {['brouillon', 'soumis', 'valide'].includes(statut) && can.action('desister') ? (
        <StepButton
          action="desister"
          label="Désister"
          icon={<UndoIcon />}
          question="Le candidat se retire de la session : son dossier sera clos."
          success="Le désistement est enregistré."
        />
      ) : null}
    </>
  );
};
