import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { formatDateTime, plural } from '../../common/format';
import {
  signatureImageUrl,
  type CurrentSignature,
  type DecisionChoice,
  type DepartementChoice,
} from './shared';

/** The confirmation of the signing: the signature shown, the decisions it goes on. */
export const SignConfirmDialog = ({
  confirming,
  setConfirming,
  busy,
  signature,
  chosen,
  sign,
}: {
  confirming: boolean;
  setConfirming: (confirming: boolean) => void;
  busy: boolean;
  signature: CurrentSignature | null | undefined;
  chosen: readonly { departement: DepartementChoice; decision: DecisionChoice }[];
  sign: () => Promise<void>;
}) => (
  <Dialog
    open={confirming}
    onClose={() => (busy ? undefined : setConfirming(false))}
    maxWidth="sm"
    fullWidth
  >
    <DialogTitle>Apposer la signature du ministre ?</DialogTitle>
    <DialogContent>
      <DialogContentText component="div">
        <p>
          La signature ci-dessous (version {signature?.numero}, déposée le{' '}
          {formatDateTime(signature?.deposeLe)} par {signature?.deposePar}) sera apposée sur{' '}
          {chosen.length === 1 ? 'la décision' : `les ${plural(chosen.length, 'décision')}`} :
        </p>
        <ul>
          {chosen.map(({ departement, decision }) => (
            <li key={decision.id}>
              {departement.libelle} — n° {departement.reference ?? '(non enregistré)'},{' '}
              {plural(decision.effectif, 'candidat admis', 'candidats admis')}
            </li>
          ))}
        </ul>
      </DialogContentText>
      {signature ? (
        <Box
          component="img"
          src={`${signatureImageUrl('courante')}?v=${signature.numero}`}
          alt="Signature du ministre à apposer"
          sx={{ display: 'block', maxHeight: 120, maxWidth: '100%', bgcolor: '#fff', my: 1 }}
        />
      ) : null}
      <Alert severity="warning">
        Une décision signée ne change plus : un changement de ses candidats demandera une nouvelle
        décision.
      </Alert>
    </DialogContent>
    <DialogActions>
      <Button onClick={() => setConfirming(false)} disabled={busy}>
        Annuler
      </Button>
      <Button
        variant="contained"
        onClick={() => void sign()}
        // A decision without its number is never confirmed (the page refuses it before).
        disabled={busy || chosen.some((x) => !x.departement.reference)}
      >
        Confirmer la signature
      </Button>
    </DialogActions>
  </Dialog>
);
