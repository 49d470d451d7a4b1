import {
  Alert,
  Box,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { SESSION_STATUS_LABELS, type SessionStatus } from '@examens-pro/domain';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { formatDateTime, useOfficeTimeZone } from '../../common/format';
import { useRouteCan } from '../../kit/useRouteCan';
import { SessionJuriesTable, type State } from '../deliberation/SessionJuriesTable';

const ROUTE = 'espace-examen/gestion-des-admissions/visibilite-des-resultats';

/**
 * « Visibilité des résultats »: per session, its juries and whether each has closed its
 * deliberation; the results made visible on the public lookup (once every jury has closed) or
 * hidden, and the average shown with them or not. Each change is recorded with who made it.
 */
export const VisibilityPage = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const timeZone = useOfficeTimeZone();
  const can = useRouteCan(ROUTE);
  const [sessions, setSessions] = useState<{ id: string; libelle: string; statut: string }[]>([]);
  const [sessionId, setSessionId] = useState('');
  const [state, setState] = useState<State>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    dataProvider
      .read<{ sessions: { id: string; libelle: string; statut: string }[] }>(
        'visibilites-resultats/choix',
      )
      .then((found) => {
        setSessions(found.sessions);
        if (found.sessions[0]) setSessionId((current) => current || found.sessions[0]!.id);
      })
      .catch((e: Error) => setError(e.message));
  }, []);

  useEffect(() => {
    if (!sessionId) return;
    dataProvider
      .read<State>(`visibilites-resultats/${encodeURIComponent(sessionId)}/jurys`)
      .then((found) => {
        setState(found);
        setError(undefined);
      })
      .catch((e: Error) => setError(e.message));
  }, [sessionId, version]);

  const set = async (visible: boolean, moyenneVisible: boolean) => {
    setBusy(true);
    try {
      await dataProvider.command(`visibilites-resultats/${encodeURIComponent(sessionId)}`, {
        method: 'PUT',
        data: { visible, moyenneVisible },
      });
      // Shown as recorded at once; the reload below brings who changed it and when.
      setState((current) => current && { ...current, visible, moyenneVisible });
      notify(
        visible
          ? `Résultats visibles sur la consultation publique${moyenneVisible ? ', avec la moyenne' : ', sans la moyenne'}.`
          : 'Résultats masqués sur la consultation publique.',
        { type: 'success' },
      );
      reload();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const open = state?.jurys.filter((j) => !j.close) ?? [];
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Visibilité des résultats" />
      <TextField
        select
        label="Session"
        value={sessions.some((s) => s.id === sessionId) ? sessionId : ''}
        onChange={(e) => setSessionId(e.target.value)}
        sx={{ minWidth: 280, mb: 2 }}
      >
        {sessions.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.libelle}
          </MenuItem>
        ))}
      </TextField>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {state ? (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Session à l’étape «{' '}
            {SESSION_STATUS_LABELS[state.statut as SessionStatus] ?? state.statut} ».
          </Typography>
          <SessionJuriesTable jurys={state.jurys} timeZone={timeZone} />
          {!state.toutesCloses ? (
            <Alert severity="info">
              {state.jurys.length === 0
                ? 'Cette session n’a aucun jury : ses résultats ne peuvent pas être rendus visibles.'
                : `Les résultats se rendent visibles une fois tous les jurys clos : ${open.map((j) => `« ${j.libelle} »`).join(', ')} ${open.length > 1 ? 'n’ont' : 'n’a'} pas encore clos.`}
            </Alert>
          ) : null}
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={1}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={state.visible}
                      disabled={busy || !can.write || (!state.visible && !state.toutesCloses)}
                      onChange={(e) => void set(e.target.checked, state.moyenneVisible)}
                    />
                  }
                  label="Résultats visibles sur la consultation publique"
                />
                <FormControlLabel
                  control={
                    <Switch
                      checked={state.moyenneVisible}
                      disabled={busy || !can.write || (state.visible && !state.toutesCloses)}
                      onChange={(e) => void set(state.visible, e.target.checked)}
                    />
                  }
                  label="Afficher la moyenne avec le résultat"
                />
                <Typography variant="body2" color="text.secondary">
                  {state.modifieLe
                    ? `Dernier changement le ${formatDateTime(state.modifieLe, timeZone)} par ${state.modifiePar ?? ''}.`
                    : 'Jamais réglée : les résultats ne sont pas visibles.'}
                </Typography>
              </Stack>
            </CardContent>
          </Card>
        </Stack>
      ) : null}
    </Box>
  );
};
