import GavelIcon from '@mui/icons-material/Gavel';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import {
  formatFrenchDay,
  formatMark,
  OVERRIDE_RESULTS,
  RESULT_LABELS,
  type ComputedResult,
  type OverrideResult,
} from '@examens-pro/domain';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { useRouteCan } from '../../kit/useRouteCan';
import { readAfterCommand } from '../grades/shared';
import { JuryMinutesButtons } from '../minutes/JuryMinutesButtons';

const ROUTE = 'espace-examen/gestion-des-admissions/resultat-et-pv';

interface JuryChoice {
  id: string;
  libelle: string;
  statut: 'ouverte' | 'close';
  effectif: number | null;
  admis: number | null;
}
interface Choices {
  sessions: { id: string; libelle: string; statut: string }[];
  jurys: JuryChoice[];
}
interface MarkLine {
  epreuveId: string;
  note: number | null;
  absent: boolean;
}
interface Line {
  candidatureId: string;
  numeroCandidat: string;
  nom: string;
  prenoms: string;
  metier: string;
  notes: MarkLine[];
  moyenne: number | null;
  calcule: ComputedResult | null;
  resultat: ComputedResult | null;
  derogation: { resultat: OverrideResult; motif: string } | null;
  rang: number | null;
  manquantes: string[];
  aRedeliberer?: boolean;
  revisions?: { objet: string; detail: string; le: string; par: string }[];
  maintenant?: { moyenne: number | null; resultat: ComputedResult | null } | null;
}
interface View {
  jury: { id: string; libelle: string; sessionId: string };
  session: { statut: string };
  reference: { numeroArrete: string; dateArrete: string } | null;
  regles: { noteDePassage: number; noteEliminatoire: number | null };
  epreuves: { id: string; code: string; libelle: string; coefficient: number; noteMax: number }[];
  statut: 'ouverte' | 'close';
  provisoire: boolean;
  anonyme: boolean;
  numeroArrete: string | null;
  dateArrete: string | null;
  closLe: string | null;
  closPar: string | null;
  message?: string;
  lignes: Line[];
  bilan: Record<string, number> | null;
}

const RESULT_COLORS: Record<ComputedResult, 'success' | 'warning' | 'error' | 'default'> = {
  admis: 'success',
  ajourne: 'warning',
  elimine: 'error',
  absent: 'default',
};

const ResultChip = ({ line }: { line: Line }) => {
  if (!line.resultat)
    return (
      <Chip size="small" variant="outlined" label={`Manque : ${line.manquantes.join(', ')}`} />
    );
  const chip = (
    <Chip
      size="small"
      color={RESULT_COLORS[line.resultat]}
      label={`${RESULT_LABELS[line.resultat]}${line.derogation ? ' (décision du jury)' : ''}`}
    />
  );
  return line.derogation ? (
    <Tooltip
      title={`Résultat calculé : ${line.calcule ? RESULT_LABELS[line.calcule] : '—'}. Motif : ${line.derogation.motif}`}
    >
      {chip}
    </Tooltip>
  ) : (
    chip
  );
};

type Dialogue =
  | { kind: 'derogation'; line: Line }
  | { kind: 'retrait'; line: Line }
  | { kind: 'redeliberation'; line: Line }
  | { kind: 'cloture' };

/**
 * « Résultats et PV »: per jury, the provisional results computed from the grade sheets (marks
 * brought to 20, coefficients, ranks), the jury's overrides with their reason, the closing with the
 * session's reference that freezes the results, and after a dispute the re-deliberation of a
 * candidate. The minutes are made and archived under « Sauvegarde des PV ».
 */
