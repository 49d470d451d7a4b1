import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { Confirm, Title } from 'react-admin';
import { AutomaticAllocationPreview } from './AutomaticAllocationPreview';
import { AutomaticRunProgress } from './AutomaticRunProgress';
import { SessionSelect } from '../../common/filters';
import { useSessions } from '../../common/useSessions';
import { useAutomaticAllocation } from './useAutomaticAllocation';

/**
 * « Affectation automatique »: for a session, the plan as it would be applied now (« Prévisualiser
 * »: per site the candidates it places, their métiers and langues, and who is left without a seat,
 * why), then « Appliquer l’affectation »: the plan previewed (its fingerprint) is applied by the
 * server in chunks, its progress followed every second until done, then its outcome. A plan that
 * changed since the preview is refused (409): preview again.
 */
export const AutomaticAllocationPage = () => {
  const { sessions, sessionId, setSessionId, loaded, error: sessionsError } = useSessions();
  const automatic = useAutomaticAllocation(sessionId);

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Affectation automatique" />
      <Card>
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Les candidats validés et non encore affectés de la session sont placés sur les sites de
            composition actifs du département de leur centre de dépôt, puis, faute de place, de leur
            zone, puis des autres zones, sans jamais dépasser la capacité d’un site ; un candidat
            dont le handicap l’exige ne va que sur un site accessible.
          </Typography>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            alignItems={{ md: 'center' }}
            sx={{ mb: 2 }}
          >
            <SessionSelect
              sessions={sessions}
              value={sessionId}
              onChange={setSessionId}
              disabled={automatic.busy}
            />
            <Button
              variant="outlined"
              startIcon={<VisibilityIcon />}
              onClick={() => void automatic.loadPreview()}
              disabled={!sessionId || automatic.busy}
            >
              Prévisualiser
            </Button>
            <Button
              variant="contained"
              startIcon={<PlayArrowIcon />}
              onClick={() => automatic.setConfirming(true)}
              disabled={
                !automatic.preview ||
                automatic.preview.places === 0 ||
                automatic.busy ||
                Boolean(automatic.started) ||
                Boolean(automatic.conflict)
              }
            >
              Appliquer l’affectation
            </Button>
          </Stack>
          <Confirm
            isOpen={automatic.confirming}
            loading={automatic.sending}
            title="Appliquer l’affectation ?"
            content={automatic.question}
            confirm="ra.action.confirm"
            cancel="ra.action.cancel"
            onConfirm={() => void automatic.apply()}
            onClose={() => automatic.setConfirming(false)}
          />

          {automatic.loading ? <LinearProgress sx={{ mb: 2 }} /> : null}
          {sessionsError || automatic.error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {sessionsError ?? automatic.error}
            </Alert>
          ) : null}
          {loaded && sessions.length === 0 && !sessionsError ? (
            <Typography>Aucune session.</Typography>
          ) : null}
          {automatic.conflict ? (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void automatic.loadPreview()}>
                  Prévisualiser de nouveau
                </Button>
              }
            >
              {automatic.conflict}
            </Alert>
          ) : null}

          {automatic.started ? (
            <AutomaticRunProgress
              run={automatic.run}
              preview={automatic.preview}
              done={automatic.done}
              loadPreview={automatic.loadPreview}
            />
          ) : null}

          {automatic.preview && !automatic.started ? (
            <AutomaticAllocationPreview preview={automatic.preview} />
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
};
