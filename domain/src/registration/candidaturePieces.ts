/** A dossier's pièces against the session's, and what keeps it from being validated. */
import { amountPaid, formatFcfa } from './candidaturePayments.js';
import type {
  PaymentState,
  PieceState,
  PieceStatus,
  RequiredPiece,
  SessionFee,
} from './candidatureTypes.js';

/** What a dossier's pièces say against the session's: each asked pièce with its state. */
export const piecesOf = (
  asked: readonly RequiredPiece[],
  held: Readonly<Record<string, PieceState>>,
): { piece: RequiredPiece; statut: PieceStatus }[] =>
  asked.map((piece) => ({ piece, statut: held[piece.id]?.statut ?? 'manquante' }));

/** Every obligatory pièce validated: « complet »; a rejected one: « rejete »; else « incomplet ». */
export const PIECES_STATES = ['complet', 'incomplet', 'rejete'] as const;
export type PiecesState = (typeof PIECES_STATES)[number];
export const PIECES_STATE_LABELS: Record<PiecesState, string> = {
  complet: 'Complet',
  incomplet: 'Incomplet',
  rejete: 'Pièce rejetée',
};
export const piecesState = (
  asked: readonly RequiredPiece[],
  held: Readonly<Record<string, PieceState>>,
): PiecesState => {
  const states = piecesOf(asked, held);
  if (states.some((s) => s.statut === 'rejetee')) return 'rejete';
  return states.every((s) => !s.piece.obligatoire || s.statut === 'validee')
    ? 'complet'
    : 'incomplet';
};

/**
 * Why a dossier cannot be validated yet, every reason at once: each obligatory pièce missing, to
 * check or rejected, and the fee when the session requires it paid first. Empty: it can.
 */
export const validationObstacles = (
  state: { pieces: Readonly<Record<string, PieceState>>; paiements: readonly PaymentState[] },
  pieces: readonly RequiredPiece[],
  frais: SessionFee | null,
): string[] => {
  const obligatory = piecesOf(pieces, state.pieces).filter((s) => s.piece.obligatoire);
  const named = (statut: PieceStatus) =>
    obligatory.filter((s) => s.statut === statut).map((s) => `« ${s.piece.libelle} »`);
  const reasons: string[] = [];
  const missing = named('manquante');
  const toCheck = named('deposee');
  const rejected = named('rejetee');
  if (missing.length) reasons.push(`pièces manquantes : ${missing.join(', ')}`);
  if (toCheck.length) reasons.push(`pièces à vérifier : ${toCheck.join(', ')}`);
  if (rejected.length) reasons.push(`pièces rejetées : ${rejected.join(', ')}`);
  if (frais?.paiementAvantValidation) {
    const due = frais.montant - amountPaid(state.paiements);
    if (due > 0) reasons.push(`frais d’examen : ${formatFcfa(due)} restent à payer`);
  }
  return reasons;
};