export const ResultsPage = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const can = useRouteCan(ROUTE);
  const [choices, setChoices] = useState<Choices>({ sessions: [], jurys: [] });
  const [sessionId, setSessionId] = useState('');
  const [juryId, setJuryId] = useState('');
  const [view, setView] = useState<View>();
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  const [dialogue, setDialogue] = useState<Dialogue>();
  const [resultat, setResultat] = useState<OverrideResult>('admis');
  const [motif, setMotif] = useState('');
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    readAfterCommand<Choices>(
      `/api/deliberation-jurys/choix${sessionId ? `?sessionId=${encodeURIComponent(sessionId)}` : ''}`,
    )
      .then((found) => {
        setChoices(found);
        if (!sessionId && found.sessions[0]) setSessionId(found.sessions[0].id);
        if (sessionId && !found.jurys.some((j) => j.id === juryId))
          setJuryId(found.jurys[0]?.id ?? '');
      })
      .catch((e: Error) => setError(e.message));
  }, [sessionId, version]);

  useEffect(() => {
    if (!juryId) {
      setView(undefined);
      return;
    }
    readAfterCommand<View>(`/api/deliberation-jurys/${encodeURIComponent(juryId)}`)
      .then((found) => {
        setView(found);
        setError(undefined);
      })
      .catch((e: Error) => setError(e.message));
  }, [juryId, version]);

  const run = async (path: string, data: unknown, done: string) => {
    setBusy(true);
    try {
      await dataProvider.command(path, { method: 'POST', data });
      notify(done, { type: 'success' });
      setDialogue(undefined);
      setMotif('');
      reload();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const jury = `deliberations/${encodeURIComponent(juryId)}`;
  const confirm = () => {
    if (!dialogue) return;
    switch (dialogue.kind) {
      case 'derogation':
        return run(
          `${jury}/derogations`,
          { candidatureId: dialogue.line.candidatureId, resultat, motif },
          'Décision du jury enregistrée.',
        );
      case 'retrait':
        return run(
          `${jury}/derogations/retrait`,
          { candidatureId: dialogue.line.candidatureId, motif },
          'Décision du jury retirée.',
        );
      case 'redeliberation':
        return run(
          `${jury}/redeliberations`,
          { candidatureId: dialogue.line.candidatureId, motif },
          'Nouvelle délibération enregistrée.',
        );
      case 'cloture':
        return run(`${jury}/cloture`, {}, 'Délibération close : les résultats sont arrêtés.');
    }
  };

  const lift = () =>
    run(
      `configurations-notes/${encodeURIComponent(view!.jury.sessionId)}/anonymat/lever`,
      {},
      'Anonymat levé pour la délibération.',
    );

  const closed = view?.statut === 'close';
  const incomplete = (view?.bilan?.incomplets ?? 0) > 0;
  const nameOf = (line: Line) => `${line.nom} ${line.prenoms}`;

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
          {closed ? (
            <Alert severity="success" icon={<GavelIcon />}>
              Délibération close le {formatFrenchDay(view.closLe?.slice(0, 10))} par {view.closPar}{' '}
              — arrêté n° {view.numeroArrete} du {formatFrenchDay(view.dateArrete)}. Les résultats
              sont arrêtés ; un changement passe par une nouvelle délibération du candidat.
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
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" aria-label="Bilan">
              <Chip label={`${view.bilan.effectif} candidats`} />
              <Chip color="success" label={`${view.bilan.admis} admis`} />
              <Chip color="warning" label={`${view.bilan.ajournes} ajournés`} />
              <Chip color="error" label={`${view.bilan.elimines} éliminés`} />
              <Chip label={`${view.bilan.absents} absents`} />
              {view.bilan.incomplets ? (
                <Chip
                  variant="outlined"
                  label={`${view.bilan.incomplets} sans toutes leurs notes`}
                />
              ) : null}
              {view.bilan.aRedeliberer ? (
                <Chip
                  color="warning"
                  variant="outlined"
                  label={`${view.bilan.aRedeliberer} à redélibérer`}
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
          {view.lignes.length > 0 ? (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Résultats du jury">
                <TableHead>
                  <TableRow>
                    <TableCell>Rang</TableCell>
                    <TableCell>N° candidat</TableCell>
                    <TableCell>Nom et prénoms</TableCell>
                    <TableCell>Métier</TableCell>
                    {view.epreuves.map((e) => (
                      <TableCell key={e.id} align="right">
                        <Tooltip
                          title={`${e.libelle} — sur ${e.noteMax}, coefficient ${e.coefficient}`}
                        >
                          <span>{e.code}</span>
                        </Tooltip>
                      </TableCell>
                    ))}
                    <TableCell align="right">Moyenne</TableCell>
                    <TableCell>Résultat</TableCell>
                    <TableCell>Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {view.lignes.map((line) => (
                    <TableRow key={line.candidatureId} data-candidat={line.numeroCandidat}>
                      <TableCell>{line.rang ?? '—'}</TableCell>
                      <TableCell>{line.numeroCandidat}</TableCell>
                      <TableCell>{nameOf(line)}</TableCell>
                      <TableCell>{line.metier}</TableCell>
                      {view.epreuves.map((e) => {
                        const mark = line.notes.find((n) => n.epreuveId === e.id);
                        return (
                          <TableCell key={e.id} align="right">
                            {!mark
                              ? ''
                              : mark.absent
                                ? 'Abs.'
                                : mark.note === null
                                  ? '—'
                                  : formatMark(mark.note)}
                          </TableCell>
                        );
                      })}
                      <TableCell align="right">
                        {line.moyenne === null ? '—' : formatMark(line.moyenne)}
                      </TableCell>
                      <TableCell>
                        <Stack spacing={0.5} alignItems="flex-start">
                          <ResultChip line={line} />
                          {line.aRedeliberer ? (
                            <Tooltip
                              title={(line.revisions ?? []).map((r) => r.detail).join(' ; ')}
                            >
                              <Chip
                                size="small"
                                color="warning"
                                variant="outlined"
                                label="À redélibérer"
                              />
                            </Tooltip>
                          ) : null}
                        </Stack>
                      </TableCell>
                      <TableCell>
                        {!closed &&
                        !view.anonyme &&
                        can.action('deroger') &&
                        line.resultat &&
                        line.calcule !== 'absent' ? (
                          line.derogation ? (
                            <Button
                              size="small"
                              onClick={() => setDialogue({ kind: 'retrait', line })}
                            >
                              Retirer la décision
                            </Button>
                          ) : (
                            <Button
                              size="small"
                              onClick={() => {
                                setResultat(line.calcule === 'admis' ? 'ajourne' : 'admis');
                                setDialogue({ kind: 'derogation', line });
                              }}
                            >
                              Décision du jury
                            </Button>
                          )
                        ) : null}
                        {closed && line.aRedeliberer && can.action('redeliberer') ? (
                          <Button
                            size="small"
                            onClick={() => setDialogue({ kind: 'redeliberation', line })}
                          >
                            Nouvelle délibération
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          ) : !view.anonyme ? (
            <Alert severity="info">
              Aucun candidat affecté dans les centres et métiers de ce jury.
            </Alert>
          ) : null}
        </Stack>
      ) : null}
      <Dialog
        open={Boolean(dialogue)}
        onClose={() => setDialogue(undefined)}
        fullWidth
        maxWidth="sm"
      >
        {dialogue?.kind === 'cloture' && view ? (
          <>
            <DialogTitle>Clôturer la délibération</DialogTitle>
            <DialogContent>
              <Typography>
                Les résultats de {view.lignes.length} candidats seront arrêtés avec la référence de
                la session :{' '}
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
    </Box>
  );
};
