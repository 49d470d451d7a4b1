import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PieceView } from '@examens-pro/domain';
import type { ExamensDataProvider } from '../../../dashboard/dataProvider';
import { useSessions } from '../../../common/useSessions';

/** The dossier the queue serves (GET /api/file-pieces). */
export interface QueuedDossier {
  readonly id: string;
  readonly version: number;
  readonly numeroDossier: string;
  readonly libelle: string;
  readonly metier: string;
  readonly centreDepot: string;
  readonly pieces: readonly PieceView[];
}

interface QueueAnswer {
  readonly dossier: QueuedDossier | null;
  readonly restants: number;
  readonly passes: number;
  readonly metiers: readonly { id: string; libelle: string }[];
}

const pieceAction = (dossier: QueuedDossier, piece: PieceView, action: 'valider' | 'rejeter') =>
  `candidatures/${encodeURIComponent(dossier.id)}/pieces/${encodeURIComponent(piece.pieceId)}/${action}`;

/** The first pièce « à vérifier » from `from` on (wrapping), or -1. */
const nextToCheck = (pieces: readonly PieceView[], from: number): number => {
  for (let step = 0; step < pieces.length; step += 1) {
    const i = (from + step) % pieces.length;
    if (pieces[i]!.statut === 'deposee') return i;
  }
  return -1;
};

/**
 * « File de vérification des pièces »: the session and métier chosen, the dossier served, its
 * current pièce, the dossiers passed in this sitting (kept until the page is left), and the
 * commands: accept or reject the current pièce (then the next one to check, or the next dossier
 * once none is left), move between pièces, pass to the next dossier. `announce`: what was done,
 * read out by screen readers.
 */
export const usePiecesQueue = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const sessions = useSessions(null, 'file-pieces/sessions');
  const [metierId, setMetierId] = useState('');
  const passed = useRef<string[]>([]);
  const [answer, setAnswer] = useState<QueueAnswer>();
  const [dossier, setDossier] = useState<QueuedDossier | null>(null);
  const [current, setCurrent] = useState(0);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [announce, setAnnounce] = useState('');

  const load = useCallback(
    async (said?: string) => {
      if (!sessions.sessionId) return;
      setPending(true);
      try {
        const found = await dataProvider.read<QueueAnswer>('file-pieces', {
          sessionId: sessions.sessionId,
          metierId: metierId || undefined,
          passes: passed.current.join(',') || undefined,
        });
        setAnswer(found);
        setDossier(found.dossier);
        setCurrent(found.dossier ? Math.max(0, nextToCheck(found.dossier.pieces, 0)) : 0);
        setError(undefined);
        const next = found.dossier
          ? `Dossier ${found.dossier.numeroDossier}, ${found.dossier.libelle}.`
          : found.passes > 0
            ? 'Aucun autre dossier n’a de pièce à vérifier.'
            : 'Aucun dossier n’a de pièce à vérifier.';
        setAnnounce([said, next].filter(Boolean).join(' '));
      } catch (e) {
        setError((e as Error).message);
      } finally {
        setPending(false);
      }
    },
    [dataProvider, sessions.sessionId, metierId],
  );

  useEffect(() => {
    passed.current = [];
    void load();
  }, [load]);

  const piece = dossier?.pieces[current];

  /** After a check: the next pièce to check, else the next dossier. */
  const checked = async (updated: QueuedDossier, said: string) => {
    const next = nextToCheck(updated.pieces, current + 1);
    if (next === -1) {
      await load(`${said} Dossier ${updated.numeroDossier} vérifié.`);
      return;
    }
    setDossier(updated);
    setCurrent(next);
    setAnnounce(said);
  };

  const check = async (
    action: 'valider' | 'rejeter',
    motif?: { id: string; libelle: string },
    commentaire = '',
  ) => {
    if (!dossier || !piece || pending) return;
    if (piece.statut !== 'deposee') {
      setAnnounce(`La pièce « ${piece.libelle} » n’est pas à vérifier.`);
      return;
    }
    setPending(true);
    try {
      const done = await dataProvider.command(pieceAction(dossier, piece, action), {
        data: motif ? { motifId: motif.id, commentaire } : {},
        revision: dossier.version,
      });
      const statut = action === 'valider' ? 'validee' : 'rejetee';
      const pieces = dossier.pieces.map((p, i) =>
        i === current ? { ...p, statut, motifId: motif?.id ?? null, commentaire } : p,
      ) as PieceView[];
      setError(undefined);
      await checked(
        { ...dossier, version: done.revision, pieces },
        action === 'valider'
          ? `Pièce « ${piece.libelle} » acceptée.`
          : `Pièce « ${piece.libelle} » rejetée : ${motif?.libelle}.`,
      );
    } catch (e) {
      // Checked meanwhile by someone else, or refused: the dossier as it now stands.
      setError((e as Error).message);
      await load();
    } finally {
      setPending(false);
    }
  };

  const move = (delta: 1 | -1) => {
    if (!dossier || dossier.pieces.length === 0) return;
    const next = (current + delta + dossier.pieces.length) % dossier.pieces.length;
    setCurrent(next);
    setAnnounce(`Pièce « ${dossier.pieces[next]!.libelle} ».`);
  };

  /** « Suivant »: this dossier passed for the sitting (its pièces left to check), the next one. */
  const pass = () => {
    if (!dossier || pending) return;
    passed.current = [...passed.current, dossier.id];
    void load(`Dossier ${dossier.numeroDossier} passé.`);
  };

  /** The dossiers passed in this sitting served again. */
  const resume = () => {
    passed.current = [];
    void load();
  };

  return {
    sessions,
    metierId,
    setMetierId,
    answer,
    dossier,
    current,
    setCurrent,
    piece,
    pending,
    error,
    announce,
    accept: () => check('valider'),
    reject: (motif: { id: string; libelle: string }, commentaire: string) =>
      check('rejeter', motif, commentaire),
    move,
    pass,
    resume,
  };
};
