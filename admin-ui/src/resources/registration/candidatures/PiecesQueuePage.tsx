import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Title } from 'react-admin';
import { PIECE_STATUS_LABELS, type PieceView } from '@examens-pro/domain';
import { FilterSelect, SessionSelect } from '../../../common/filters';
import { plural } from '../../../common/format';
import { MotifChooser } from './MotifChooser';
import { pieceUrl } from './PiecesTab';
import { usePiecesQueue } from './usePiecesQueue';

const STATE_COLOURS: Record<PieceView['statut'], 'default' | 'info' | 'success' | 'error'> = {
  manquante: 'default',
  deposee: 'info',
  validee: 'success',
  rejetee: 'error',
};

/** The shortcuts, as the screen lists them. */
const SHORTCUTS: readonly [keys: string, what: string][] = [
  ['A ou Entrée', 'accepter la pièce'],
  ['R', 'rejeter la pièce (puis 1 à 9, ou ↑/↓ et Entrée : le motif)'],
  ['↓/↑ ou J/K', 'pièce suivante / précédente'],
  ['S ou →', 'dossier suivant'],
];

/** Keys typed into a field or a dialog are theirs. */
const typing = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.getAttribute('role') === 'combobox' ||
    !!target.closest('[role="dialog"]'));

/** Entrée on a button or a link presses it. */
const pressable = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (['BUTTON', 'A'].includes(target.tagName) || target.getAttribute('role') === 'button');

/** The pièce's file beside its checklist: a PDF in a frame, an image as such. */
const PieceDocument = ({ dossierId, piece }: { dossierId: string; piece: PieceView }) => {
  if (!piece.fichier)
    return <Alert severity="info">La pièce « {piece.libelle} » n’a pas été déposée.</Alert>;
  const url = pieceUrl(dossierId, piece.pieceId);
  const title = `Pièce « ${piece.libelle} » : ${piece.nomFichier ?? ''}`;
  return piece.type?.startsWith('image/') ? (
    <Box
      component="img"
      src={url}
      alt={title}
      sx={{
        width: '100%',
        maxHeight: '70vh',
        objectFit: 'contain',
        border: 1,
        borderColor: 'divider',
      }}
    />
  ) : (
    <Box
      component="iframe"
      src={url}
      title={title}
      tabIndex={-1}
      sx={{ width: '100%', height: '70vh', border: 1, borderColor: 'divider' }}
    />
  );
};

type Queue = ReturnType<typeof usePiecesQueue>;

