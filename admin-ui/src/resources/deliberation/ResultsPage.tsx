import { Alert, Box, MenuItem, Stack, TextField } from '@mui/material';
import { Title } from 'react-admin';
import { useRouteCan } from '../../kit/useRouteCan';
import { DeliberationDialog } from './DeliberationDialog';
import { DeliberationSummary } from './DeliberationSummary';
import { ResultsTable } from './ResultsTable';
import { ROUTE } from './resultsModel';
import { useDeliberation } from './useDeliberation';

/**
 * « Résultats et PV »: per jury, the provisional results computed from the grade sheets (marks
 * brought to 20, coefficients, ranks), the jury's overrides with their reason, the closing with the
 * session's reference that freezes the results, and after a dispute the re-deliberation of a
 * candidate. The minutes are made and archived under « Sauvegarde des PV ».
 */
export const ResultsPage = () => {
  const can = useRouteCan(ROUTE);
  const {
    choices,
    sessionId,
    setSessionId,
    juryId,
    setJuryId,
    view,
    error,
    dialogue,
    setDialogue,
    resultat,
    setResultat,
    motif,
    setMotif,
    busy,
    confirm,
    lift,
  } = useDeliberation();

  const closed = view?.statut === 'close';
  const incomplete = (view?.bilan?.incomplets ?? 0) > 0;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Résultats et PV" />
      <Stack direction="row" spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <TextField
          select
          label="Session"
          value={sessionId}
          onChange={(e) => {
            setSessionId(e.target.value);
            setJuryId('');
          }}
          sx={{ minWidth: 240 }}
        >
          {choices.sessions.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.libelle}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Jury"
          value={juryId}
          onChange={(e) => setJuryId(e.target.value)}
          sx={{ minWidth: 280 }}
          helperText={choices.jurys.length === 0 ? 'Aucun jury pour cette session.' : ' '}
        >
          {choices.jurys.map((j) => (
            <MenuItem key={j.id} value={j.id}>
              {j.libelle} — {j.statut === 'close' ? 'délibération close' : 'délibération ouverte'}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {view ? (
        <Stack spacing={2}>
          <DeliberationSummary
            view={view}
            closed={closed}
            incomplete={incomplete}
            can={can}
            busy={busy}
            lift={lift}
            setDialogue={setDialogue}
          />
          {view.lignes.length > 0 ? (
            <ResultsTable
              view={view}
              closed={closed}
              can={can}
              setDialogue={setDialogue}
              setResultat={setResultat}
            />
          ) : !view.anonyme ? (
            <Alert severity="info">
              Aucun candidat affecté dans les centres et métiers de ce jury.
            </Alert>
          ) : null}
        </Stack>
      ) : null}
      <DeliberationDialog
        dialogue={dialogue}
        setDialogue={setDialogue}
        view={view}
        resultat={resultat}
        setResultat={setResultat}
        motif={motif}
        setMotif={setMotif}
        busy={busy}
        confirm={confirm}
      />
    </Box>
  );
};
