import AssessmentIcon from '@mui/icons-material/Assessment';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Confirm, Title, useBasename, useGetMany } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError, apiJson } from '../../common/api';
import { formatDateTime, formatNumber } from '../../common/format';
import { plural, SessionSelect, useSessions, WITHIN_PAGE } from './shared';

interface Counted {
  readonly id: string;
  readonly libelle: string;
  readonly candidats: number;
}

interface PreviewSite {
  readonly siteId: string;
  readonly libelle: string;
  readonly centre: string;
  readonly departement: string;
  readonly zone: string;
  readonly capacite: number;
  readonly occupes: number;
  readonly affectes: number;
  readonly libres: number;
  readonly metiers: readonly Counted[];
  readonly langues: readonly Counted[];
}

interface Preview {
  readonly sessionId: string;
  readonly empreinte: string;
  readonly candidats: number;
  readonly places: number;
  readonly nonPlacesTotal: number;
  readonly nonPlaces: readonly {
    candidatureId: string;
    motif: string;
    numeroDossier: string;
    libelle: string;
  }[];
  readonly sites: readonly PreviewSite[];
}

interface Run {
  readonly id: string;
  readonly sessionId: string;
  readonly statut: 'en-cours' | 'terminee';
  readonly candidats: number;
  readonly tranches: number;
  readonly tranchesAppliquees: number;
  readonly traites: number;
  readonly places: number;
  readonly nonPlaces: readonly { candidatureId: string; motif: string }[];
  readonly nonPlacesTotal: number;
  readonly refus: readonly { candidatureId: string; motif: string }[];
  readonly progression: number;
  readonly creeLe: string;
  readonly creePar: string;
  readonly termineeLe: string | null;
}

const LIST = 'inscription/candidats/liste';
const BILAN = 'inscription/candidats/bilan-affectation';

const counts = (items: readonly Counted[]) =>
  items.map((item) => `${item.libelle} : ${formatNumber(item.candidats)}`).join(', ');

const Figure = ({ label, value, tone }: { label: string; value: number; tone?: string }) => (
  <Paper variant="outlined" sx={{ px: 2, py: 1, minWidth: 160 }}>
    <Typography variant="h5" component="p" color={tone}>
      {formatNumber(value)}
    </Typography>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
  </Paper>
);

