import CheckIcon from '@mui/icons-material/Check';
import {
  Alert,
  Box,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { plural } from '../../common/format';
import { submit } from '../../offline/outbox';
import { candidateName, useSheet, type SheetRow } from './shared';

type Presence = 'present' | 'absent';

/**
 * A presence's button: the one chosen is filled in its colour, bold, and ticked (✓ « Présent »),
 * so that it reads without telling colours apart.
 */
const PresenceButton = ({
  value,
  label,
  chosen,
}: {
  value: Presence;
  label: string;
  chosen: boolean;
}) => (
  <ToggleButton
    value={value}
    color={value === 'present' ? 'success' : 'error'}
    sx={{
      gap: 0.5,
      fontWeight: chosen ? 700 : 400,
      '&.Mui-selected': { borderWidth: 2, borderStyle: 'solid', borderColor: 'currentColor' },
    }}
  >
    {chosen ? <CheckIcon fontSize="small" aria-hidden /> : null}
    {label}
  </ToggleButton>
);

/** A candidate's presence: « Présent » or « Absent », the chosen one unmistakable. */
const PresenceToggle = ({
  numero,
  value,
  onChange,
}: {
  numero: string;
  value: Presence | null;
  onChange: (value: Presence) => void;
}) => (
  <ToggleButtonGroup
    size="small"
    exclusive
    value={value}
    onChange={(_e, next: Presence | null) => {
      if (next) onChange(next);
    }}
    aria-label={`Présence de ${numero}`}
  >
    <PresenceButton value="present" label="Présent" chosen={value === 'present'} />
    <PresenceButton value="absent" label="Absent" chosen={value === 'absent'} />
  </ToggleButtonGroup>
);

/** The sheet's candidates and their presence; one recorded offline is marked as waiting. */
const PresencesTable = ({
  rows,
  presenceOf,
  waiting,
  onChange,
}: {
  rows: readonly SheetRow[];
  presenceOf: (id: string, stored: Presence | null) => Presence | null;
  waiting: (id: string) => boolean;
  onChange: (id: string, value: Presence) => void;
}) => (
  <Table size="small" aria-label="Présences">
    <TableHead>
      <TableRow>
        <TableCell>N° candidat</TableCell>
        <TableCell>Candidat</TableCell>
        <TableCell>Sexe</TableCell>
        <TableCell>Présence</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {rows.map((row) => (
        <TableRow key={row.candidatureId}>
          <TableCell>{row.numeroCandidat}</TableCell>
          <TableCell>{candidateName(row)}</TableCell>
          <TableCell>{row.sexe}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <PresenceToggle
              numero={row.numeroCandidat}
              value={presenceOf(row.candidatureId, row.presence)}
              onChange={(value) => onChange(row.candidatureId, value)}
            />
            {waiting(row.candidatureId) ? (
              <Chip
                size="small"
                variant="outlined"
                color="warning"
                label="En attente d’envoi"
                sx={{ ml: 1 }}
              />
            ) : null}
          </TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

/**
 * « Éditer les présences »: one site at one épreuve; « Tous présents », then the absents by
 * candidate number (typed, Entrée), then « Enregistrer ». A candidate with a mark cannot be absent.
 */
export const PresencesPage = () => {
  const { sessionId, epreuveId, siteId, sheet, load, picker, key, error, ...kept } =
    useSheet('presences');
  const [changes, setChanges] = useState<Record<string, Presence>>({});
  const [numero, setNumero] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  // Presences recorded offline, waiting to be sent: they show as recorded, marked as waiting.
  const waiting = kept.waiting.presence;

  // A sheet read anew starts without changes.
  useEffect(() => {
    setChanges({});
    setProblem(undefined);
  }, [sheet]);

  const rows = sheet?.candidats ?? [];
  const presenceOf = (id: string, stored: Presence | null) =>
    changes[id] ?? (waiting[id] as Presence | undefined) ?? stored;
  const all = rows.map((r) => presenceOf(r.candidatureId, r.presence));
  const totals = {
    presents: all.filter((p) => p === 'present').length,
    absents: all.filter((p) => p === 'absent').length,
    none: all.filter((p) => p === null).length,
  };

  const markAbsent = () => {
    const wanted = numero.trim().toUpperCase();
    const row = rows.find((r) => r.numeroCandidat.toUpperCase() === wanted);
    if (!row) {
      setProblem(`Aucun candidat de cette feuille ne porte le numéro « ${numero.trim()} ».`);
      return;
    }
    setProblem(undefined);
    setChanges((all) => ({ ...all, [row.candidatureId]: 'absent' }));
    setNumero('');
  };

  const save = async () => {
    const presences = Object.entries(changes)
      .filter(([id, p]) => {
        const row = rows.find((r) => r.candidatureId === id);
        return (waiting[id] ?? row?.presence) !== p;
      })
      .map(([candidatureId, presence]) => ({ candidatureId, presence }));
    if (presences.length === 0) return;
    setBusy(true);
    try {
      // Kept in this browser first: without network it waits, and goes when the network returns.
      const outcome = await submit({
        kind: 'presence',
        path: 'notes/presences',
        data: { sessionId, epreuveId, siteId, presences },
        label: `${plural(presences.length, 'présence')} — ${sheet?.epreuve.code ?? ''}, ${sheet?.site.libelle ?? ''} (${
          presences
            .filter((p) => p.presence === 'absent')
            .map((p) => rows.find((r) => r.candidatureId === p.candidatureId)?.numeroCandidat)
            .join(', ') || 'aucun absent'
        })`,
        sheet: key,
        rows: Object.fromEntries(presences.map((p) => [p.candidatureId, p.presence])),
      });
      setChanges({});
      if (outcome.status === 'sent') {
        notify('Présences enregistrées.', { type: 'success' });
        load();
      } else notify('Présences gardées sur cet appareil : elles partiront au retour du réseau.');
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Éditer les présences" />
      {picker}
      {error ? <Alert severity="error">{error}</Alert> : null}
      {sheet ? (
        <>
          <Stack
            direction="row"
            spacing={2}
            alignItems="center"
            useFlexGap
            flexWrap="wrap"
            sx={{ mb: 2 }}
          >
            <Button
              variant="outlined"
              onClick={() =>
                setChanges((all) => ({
                  ...all,
                  ...Object.fromEntries(
                    rows
                      .filter((r) => presenceOf(r.candidatureId, r.presence) !== 'absent')
                      .map((r) => [r.candidatureId, 'present' as const]),
                  ),
                }))
              }
            >
              Tous présents
            </Button>
            <TextField
              size="small"
              label="N° candidat absent"
              value={numero}
              onChange={(e) => setNumero(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  markAbsent();
                }
              }}
            />
            <Button
              variant="contained"
              disabled={busy || Object.keys(changes).length === 0}
              onClick={save}
            >
              Enregistrer les présences
            </Button>
            <Typography variant="body2" aria-live="polite">
              {plural(totals.presents, 'présent')}, {plural(totals.absents, 'absent')},{' '}
              {plural(totals.none, 'non renseigné')}
            </Typography>
          </Stack>
          {problem ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          ) : null}
          <PresencesTable
            rows={rows}
            presenceOf={presenceOf}
            waiting={(id) => Boolean(waiting[id]) && changes[id] === undefined}
            onChange={(id, value) => setChanges((all) => ({ ...all, [id]: value }))}
          />
        </>
      ) : problem ? (
        <Alert severity="error">{problem}</Alert>
      ) : null}
    </Box>
  );
};
