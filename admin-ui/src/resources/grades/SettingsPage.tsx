import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { GRADE_WINDOW_LABELS, type GradeWindow } from '@examens-pro/domain';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { useRouteCan } from '../../kit/useRouteCan';
import { GradeSessionSelect, useGradeChoices } from './shared';

const ROUTE = 'espace-examen/notes/configuration';

const WINDOW_HELP: Record<GradeWindow, string> = {
  importation:
    'Ouverte : les notes s’importent par fichier et se saisissent dans la liste des notes (première et seconde saisie).',
  modification:
    'Ouverte : une note retenue peut être modifiée dans la liste des notes, avec un motif, par qui a la permission « Modifier une note ».',
};

/**
 * « Configuration des notes »: per session, the import window and the modification window (each
 * opened and closed under its own permission) and whether double entry is required.
 */
export const GradeSettingsPage = () => {
  const { choices, sessionId, setSessionId, error, reload } = useGradeChoices();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const can = useRouteCan(ROUTE);
  const [busy, setBusy] = useState(false);
  const settings = choices.configuration;
  const session = choices.sessions.find((s) => s.id === sessionId);

  const run = async (path: string, method: 'POST' | 'PUT', data: unknown, done: string) => {
    setBusy(true);
    try {
      await dataProvider.command(`configurations-notes/${encodeURIComponent(sessionId)}/${path}`, {
        method,
        data,
      });
      notify(done, { type: 'success' });
      reload();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Configuration des notes" />
      <Box sx={{ mb: 2 }}>
        <GradeSessionSelect choices={choices} value={sessionId} onChange={setSessionId} />
      </Box>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {settings ? (
        <Stack spacing={2}>
          {(['importation', 'modification'] as const).map((fenetre) => {
            const open =
              fenetre === 'importation'
                ? settings.importationOuverte
                : settings.modificationOuverte;
            return (
              <Card key={fenetre} variant="outlined">
                <CardContent>
                  <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
                    <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                      {GRADE_WINDOW_LABELS[fenetre]}
                    </Typography>
                    <Chip
                      icon={open ? <LockOpenIcon /> : <LockIcon />}
                      color={open ? 'success' : 'default'}
                      label={open ? 'Ouverte' : 'Fermée'}
                    />
                    {can.action(fenetre) ? (
                      <Button
                        variant="contained"
                        disabled={busy || !sessionId}
                        onClick={() =>
                          run(
                            `${fenetre}/${open ? 'fermer' : 'ouvrir'}`,
                            'POST',
                            undefined,
                            open ? 'Fenêtre fermée.' : 'Fenêtre ouverte.',
                          )
                        }
                      >
                        {open ? 'Fermer la fenêtre' : 'Ouvrir la fenêtre'}
                      </Button>
                    ) : null}
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {WINDOW_HELP[fenetre]}
                  </Typography>
                </CardContent>
              </Card>
            );
          })}
          <Card variant="outlined">
            <CardContent>
              <FormControlLabel
                control={
                  <Switch
                    checked={settings.doubleSaisie}
                    disabled={busy || !can.action('double-saisie')}
                    onChange={(e) =>
                      run(
                        'double-saisie',
                        'PUT',
                        { doubleSaisie: e.target.checked },
                        e.target.checked ? 'Double saisie exigée.' : 'Double saisie levée.',
                      )
                    }
                  />
                }
                label="Double saisie exigée"
              />
              <Typography variant="body2" color="text.secondary">
                Exigée : une note ne compte qu’une fois saisie deux fois, à l’identique, par deux
                personnes différentes ; deux saisies différentes sont un écart, résolu avec un
                motif. La règle ne change que fenêtres fermées.
              </Typography>
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
                <FormControlLabel
                  sx={{ flexGrow: 1 }}
                  control={
                    <Switch
                      checked={settings.anonymat}
                      disabled={busy || settings.anonymatLeve || !can.action('anonymat')}
                      onChange={(e) =>
                        run(
                          'anonymat',
                          'PUT',
                          { anonymat: e.target.checked },
                          e.target.checked ? 'Copies anonymes.' : 'Copies nominatives.',
                        )
                      }
                    />
                  }
                  label="Copies anonymes (épreuves écrites)"
                />
                {settings.anonymatLeve ? (
                  <Chip color="info" label="Anonymat levé pour la délibération" />
                ) : settings.anonymat && can.action('lever-anonymat') ? (
                  <Button
                    variant="outlined"
                    disabled={busy}
                    onClick={() => run('anonymat/lever', 'POST', undefined, 'Anonymat levé.')}
                  >
                    Lever l’anonymat
                  </Button>
                ) : null}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                Anonymes : les copies des épreuves écrites portent un numéro d’anonymat ; leurs
                notes se saisissent et s’importent par ce numéro, et le lien avec le candidat n’est
                levé que pour la délibération (à l’étape « Délibération », par qui délibère).
              </Typography>
            </CardContent>
          </Card>
          {session && !['composition', 'deliberation'].includes(session.statut) ? (
            <Alert severity="info">
              Les fenêtres ne s’ouvrent qu’aux étapes « Composition » et « Délibération » de la
              session.
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
};