/** The refusals of a run, their dossiers named (number and name). */
const Refusals = ({ refus }: { refus: Run['refus'] }) => {
  const { data: dossiers = [] } = useGetMany(LIST, { ids: refus.map((r) => r.candidatureId) });
  const named = new Map(dossiers.map((d) => [String(d.id), d]));
  return (
    <TableContainer sx={{ ...WITHIN_PAGE, maxHeight: 360 }}>
      <Table size="small" stickyHeader aria-label="Candidats refusés à l’application">
        <TableHead>
          <TableRow>
            <TableCell>N° dossier</TableCell>
            <TableCell>Nom</TableCell>
            <TableCell>Motif</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {refus.map((r) => (
            <TableRow key={r.candidatureId}>
              <TableCell>{String(named.get(r.candidatureId)?.numeroDossier ?? '')}</TableCell>
              <TableCell>{String(named.get(r.candidatureId)?.libelle ?? '')}</TableCell>
              <TableCell>{r.motif}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/**
 * « Affectation automatique »: for a session, the plan as it would be applied now (« Prévisualiser
 * »: per site the candidates it places, their métiers and langues, and who is left without a seat,
 * why), then « Appliquer l’affectation »: the plan previewed (its fingerprint) is applied by the
 * server in chunks, its progress followed every second until done, then its outcome. A plan that
 * changed since the preview is refused (409): preview again.
 */
export const AutomaticAllocationPage = () => {
  const { sessions, sessionId, setSessionId, loaded, error: sessionsError } = useSessions();
  const basename = useBasename();
  const [preview, setPreview] = useState<Preview>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const [conflict, setConflict] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [started, setStarted] = useState<{ id: string; position: string }>();
  const [run, setRun] = useState<Run>();

  // Another session: its own preview.
  useEffect(() => {
    setPreview(undefined);
    setError(undefined);
    setConflict(undefined);
  }, [sessionId]);

  // The run's progress, read every second until it is done (the first read once projected).
  useEffect(() => {
    if (!started) return undefined;
    let stopped = false;
    let first = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const found = await apiJson<Run>(
          `/api/affectations-automatiques/${encodeURIComponent(started.id)}`,
          first ? { headers: { 'X-Min-Position': started.position } } : {},
        );
        first = false;
        if (stopped) return;
        setRun(found);
        if (found.statut === 'terminee') return;
      } catch {
        // Not projected yet: asked again.
      }
      if (!stopped) timer = setTimeout(() => void poll(), 1000);
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [started]);

  const loadPreview = async () => {
    if (!sessionId) return;
    setLoading(true);
    setError(undefined);
    setConflict(undefined);
    setStarted(undefined);
    setRun(undefined);
    try {
      setPreview(
        await apiJson<Preview>(
          `/api/affectations-automatiques/apercu?${new URLSearchParams({ sessionId }).toString()}`,
        ),
      );
    } catch (e) {
      setPreview(undefined);
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  };

  const apply = async () => {
    if (!preview) return;
    setSending(true);
    setError(undefined);
    try {
      const answer = await apiJson<{ id: string; revision: number; position: string }>(
        '/api/affectations-automatiques',
        { method: 'POST', json: { sessionId: preview.sessionId, empreinte: preview.empreinte } },
      );
      setRun(undefined);
      setStarted({ id: answer.id, position: String(answer.position) });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setConflict(e.message);
      else setError((e as Error).message);
    } finally {
      setSending(false);
      setConfirming(false);
    }
  };

  const sitesUsed = preview?.sites.filter((s) => s.affectes > 0).length ?? 0;
  const running = Boolean(started) && run?.statut !== 'terminee';
  const done = run?.statut === 'terminee';
  const busy = loading || sending || running;
  const question = preview
    ? `Affecter ${plural(preview.places, 'candidat')} à ${plural(sitesUsed, 'site')} ? Les numéros de candidat et de table seront attribués.`
    : '';

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
              disabled={busy}
            />
            <Button
              variant="outlined"
              startIcon={<VisibilityIcon />}
              onClick={() => void loadPreview()}
              disabled={!sessionId || busy}
            >
              Prévisualiser
            </Button>
            <Button
              variant="contained"
              startIcon={<PlayArrowIcon />}
              onClick={() => setConfirming(true)}
              disabled={
                !preview || preview.places === 0 || busy || Boolean(started) || Boolean(conflict)
              }
            >
              Appliquer l’affectation
            </Button>
          </Stack>
          <Confirm
            isOpen={confirming}
            loading={sending}
            title="Appliquer l’affectation ?"
            content={question}
            confirm="ra.action.confirm"
            cancel="ra.action.cancel"
            onConfirm={() => void apply()}
            onClose={() => setConfirming(false)}
          />

          {loading ? <LinearProgress sx={{ mb: 2 }} /> : null}
          {sessionsError || error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {sessionsError ?? error}
            </Alert>
          ) : null}
          {loaded && sessions.length === 0 && !sessionsError ? (
            <Typography>Aucune session.</Typography>
          ) : null}
          {conflict ? (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void loadPreview()}>
                  Prévisualiser de nouveau
                </Button>
              }
            >
              {conflict}
            </Alert>
          ) : null}

          {started ? (
            <Box sx={{ mb: 3 }} data-testid="progression-affectation">
              <Typography variant="body2" gutterBottom aria-live="polite">
                {done
                  ? 'Affectation terminée.'
                  : `${formatNumber(run?.traites ?? 0)} / ${formatNumber(run?.candidats ?? preview?.places ?? 0)} candidats traités`}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={run?.progression ?? 0}
                aria-label="Progression de l’affectation"
                sx={{ height: 10, borderRadius: 1, mb: 2 }}
              />
              {done && run ? (
                <>
                  <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
                    <Figure label="Candidats placés" value={run.places} tone="success.main" />
                    <Figure label="Refusés à l’application" value={run.refus.length} />
                    <Figure label="Sans place" value={run.nonPlacesTotal} />
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    Lancée le {formatDateTime(run.creeLe)} par {run.creePar}
                    {run.termineeLe ? `, terminée le ${formatDateTime(run.termineeLe)}` : ''}.
                  </Typography>
                  {run.refus.length > 0 ? (
                    <Box sx={{ mb: 2 }}>
                      <Typography variant="subtitle1" gutterBottom>
                        Candidats refusés à l’application
                      </Typography>
                      <Refusals refus={run.refus} />
                    </Box>
                  ) : null}
                  <Stack direction="row" spacing={2}>
                    <Button
                      variant="contained"
                      startIcon={<AssessmentIcon />}
                      component={RouterLink}
                      to={`${basename}/${BILAN}?${new URLSearchParams({ sessionId: run.sessionId }).toString()}`}
                    >
                      Voir le bilan d’affectation
                    </Button>
                    <Button onClick={() => void loadPreview()}>Prévisualiser de nouveau</Button>
                  </Stack>
                </>
              ) : null}
            </Box>
          ) : null}

          {preview && !started ? (
            <>
              <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
                <Figure label="Candidats à placer" value={preview.candidats} />
                <Figure label="Placés" value={preview.places} tone="success.main" />
                <Figure
                  label="Sans place"
                  value={preview.nonPlacesTotal}
                  tone={preview.nonPlacesTotal > 0 ? 'warning.main' : undefined}
                />
              </Stack>
              {preview.candidats === 0 ? (
                <Alert severity="info" sx={{ mb: 2 }}>
                  Aucun candidat validé de cette session n’attend d’être affecté.
                </Alert>
              ) : null}
              <Typography variant="subtitle1" gutterBottom>
                Répartition par site de composition
              </Typography>
              <TableContainer sx={{ ...WITHIN_PAGE, mb: 3 }}>
                <Table size="small" aria-label="Répartition par site de composition">
                  <TableHead>
                    <TableRow>
                      <TableCell>Zone</TableCell>
                      <TableCell>Département</TableCell>
                      <TableCell>Centre d’examen</TableCell>
                      <TableCell>Site de composition</TableCell>
                      <TableCell align="right">Capacité</TableCell>
                      <TableCell align="right">Déjà affectés</TableCell>
                      <TableCell align="right">Placés par l’affectation</TableCell>
                      <TableCell align="right">Places libres après</TableCell>
                      <TableCell>Métiers</TableCell>
                      <TableCell>Langues</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.sites.map((s) => (
                      <TableRow key={s.siteId}>
                        <TableCell>{s.zone}</TableCell>
                        <TableCell>{s.departement}</TableCell>
                        <TableCell>{s.centre}</TableCell>
                        <TableCell>{s.libelle}</TableCell>
                        <TableCell align="right">{formatNumber(s.capacite)}</TableCell>
                        <TableCell align="right">{formatNumber(s.occupes)}</TableCell>
                        <TableCell align="right">{formatNumber(s.affectes)}</TableCell>
                        <TableCell align="right">{formatNumber(s.libres)}</TableCell>
                        <TableCell>{counts(s.metiers)}</TableCell>
                        <TableCell>{counts(s.langues)}</TableCell>
                      </TableRow>
                    ))}
                    {preview.sites.length === 0 ? (
                      <TableRow>
                        <TableCell colSpan={10}>Aucun site de composition actif.</TableCell>
                      </TableRow>
                    ) : null}
                  </TableBody>
                </Table>
              </TableContainer>
              {preview.nonPlacesTotal > 0 ? (
                <>
                  <Typography variant="subtitle1" gutterBottom>
                    Candidats sans place ({formatNumber(preview.nonPlacesTotal)})
                  </Typography>
                  {preview.nonPlacesTotal > preview.nonPlaces.length ? (
                    <Typography variant="body2" color="text.secondary" gutterBottom>
                      Les {formatNumber(preview.nonPlaces.length)} premiers sont listés.
                    </Typography>
                  ) : null}
                  <TableContainer sx={{ ...WITHIN_PAGE, maxHeight: 400 }}>
                    <Table size="small" stickyHeader aria-label="Candidats sans place">
                      <TableHead>
                        <TableRow>
                          <TableCell>N° dossier</TableCell>
                          <TableCell>Nom</TableCell>
                          <TableCell>Motif</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {preview.nonPlaces.map((n) => (
                          <TableRow key={n.candidatureId}>
                            <TableCell>{n.numeroDossier}</TableCell>
                            <TableCell>{n.libelle}</TableCell>
                            <TableCell>{n.motif}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </TableContainer>
                </>
              ) : null}
            </>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
};
