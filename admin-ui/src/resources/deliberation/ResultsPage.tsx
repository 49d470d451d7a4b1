import { Alert, Box, Stack } from '@mui/material';
import { Title } from 'react-admin';
import { NamedSelect } from '../../common/filters';
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
  const deliberation = useDeliberation();

  const closed = deliberation.view?.statut === 'close';
  const incomplete = (deliberation.view?.bilan?.incomplets ?? 0) > 0;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Résultats et PV" />
      <Stack direction="row" spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <NamedSelect
          label="Session"
          value={deliberation.sessionId}
          onChange={(id) => {
            deliberation.setSessionId(id);
            deliberation.setJuryId('');
          }}
          items={deliberation.choices.sessions}
          minWidth={240}
        />
        <NamedSelect
          label="Jury"
          value={deliberation.juryId}
          onChange={deliberation.setJuryId}
          items={deliberation.choices.jurys}
          minWidth={280}
          helperText={
            deliberation.choices.jurys.length === 0 ? 'Aucun jury pour cette session.' : ' '
          }
          itemText={(j) =>
            `${j.libelle} — ${j.statut === 'close' ? 'délibération close' : 'délibération ouverte'}`
          }
        />
      </Stack>
      {deliberation.error ? <Alert severity="error">{deliberation.error}</Alert> : null}
      {deliberation.view ? (
        <Stack spacing={2}>
          <DeliberationSummary
            view={deliberation.view}
            closed={closed}
            incomplete={incomplete}
            can={can}
            busy={deliberation.busy}
            lift={deliberation.lift}
            setDialogue={deliberation.setDialogue}
          />
          {deliberation.view.lignes.length > 0 ? (
            <ResultsTable
              view={deliberation.view}
              closed={closed}
              can={can}
              setDialogue={deliberation.setDialogue}
              setResultat={deliberation.setResultat}
            />
          ) : !deliberation.view.anonyme ? (
            <Alert severity="info">
              Aucun candidat affecté dans les centres et métiers de ce jury.
            </Alert>
          ) : null}
        </Stack>
      ) : null}
      <DeliberationDialog deliberation={deliberation} />
    </Box>
  );
};
