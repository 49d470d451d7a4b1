import KeyIcon from '@mui/icons-material/Key';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Button, useNotify, useRecordContext } from 'react-admin';
import { useRecordAction } from '../../../kit/useRecordAction';

/**
 * An administrator gives a temporary password; the user must replace it at the next sign-in
 * (their flag goes back to 0).
 */
export const ResetPasswordButton = () => {
  const record = useRecordContext();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ motDePasse?: string; confirmation?: string }>({});

  const close = () => {
    setOpen(false);
    setPassword('');
    setConfirmation('');
    setErrors({});
  };

  const { mutate, isPending } = useRecordAction<
    Error & { body?: { errors?: { motDePasse?: string } } }
  >({
    action: 'reinitialiser-mot-de-passe',
    data: { motDePasse: password },
    success: 'Mot de passe réinitialisé : l’utilisateur devra le changer à sa prochaine connexion.',
    onSuccess: close,
    onError: (error) => {
      if (error.body?.errors?.motDePasse) setErrors({ motDePasse: error.body.errors.motDePasse });
      else notify(error.message, { type: 'error' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (password.length < 8) found.motDePasse = 'Le mot de passe compte au moins 8 caractères.';
    if (confirmation !== password)
      found.confirmation = 'La confirmation ne correspond pas au mot de passe.';
    setErrors(found);
    if (Object.keys(found).length === 0) mutate();
  };

  if (!record) return null;
  return (
    <>
      <Button label="Réinitialiser le mot de passe" onClick={() => setOpen(true)}>
        <KeyIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="reset-password-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="reset-password-title">Réinitialiser le mot de passe</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Donnez un mot de passe provisoire à {String(record.prenoms)} {String(record.nom)} ; il
              devra le changer à sa prochaine connexion.
            </DialogContentText>
            <TextField
              label="Mot de passe provisoire"
              type="password"
              autoComplete="new-password"
              fullWidth
              margin="normal"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(errors.motDePasse)}
              helperText={errors.motDePasse ?? 'Au moins 8 caractères.'}
              autoFocus
            />
            <TextField
              label="Confirmation du mot de passe provisoire"
              type="password"
              autoComplete="new-password"
              fullWidth
              margin="normal"
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
              error={Boolean(errors.confirmation)}
              helperText={errors.confirmation}
            />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close}>Annuler</MuiButton>
            <MuiButton type="submit" variant="contained" disabled={isPending}>
              Réinitialiser
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
