import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Collapse,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiJson, fetchWithCsrf, handleAccessAnswer } from '../../common/api';

interface Choice {
  readonly id: string;
  readonly libelle: string;
}
interface Problem {
  readonly ligne: number;
  readonly colonne: string;
  readonly message: string;
}
interface Progress {
  readonly statut: 'en-cours' | 'terminee';
  readonly lignes: number;
  readonly traitees: number;
  readonly creees: number;
  readonly soumises: number;
  readonly brouillons: number;
  readonly ignorees: number;
  readonly progression: number;
  readonly anomalies: readonly { ligne: number; motif: string }[];
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const query = (filter: Record<string, unknown>) =>
  `filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,999]')}`;
const number = new Intl.NumberFormat('fr-FR');

/**
 * « Soumettre une liste d’agents » (seed §5): session, métier and centre de dépôt (an enrôleur's own,
 * fixed), the file (CSV or XLSX) → Vérifier (the seed's message and every offending row) →
 * Appliquer → the dossiers' creation followed until done, then the list of candidates of the
 * session. Loaded with the registration page, apart from the dashboard's first load.
 */
export const PersonListPanel = () => {
  const [sessions, setSessions] = useState<Choice[]>([]);
  const [metiers, setMetiers] = useState<Choice[]>([]);
  const [centres, setCentres] = useState<Choice[]>([]);
  const [ownCentre, setOwnCentre] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState('');
  const [metierId, setMetierId] = useState('');
  const [centreDepotId, setCentreDepotId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [verified, setVerified] = useState<{ verificationId: string; lignes: number } | null>(null);
  const [listeId, setListeId] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    void apiJson<Choice[]>(`/api/sessions?${query({ statut: 'inscriptions-ouvertes' })}`)
      .then(setSessions)
      .catch(() => setSessions([]));
    void apiJson<Choice[]>(`/api/centres-depot?${query({ actif: true })}`)
      .then(setCentres)
      .catch(() => setCentres([]));
    void apiJson<{ centreDepotId?: string | null }>('/api/mon-compte')
      .then((me) => {
        if (me.centreDepotId) {
          setOwnCentre(me.centreDepotId);
          setCentreDepotId(me.centreDepotId);
        }
      })
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    setMetierId('');
    if (!sessionId) return setMetiers([]);
    void apiJson<(Choice & { metierId: string })[]>(
      `/api/metiers-ouverts?${query({ sessionId, actif: true })}`,
    )
      .then((items) =>
        setMetiers(items.map((item) => ({ id: item.metierId, libelle: item.libelle }))),
      )
      .catch(() => setMetiers([]));
  }, [sessionId]);
  // A new choice asks for a new verification.
  useEffect(() => {
    setVerified(null);
    setProblems([]);
    setError(null);
  }, [file, sessionId, metierId, centreDepotId]);
  // The list's progress, until its dossiers are all created.
  useEffect(() => {
    if (!listeId) return undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const found = await apiJson<Progress>(`/api/listes-candidats/${listeId}`);
        if (stopped) return;
        setProgress(found);
        if (found.statut === 'terminee') return;
      } catch {
        // Not projected yet: asked again.
      }
      if (!stopped) setTimeout(() => void poll(), 500);
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [listeId]);

