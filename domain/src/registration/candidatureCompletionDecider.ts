/** What completes a dossier: its pièces deposited and checked, its fee paid. */
import { assertNever } from '../core/decider.js';
import { ConflictError, ValidationError } from '../core/errors.js';
import type { Candidature, CandidatureCommand, CandidatureEvent } from './candidatureEvents.js';
import { CANDIDATURE_STATUS_LABELS } from './candidatureForm.js';
import { askedPiece, type CandidatureCommandOf, existing, inStatus } from './candidatureGuards.js';
import { DEADLINE_PASSED } from './candidatureMessages.js';
import {
  amountPaid,
  formatFcfa,
  isDemonstrationPayment,
  onlinePaymentOf,
} from './candidaturePayments.js';

/** A pièce deposited, then validated or rejected once the dossier is submitted. */
export const decidePieceCommand = (
  command: CandidatureCommandOf<'DepositPiece' | 'ValidatePiece' | 'RejectPiece'>,
  state: Candidature,
): CandidatureEvent[] => {
  switch (command.type) {
    case 'DepositPiece': {
      const current = existing(state);
      const { pieceId, file, pieces, facts } = command.data;
      inStatus(current, ['brouillon', 'soumis'], 'complété');
      if (facts.deadlinePassed) throw new ConflictError(DEADLINE_PASSED);
      const piece = askedPiece(pieces, pieceId);
      const held = current.pieces[pieceId];
      if (held?.statut === 'validee')
        throw new ConflictError(`La pièce « ${piece.libelle} » est déjà validée.`);
      // The same file sent again while it waits to be checked changes nothing.
      if (held?.statut === 'deposee' && held.fichier === file.fichier) return [];
      return [
        {
          type: 'PieceDeposited',
          data: { candidatureId: current.id, pieceId, piecesDemandees: pieces, ...file },
        },
      ];
    }
    case 'ValidatePiece':
    case 'RejectPiece': {
      const current = existing(state);
      const validating = command.type === 'ValidatePiece';
      const { pieceId, pieces, facts } = command.data;
      const piece = askedPiece(pieces, pieceId);
      if (current.statut !== 'soumis')
        throw new ConflictError(
          `Ce dossier est à l’état « ${CANDIDATURE_STATUS_LABELS[current.statut]} » : ses pièces se vérifient une fois le dossier soumis.`,
        );
      if (facts.compositionStarted)
        throw new ConflictError(
          'La composition de cette session a commencé : les pièces ne se vérifient plus.',
        );
      const held = current.pieces[pieceId];
      if (!held)
        throw new ConflictError(`La pièce « ${piece.libelle} » n’a pas encore été déposée.`);
      if (held.statut !== 'deposee')
        throw new ConflictError(
          `La pièce « ${piece.libelle} » est déjà ${held.statut === 'validee' ? 'validée' : 'rejetée'} : elle se vérifie de nouveau après un nouveau dépôt.`,
        );
      const data = { candidatureId: current.id, pieceId, piecesDemandees: pieces };
      if (validating) return [{ type: 'PieceValidated', data }];
      const { motifId, commentaire } = command.data as Extract<
        CandidatureCommand,
        { type: 'RejectPiece' }
      >['data'];
      return [{ type: 'PieceRejected', data: { ...data, motifId, commentaire } }];
    }
    default:
      return assertNever(command);
  }
};

/** A payment recorded against the session's fee (at the counter or online). */
export const decidePaymentCommand = (
  command: CandidatureCommandOf<'RecordPayment'>,
  state: Candidature,
): CandidatureEvent[] => {
  const current = existing(state);
  const { frais, paiementId, montant, date, reference } = command.data;
  inStatus(current, ['brouillon', 'soumis', 'valide', 'affecte'], 'réglé');
  if (!frais)
    throw new ConflictError(
      'Aucun frais d’examen n’est défini pour cette session : le paiement ne peut pas être enregistré.',
    );
  if (current.paiements.some((p) => p.paiementId === paiementId)) return [];
  const outstanding = frais.montant - amountPaid(current.paiements);
  if (outstanding <= 0)
    throw new ConflictError('Les frais d’examen de ce dossier sont déjà réglés.');
  if (montant > outstanding)
    throw new ValidationError(
      `Ce paiement dépasse le reste à payer (${formatFcfa(outstanding)}).`,
      { montant: `Ce paiement dépasse le reste à payer (${formatFcfa(outstanding)}).` },
    );
  return [
    {
      type: 'PaymentRecorded',
      data: {
        candidatureId: current.id,
        paiementId,
        montant,
        date,
        reference,
        ...onlinePaymentOf({
          ...command.data,
          // The session's switch when recorded decides, for good, whether it counts.
          ...(isDemonstrationPayment(command.data)
            ? { demonstrationComptee: frais.compterPaiementsDemonstration === true }
            : {}),
        }),
        montantDu: frais.montant,
      },
    },
  ];
};
