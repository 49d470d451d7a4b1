import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { formatDateTime, plural } from '../common/format';
import { sessionUser, useSession } from '../common/session';
import { drop, flush, retry, useOutbox, type QueuedEntry } from './outbox';

/** The only screens that work without network: the exam sites' (#35). */
const OFFLINE_SCREENS = [
  '/espace-examen/notes/liste-des-notes',
  '/espace-examen/presences-des-candidats/editer-les-presences',
  '/espace-examen/gestion-des-incidents/edition-des-incidents/create',
  '/espace-examen/gestion-des-incidents/liste-des-incidents/create',
];
export const worksOffline = (pathname: string): boolean =>
  OFFLINE_SCREENS.some((path) => pathname.replace(/\/+$/, '').endsWith(path));

/** How long « Envoyé » stays once the queue is empty. */
const SENT_SHOWN_MS = 15_000;

const RefusedEntries = ({ entries }: { entries: readonly QueuedEntry[] }) => (
  <Alert severity="error" sx={{ mb: 1 }} role="alert">
    <strong>
      {plural(entries.length, 'saisie refusée', 'saisies refusées')} au retour du réseau
    </strong>{' '}
    — rien n’en a été enregistré, sauf ce que dit leur motif. Renvoyez-les une fois la cause levée
    (fenêtre rouverte, par exemple), ou abandonnez-les.
    <Table size="small" aria-label="Saisies refusées au retour du réseau" sx={{ mt: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>Saisie</TableCell>
          <TableCell>Tapée le</TableCell>
          <TableCell>Motif du refus</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell>{entry.label}</TableCell>
            <TableCell>{formatDateTime(entry.typedAt)}</TableCell>
            <TableCell>{entry.message}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Button size="small" onClick={() => void retry(entry.id)}>
                Renvoyer
              </Button>
              <Button size="small" color="error" onClick={() => void drop(entry.id)}>
                Abandonner
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Alert>
);

/**
 * What the person on an exam site must always know (#35): offline or not, how many entries wait
 * on this device, « Envoyé » once they are recorded, the ones refused on return (with the server's
 * message, to send again or drop), another person's entries waiting here; and, on any screen but
 * the exam sites', that it needs the network.
 */
export const OfflineBar = () => {
  const outbox = useOutbox();
  const user = sessionUser(useSession());
  const { pathname } = useLocation();
  const [, tick] = useState(0);
  useEffect(() => {
    if (!outbox.sent) return;
    const timer = setTimeout(() => tick((n) => n + 1), SENT_SHOWN_MS + 100);
    return () => clearTimeout(timer);
  }, [outbox.sent]);

  const mine = outbox.entries.filter((e) => e.author === user?.id);
  const pending = mine.filter((e) => e.state === 'pending');
  const refused = mine.filter((e) => e.state === 'refused');
  const others = outbox.entries.filter((e) => e.author !== user?.id);
  const otherNames = [...new Set(others.map((e) => e.authorName))].join(', ');
  const waitingText = plural(pending.length, 'saisie en attente', 'saisies en attente');
  const recentlySent =
    outbox.sent !== undefined &&
    outbox.sent.author === user?.id &&
    pending.length === 0 &&
    Date.now() - outbox.sent.at < SENT_SHOWN_MS;

  let status: { severity: 'warning' | 'info' | 'success'; text: string; action?: boolean } | null =
    null;
  if (!outbox.online)
    status = {
      severity: 'warning',
      text: worksOffline(pathname)
        ? `Hors ligne — ${waitingText} d’envoi. Elles sont gardées sur cet appareil et partiront d’elles-mêmes au retour du réseau.`
        : `Hors ligne — cet écran a besoin du réseau. Sans réseau, seuls « Éditer les présences », « Liste des notes » et « Enregistrer un incident d’examen » restent utilisables${pending.length > 0 ? ` (${waitingText} d’envoi)` : ''}.`,
    };
  else if (pending.length > 0)
    status = {
      severity: 'info',
      text: outbox.sending
        ? `Envoi en cours — ${waitingText} d’envoi.`
        : `${waitingText[0]!.toUpperCase()}${waitingText.slice(1)} d’envoi : le serveur ne les a pas encore reçues.`,
      action: !outbox.sending,
    };
  else if (recentlySent)
    status = {
      severity: 'success',
      text: `Envoyé — ${plural(outbox.sent!.count, 'saisie enregistrée', 'saisies enregistrées')}.`,
    };

  return (
    <Box>
      <Box role="status" aria-live="polite">
        {status ? (
          <Alert
            severity={status.severity}
            sx={{ mb: 1 }}
            className="offline-status"
            action={
              status.action ? (
                <Button color="inherit" size="small" onClick={() => void flush()}>
                  Envoyer maintenant
                </Button>
              ) : undefined
            }
          >
            {status.text}
          </Alert>
        ) : null}
      </Box>
      {refused.length > 0 ? <RefusedEntries entries={refused} /> : null}
      {others.length > 0 ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          <Stack>
            {plural(others.length, 'saisie', 'saisies')} de {otherNames}{' '}
            {others.length > 1
              ? 'attendent sur ce navigateur : elles ne partiront'
              : 'attend sur ce navigateur : elle ne partira'}{' '}
            qu’une fois cette personne reconnectée ici, jamais sous votre nom.
          </Stack>
        </Alert>
      ) : null}
    </Box>
  );
};
