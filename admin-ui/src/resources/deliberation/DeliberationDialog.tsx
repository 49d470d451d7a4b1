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
import { nameOf, type Dialogue, type View } from './resultsModel';

/**
 * The dialog of a command on the jury: the closing, or a candidate's decision, its withdrawal or
 * the re-deliberation (each with a reason).
 */
export const DeliberationDialog = ({
  dialogue,
  setDialogue,
  view,
  resultat,
  setResultat,
  motif,
  setMotif,
  busy,
  confirm,
}: {
  dialogue: Dialogue | undefined;
  setDialogue: (dialogue: Dialogue | undefined) => void;
  view: View | undefined;
  resultat: OverrideResult;
  setResultat: (resultat: OverrideResult) => void;
  motif: string;
  setMotif: (motif: string) => void;
  busy: boolean;
  confirm: () => Promise<void> | undefined;
}) => (
  <Dialog open={Boolean(dialogue)} onClose={() => setDialogue(undefined)} fullWidth maxWidth="sm">
    {dialogue?.kind === 'cloture' && view ? (
      <>
        <DialogTitle>Clôturer la délibération</DialogTitle>
        <DialogContent>
          <Typography>
            Les résultats de {view.lignes.length} candidats seront arrêtés avec la référence de la
            session :{' '}
            {view.reference
              ? `arrêté n° ${view.reference.numeroArrete} du ${formatFrenchDay(view.reference.dateArrete)}`
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
                value={resultat}
                onChange={(e) => setResultat(e.target.value as OverrideResult)}
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
              value={motif}
              onChange={(e) => setMotif(e.target.value)}
            />
          </Stack>
        </DialogContent>
      </>
    ) : null}
    <DialogActions>
      <Button onClick={() => setDialogue(undefined)}>Annuler</Button>
      <Button variant="contained" onClick={confirm} disabled={busy}>
        Confirmer
      </Button>
    </DialogActions>
  </Dialog>
);