/** The dossier's checklist (the current pièce focused), the buttons and the shortcuts. */
const ChecklistPanel = ({
  q,
  items,
  onReject,
}: {
  q: Queue;
  items: RefObject<(HTMLDivElement | null)[]>;
  onReject: () => void;
}) => {
  const { dossier, piece, current } = q;
  if (!dossier || !piece) return null;
  return (
    <Box sx={{ flex: 2, minWidth: 280 }}>
      <Typography variant="h6" component="h2" data-testid="queue-dossier">
        Dossier {dossier.numeroDossier} — {dossier.libelle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {dossier.metier} · {dossier.centreDepot}
      </Typography>
      <List dense aria-label="Pièces du dossier" data-checklist>
        {dossier.pieces.map((p, i) => (
          <ListItemButton
            key={p.pieceId}
            ref={(el) => {
              items.current[i] = el;
            }}
            selected={i === current}
            aria-current={i === current ? 'true' : undefined}
            onClick={() => q.setCurrent(i)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || i !== current) return;
              event.preventDefault();
              void q.accept();
            }}
            data-piece={p.libelle}
          >
            <ListItemText primary={p.libelle} secondary={p.nomFichier ?? 'Aucun fichier'} />
            <Chip
              size="small"
              color={STATE_COLOURS[p.statut]}
              label={PIECE_STATUS_LABELS[p.statut]}
            />
          </ListItemButton>
        ))}
      </List>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ my: 1 }}>
        <Button
          variant="contained"
          color="success"
          startIcon={<CheckIcon />}
          onClick={() => void q.accept()}
          disabled={q.pending || piece.statut !== 'deposee'}
          aria-keyshortcuts="A Enter"
        >
          Accepter (A)
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<CloseIcon />}
          onClick={onReject}
          disabled={q.pending || piece.statut !== 'deposee'}
          aria-keyshortcuts="R"
        >
          Rejeter (R)
        </Button>
        <Button
          startIcon={<SkipNextIcon />}
          onClick={q.pass}
          disabled={q.pending}
          aria-keyshortcuts="S ArrowRight"
        >
          Dossier suivant (S)
        </Button>
      </Stack>
      <Box component="dl" aria-label="Raccourcis clavier" sx={{ m: 0, fontSize: 14 }}>
        {SHORTCUTS.map(([key, what]) => (
          <Box key={key} sx={{ display: 'flex', gap: 1 }}>
            <Box component="dt" sx={{ fontWeight: 'bold', minWidth: 96 }}>
              {key}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {what}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
};

/**
 * « File de vérification des pièces »: for a session (and métier), the next dossier whose pièces
 * wait to be checked, the current pièce's document beside the dossier's checklist; by keyboard,
 * A/Entrée accepts, R rejects with a motif, ↓/↑ (J/K) moves between pièces, S/→ passes to the
 * next dossier (at once when every pièce of the dossier is checked). What was done is announced.
 */
export const PiecesQueuePage = () => {
  const q = usePiecesQueue();
  const [choosing, setChoosing] = useState(false);
  const items = useRef<(HTMLDivElement | null)[]>([]);
  const { dossier, piece, current } = q;

  const keys = (event: KeyboardEvent) => {
    // Handled already (a menu's choice, a list item's Entrée), or typed elsewhere.
    if (event.defaultPrevented || choosing || event.ctrlKey || event.altKey || event.metaKey)
      return;
    if (typing(event.target)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const act: Record<string, () => void> = {
      a: () => void q.accept(),
      r: () => piece?.statut === 'deposee' && setChoosing(true),
      j: () => q.move(1),
      ArrowDown: () => q.move(1),
      k: () => q.move(-1),
      ArrowUp: () => q.move(-1),
      s: q.pass,
      ArrowRight: q.pass,
    };
    // Entrée accepts, except on a button of the page, which it presses (the checklist's items
    // accept on Entrée themselves).
    if (key === 'Enter' && !pressable(event.target)) act.Enter = () => void q.accept();
    const run = act[key];
    if (!run || !dossier) return;
    event.preventDefault();
    run();
  };
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => latest.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  // The focus follows the current pièce (a new dossier, a move, a check).
  useEffect(() => {
    if (!choosing) items.current[current]?.focus();
  }, [dossier?.id, dossier?.version, current, choosing]);

  const answer = q.answer;
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="File de vérification des pièces" />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
            <SessionSelect
              sessions={q.sessions.sessions}
              value={q.sessions.sessionId}
              onChange={q.sessions.setSessionId}
            />
            <FilterSelect
              label="Métier"
              value={q.metierId}
              onChange={q.setMetierId}
              items={answer?.metiers ?? []}
              minWidth={200}
            />
            {answer ? (
              <Typography sx={{ alignSelf: 'center' }} data-testid="queue-count">
                {plural(answer.restants, 'dossier restant', 'dossiers restants')}
                {answer.passes > 0 ? `, ${plural(answer.passes, 'passé', 'passés')}` : ''}
              </Typography>
            ) : null}
          </Stack>
          <Box
            role="status"
            aria-live="polite"
            aria-atomic="true"
            data-testid="queue-announce"
            sx={{ minHeight: 24, mb: 1 }}
          >
            {q.announce}
          </Box>
          {q.error || q.sessions.error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {q.error ?? q.sessions.error}
            </Alert>
          ) : null}
          {q.pending ? <LinearProgress sx={{ mb: 1 }} /> : null}
          {q.sessions.loaded && q.sessions.sessions.length === 0 ? (
            <Alert severity="info">Aucune session.</Alert>
          ) : null}
          {answer && !dossier ? (
            <Alert
              severity="success"
              action={
                answer.passes > 0 ? (
                  // Focused: Entrée takes the passed dossiers up again.
                  <Button onClick={q.resume} autoFocus>
                    Reprendre les dossiers passés
                  </Button>
                ) : undefined
              }
            >
              {answer.passes > 0
                ? `Aucun autre dossier n’a de pièce à vérifier : ${plural(answer.passes, 'dossier passé', 'dossiers passés')} pendant cette séance.`
                : 'Aucun dossier n’a de pièce à vérifier.'}
            </Alert>
          ) : null}
          {dossier && piece ? (
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
              <Box sx={{ flex: 3, minWidth: 0, width: '100%' }}>
                <PieceDocument dossierId={dossier.id} piece={piece} />
              </Box>
              <ChecklistPanel q={q} items={items} onReject={() => setChoosing(true)} />
            </Stack>
          ) : null}
        </CardContent>
      </Card>
      <MotifChooser
        open={choosing}
        title={piece ? `Rejeter la pièce « ${piece.libelle} » : motif` : 'Motif du rejet'}
        onClose={() => setChoosing(false)}
        onChoose={(motif, commentaire) => {
          setChoosing(false);
          void q.reject(motif, commentaire);
        }}
      />
    </Box>
  );
};