  const verify = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    setProblems([]);
    try {
      const response = await fetchWithCsrf(
        `/api/listes-candidats/verifier?sessionId=${encodeURIComponent(sessionId)}`,
        {
          method: 'POST',
          headers: {
            'Content-Type': file.name.toLowerCase().endsWith('.xlsx') ? XLSX : 'text/csv',
            Accept: 'application/json',
          },
          body: file,
        },
      );
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok) {
        handleAccessAnswer(response.status, body.code as string | undefined);
        setError(typeof body.message === 'string' ? body.message : 'Vérification impossible.');
        setProblems(Array.isArray(body.lignes) ? (body.lignes as Problem[]) : []);
        return;
      }
      setVerified(body as unknown as { verificationId: string; lignes: number });
    } finally {
      setBusy(false);
    }
  };

  const applyList = async () => {
    if (!verified) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await apiJson<{ id: string }>('/api/listes-candidats', {
        method: 'POST',
        json: { verificationId: verified.verificationId, sessionId, metierId, centreDepotId },
      });
      setProgress(null);
      setListeId(answer.id);
    } catch (e) {
      setError((e as Error).message);
      const lignes = e instanceof ApiError ? (e.body as { lignes?: Problem[] }).lignes : undefined;
      setProblems(Array.isArray(lignes) ? lignes : []);
    } finally {
      setBusy(false);
    }
  };

  const ready = Boolean(sessionId && metierId && centreDepotId && file);
  const done = progress?.statut === 'terminee';
  return (
    <Card sx={{ mt: 1, mb: 2 }} data-testid="liste-agents">
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between">
          <Typography variant="h6">Soumettre une liste d’agents</Typography>
          <Button
            variant={opened ? 'text' : 'outlined'}
            startIcon={<UploadFileIcon />}
            onClick={() => setOpened(!opened)}
            aria-expanded={opened}
          >
            {opened ? 'Fermer' : 'Soumettre une liste d’agents'}
          </Button>
        </Stack>
        <Collapse in={opened} unmountOnExit={false}>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
            Un fichier CSV (séparé par « ; » ou « , ») ou XLSX, colonnes nom, prenoms, sexe,
            nationalite, lieu_naissance, telephone, matricule, date_naissance,
            date_premiere_prise_service (facultatives : langue, niveau). Chaque ligne devient un
            dossier soumis, catégorie « Agent ».
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <TextField
              select
              label="Session"
              value={sessionId}
              onChange={(e) => setSessionId(e.target.value)}
              sx={{ minWidth: 220 }}
              disabled={Boolean(listeId)}
            >
              {sessions.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.libelle}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Métier"
              value={metierId}
              onChange={(e) => setMetierId(e.target.value)}
              sx={{ minWidth: 220 }}
              disabled={!sessionId || Boolean(listeId)}
            >
              {metiers.map((m) => (
                <MenuItem key={m.id} value={m.id}>
                  {m.libelle}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Centre de dépôt"
              value={centreDepotId}
              onChange={(e) => setCentreDepotId(e.target.value)}
              sx={{ minWidth: 220 }}
              disabled={Boolean(ownCentre) || Boolean(listeId)}
              helperText={ownCentre ? 'Votre centre de dépôt.' : undefined}
            >
              {centres.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.libelle}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => input.current?.click()}
              disabled={Boolean(listeId)}
            >
              Choisir le fichier
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              data-testid="fichier-liste"
              accept=".csv,.xlsx,text/csv"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <Typography variant="body2">{file?.name ?? 'Aucun fichier choisi'}</Typography>
            <Button
              variant="contained"
              onClick={() => void verify()}
              disabled={!ready || busy || Boolean(listeId)}
            >
              Vérifier
            </Button>
            <Button
              variant="contained"
              color="success"
              onClick={() => void applyList()}
              disabled={!verified || busy || Boolean(listeId)}
            >
              Appliquer
            </Button>
          </Stack>
          {busy && <LinearProgress sx={{ mb: 2 }} />}
          {verified && !listeId && (
            <Alert severity="success" sx={{ mb: 2 }}>
              Liste valide : {number.format(verified.lignes)} ligne{verified.lignes > 1 ? 's' : ''}.
              Appliquez-la pour créer les dossiers.
            </Alert>
          )}
          {error && (
            <Alert
              severity="error"
              sx={{ mb: 2, whiteSpace: 'pre-line' }}
              data-testid="erreur-liste"
            >
              {error}
            </Alert>
          )}
          {problems.length > 0 && (
            <Box sx={{ maxHeight: 320, overflow: 'auto', mb: 2 }}>
              <Table size="small" stickyHeader data-testid="lignes-refusees">
                <TableHead>
                  <TableRow>
                    <TableCell>Ligne</TableCell>
                    <TableCell>Colonne</TableCell>
                    <TableCell>Message</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {problems.map((p) => (
                    <TableRow key={`${p.ligne}-${p.colonne}`}>
                      <TableCell>{p.ligne}</TableCell>
                      <TableCell>{p.colonne}</TableCell>
                      <TableCell sx={{ whiteSpace: 'pre-line' }}>{p.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          {listeId && (
            <Box data-testid="progression-liste">
              <Typography variant="body2" gutterBottom>
                {done
                  ? `Liste appliquée : ${number.format(progress.creees)} dossier${progress.creees > 1 ? 's' : ''} créé${progress.creees > 1 ? 's' : ''} (${number.format(progress.soumises)} soumis, ${number.format(progress.brouillons)} brouillon${progress.brouillons > 1 ? 's' : ''}), ${number.format(progress.ignorees)} ligne${progress.ignorees > 1 ? 's' : ''} ignorée${progress.ignorees > 1 ? 's' : ''}.`
                  : `Création des dossiers : ${number.format(progress?.traitees ?? 0)} / ${number.format(progress?.lignes ?? verified?.lignes ?? 0)}`}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={progress?.progression ?? 0}
                sx={{ height: 10, borderRadius: 1, mb: 2 }}
              />
              {done && progress.anomalies.length > 0 && (
                <Alert severity="warning" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
                  {progress.anomalies.map((a) => `Ligne ${a.ligne} : ${a.motif}`).join('\n')}
                </Alert>
              )}
              {done && (
                <Button
                  size="small"
                  sx={{ mr: 2 }}
                  onClick={() => {
                    setListeId(null);
                    setProgress(null);
                    setFile(null);
                    if (input.current) input.current.value = '';
                  }}
                >
                  Soumettre une autre liste
                </Button>
              )}
              {done && (
                <Link
                  href={`/tableau-de-bord/inscription/candidats/liste?filter=${encodeURIComponent(JSON.stringify({ sessionId }))}`}
                >
                  Voir les candidats de la session
                </Link>
              )}
            </Box>
          )}
        </Collapse>
      </CardContent>
    </Card>
  );
};
