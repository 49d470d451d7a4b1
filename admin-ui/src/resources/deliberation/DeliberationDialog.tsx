import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  formatFrenchDay,
  formatMark,
  OVERRIDE_RESULTS,
  RESULT_LABELS,
  type OverrideResult,
} from '@examens-pro/domain';
import { nameOf } from './resultsModel';
import type { Deliberation } from './useDeliberation';

/**
 * The dialog of a command on the jury: the closing, or a candidate's decision, its withdrawal or
 * the re-deliberation (each with a reason).
 */
export const DeliberationDialog = ({ deliberation }: { deliberation: Deliberation }) => {
  // A local, so that its narrowing holds inside the callbacks.
  const dialogue = deliberation.dialogue;
  return (
    <Dialog
      open={Boolean(dialogue)}
      onClose={() => deliberation.setDialogue(undefined)}
      fullWidth
      maxWidth="sm"
    >
      {dialogue?.kind === 'cloture' && deliberation.view ? (
        <>
          <DialogTitle>Clôturer la délibération</DialogTitle>
          <DialogContent>
            <Typography>
              Les résultats de {deliberation.view.lignes.length} candidats seront arrêtés avec la
              référence de la session :{' '}
              {deliberation.view.reference
                ? `arrêté n° ${deliberation.view.reference.numeroArrete} du ${formatFrenchDay(deliberation.view.reference.dateArrete)}`
                : 'aucune référence enregistrée (la clôture sera refusée)'}
              . Ils ne changeront plus que par une nouvelle délibération d’un candidat.
            </Typography>
          </DialogContent>
        </>
      ) : dialogue && dialogue.kind !== 'cloture' ? (
        <>
          <DialogTitle>
            {dialogue.kind === 'derogation'
              ? 'Décision du jury'
              : dialogue.kind === 'retrait'
                ? 'Retirer la décision du jury'
                : 'Nouvelle délibération'}{' '}
            — {dialogue.line.numeroCandidat} {nameOf(dialogue.line)}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ mt: 1 }}>
              {dialogue.kind === 'derogation' ? (
                <TextField
                  select
                  label="Résultat décidé"
                  value={deliberation.resultat}
                  onChange={(e) => deliberation.setResultat(e.target.value as OverrideResult)}
                  helperText={`Résultat calculé : ${dialogue.line.calcule ? RESULT_LABELS[dialogue.line.calcule] : '—'}`}
                >
                  {OVERRIDE_RESULTS.filter((r) => r !== dialogue.line.calcule).map((r) => (
                    <MenuItem key={r} value={r}>
                      {RESULT_LABELS[r]}
                    </MenuItem>
                  ))}
                </TextField>
              ) : null}
              {dialogue.kind === 'redeliberation' ? (
                <Alert severity="info">
                  {(dialogue.line.revisions ?? []).map((r) => r.detail).join(' ; ')}
                  {dialogue.line.maintenant
                    ? ` — maintenant : moyenne ${dialogue.line.maintenant.moyenne === null ? '—' : formatMark(dialogue.line.maintenant.moyenne)}, ${dialogue.line.maintenant.resultat ? RESULT_LABELS[dialogue.line.maintenant.resultat] : 'notes incomplètes'}.`
                    : ''}
                </Alert>
              ) : null}
              <TextField
                label="Motif"
                required
                multiline
                minRows={2}
                value={deliberation.motif}
                onChange={(e) => deliberation.setMotif(e.target.value)}
              />
            </Stack>
          </DialogContent>
        </>
      ) : null}
      <DialogActions>
        <Button onClick={() => deliberation.setDialogue(undefined)}>Annuler</Button>
        <Button variant="contained" onClick={deliberation.confirm} disabled={deliberation.busy}>
          Confirmer
        </Button>
      </DialogActions>
    </Dialog>
  );
};
