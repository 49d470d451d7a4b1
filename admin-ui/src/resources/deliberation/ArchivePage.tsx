import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { NamedSelect } from '../../common/filters';
import { plural, useOfficeTimeZone } from '../../common/format';
import { ArchivedVersions } from './ArchivedVersions';
import { PvGenerationPanel } from './PvGenerationPanel';
import { usePvGeneration, type ArchivedVersion } from './shared';

interface JuryChoice {
  id: string;
  libelle: string;
  close: boolean;
}
interface CentreChoice {
  id: string;
  libelle: string;
  candidats: number;
  versions: ArchivedVersion[];
}
interface Choices {
  sessions: { id: string; libelle: string; statut: string }[];
  jurys?: JuryChoice[];
  centres?: CentreChoice[];
}

/**
 * « Sauvegarde des PV »: a session, one of its juries, one of the jury's centres d'examen; the PV
 * generated from the closed deliberation (the workers make it), previewed, then archived after a
 * confirmation as the next version with its SHA-256. The versions already archived are listed:
 * an archived version never changes.
 */
export const ArchivePage = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const timeZone = useOfficeTimeZone();
  const [choices, setChoices] = useState<Choices>({ sessions: [] });
  const [sessionId, setSessionId] = useState('');
  const [juryId, setJuryId] = useState('');
  const [centreId, setCentreId] = useState('');
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { generation, generate, reset } = usePvGeneration();
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const query = new URLSearchParams({
      ...(sessionId ? { sessionId } : {}),
      ...(sessionId && juryId ? { juryId } : {}),
    }).toString();
    dataProvider
      .read<Choices>(`archives-pv/choix${query ? `?${query}` : ''}`)
      .then((found) => {
        setChoices(found);
        setError(undefined);
        if (!sessionId && found.sessions[0]) setSessionId(found.sessions[0].id);
        if (sessionId && !juryId && found.jurys?.[0]) setJuryId(found.jurys[0].id);
        if (juryId && !centreId && found.centres?.[0]) setCentreId(found.centres[0].id);
      })
      .catch((e: Error) => setError(e.message));
  }, [sessionId, juryId, version]);

  const jury = choices.jurys?.find((j) => j.id === juryId);
  const centre = choices.centres?.find((c) => c.id === centreId);
  const title = jury && centre ? `${jury.libelle} — ${centre.libelle}` : '';
  const nextVersion = (centre?.versions.length ?? 0) + 1;

  const archive = async () => {
    if (generation.etat !== 'genere') return;
    setBusy(true);
    try {
      await dataProvider.command('archives-pv', { data: { documentId: generation.documentId } });
      notify(`Procès-verbal archivé : version ${nextVersion}.`, { type: 'success' });
      setConfirming(false);
      reset();
      reload();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Sauvegarde des PV" />
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        <NamedSelect
          minWidth={260}
          helperText=" "
          label="Session"
          value={sessionId}
          onChange={(id) => {
            setSessionId(id);
            setJuryId('');
            setCentreId('');
            reset();
          }}
          items={choices.sessions}
        />
        <NamedSelect
          minWidth={260}
          label="Jury"
          value={juryId}
          onChange={(id) => {
            setJuryId(id);
            setCentreId('');
            reset();
          }}
          items={(choices.jurys ?? []).map((j) => ({
            id: j.id,
            libelle: `${j.libelle} — ${j.close ? 'délibération close' : 'délibération ouverte'}`,
          }))}
          helperText={
            sessionId && choices.jurys?.length === 0 ? 'Aucun jury pour cette session.' : ' '
          }
        />
        <NamedSelect
          minWidth={260}
          helperText=" "
          label="Centre d’examen"
          value={centreId}
          onChange={(id) => {
            setCentreId(id);
            reset();
          }}
          items={(choices.centres ?? []).map((c) => ({
            id: c.id,
            libelle: `${c.libelle} (${plural(c.candidats, 'candidat')})`,
          }))}
        />
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {jury && !jury.close ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          La délibération du jury « {jury.libelle} » n’est pas close : son procès-verbal se fait à
          partir des résultats arrêtés, une fois la délibération close (« Résultats et PV »).
        </Alert>
      ) : null}
      {jury?.close && centre ? (
        <PvGenerationPanel
          generation={generation}
          generate={() => void generate({ sessionId, juryId, centreExamenId: centreId })}
          setConfirming={setConfirming}
        />
      ) : null}
      {centre ? <ArchivedVersions versions={centre.versions} timeZone={timeZone} /> : null}
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>Archiver le procès-verbal</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Le procès-verbal « {title} » sera archivé comme version {nextVersion}, avec son
            empreinte SHA-256. Une version archivée ne change plus ; une nouvelle génération
            s’archive comme une nouvelle version.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Annuler</Button>
          <Button variant="contained" onClick={() => void archive()} disabled={busy}>
            Archiver
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
