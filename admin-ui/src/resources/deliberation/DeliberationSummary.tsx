import GavelIcon from '@mui/icons-material/Gavel';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { formatFrenchDay } from '@examens-pro/domain';
import { plural } from '../../common/format';
import type { RouteRights } from '../../kit/useRouteCan';
import { JuryMinutesButtons } from './JuryMinutesButtons';
import type { Dialogue, View } from './resultsModel';

/**
 * The state of a jury's deliberation: closed (its minutes) or provisional, its anonymity, its
 * bilan, and the closing when allowed.
 */
export const DeliberationSummary = ({
  view,
  closed,
  incomplete,
  can,
  busy,
  lift,
  setDialogue,
}: {
  view: View;
  closed: boolean;
  incomplete: boolean;
  can: RouteRights;
  busy: boolean;
  lift: () => Promise<void>;
  setDialogue: (dialogue: Dialogue) => void;
}) => (
  <>
    {closed ? (
      <Alert severity="success" icon={<GavelIcon />}>
        Délibération close le {formatFrenchDay(view.closLe?.slice(0, 10))} par {view.closPar} —
        arrêté n° {view.numeroArrete} du {formatFrenchDay(view.dateArrete)}. Les résultats sont
        arrêtés ; un changement passe par une nouvelle délibération du candidat.
      </Alert>
    ) : (
      <Alert severity="info">
        Résultats provisoires : ils ne valent qu’après la clôture de la délibération. Note de
        passage {view.regles.noteDePassage}/20
        {view.regles.noteEliminatoire !== null
          ? `, note éliminatoire ${view.regles.noteEliminatoire}/20`
          : ''}
        .
      </Alert>
    )}
    {closed ? (
      <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
        <Typography variant="subtitle1">Procès-verbal du jury, par centre :</Typography>
        <JuryMinutesButtons sessionId={view.jury.sessionId} juryId={view.jury.id} />
      </Stack>
    ) : null}
    {view.anonyme ? (
      <Alert
        severity="warning"
        action={
          can.action('cloturer') ? (
            <Button color="inherit" onClick={lift} disabled={busy}>
              Lever l’anonymat
            </Button>
          ) : undefined
        }
      >
        {view.message}
      </Alert>
    ) : null}
    {view.bilan ? (
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" role="group" aria-label="Bilan">
        <Chip label={plural(view.bilan.effectif ?? 0, 'candidat')} />
        <Chip color="success" label={plural(view.bilan.admis ?? 0, 'admis', 'admis')} />
        <Chip color="warning" label={plural(view.bilan.ajournes ?? 0, 'ajourné')} />
        <Chip color="error" label={plural(view.bilan.elimines ?? 0, 'éliminé')} />
        <Chip label={plural(view.bilan.absents ?? 0, 'absent')} />
        {view.bilan.incomplets ? (
          <Chip
            variant="outlined"
            label={`${plural(view.bilan.incomplets, 'candidat')} sans toutes ${view.bilan.incomplets > 1 ? 'leurs' : 'ses'} notes`}
          />
        ) : null}
        {view.bilan.aRedeliberer ? (
          <Chip
            color="warning"
            variant="outlined"
            label={`${plural(view.bilan.aRedeliberer, 'candidat')} à redélibérer`}
          />
        ) : null}
      </Stack>
    ) : null}
    {!closed && !view.anonyme && can.action('cloturer') ? (
      <Box>
        <Button
          variant="contained"
          startIcon={<GavelIcon />}
          onClick={() => setDialogue({ kind: 'cloture' })}
          disabled={busy || incomplete || view.lignes.length === 0}
        >
          Clôturer la délibération
        </Button>
        {incomplete ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Clôture possible quand chaque candidat a une présence et une note retenue à chaque
            épreuve.
          </Typography>
        ) : null}
      </Box>
    ) : null}
  </>
);
