/**
 * The dossier's own life: created as a brouillon, modified, submitted, validated or rejected,
 * withdrawn, a brouillon deleted.
 */
import { assertNever } from '../core/decider.js';
import { ConflictError } from '../core/errors.js';
import type { Candidature, CandidatureCommand, CandidatureEvent } from './candidatureEvents.js';
import {
  type CandidatureCommandOf,
  details,
  existing,
  inStatus,
  sameDetails,
} from './candidatureGuards.js';
import {
  ALLOCATED_KEEPS_PLACE,
  DEADLINE_PASSED,
  REGISTRATION_CLOSED,
  VALIDATED_LOCKED,
} from './candidatureMessages.js';
import { validationObstacles } from './candidaturePieces.js';

/** The dossier's commands (« Enregistrer », « Modifier », « Valider ou rejeter », « Supprimer »). */
export const decideDossierCommand = (
  command: CandidatureCommandOf<
    | 'CreateCandidature'
    | 'ModifyCandidature'
    | 'SubmitCandidature'
    | 'ValidateCandidature'
    | 'RejectCandidature'
    | 'WithdrawCandidature'
    | 'DeleteCandidature'
  >,
  state: Candidature,
): CandidatureEvent[] => {
  switch (command.type) {
    case 'CreateCandidature': {
      if (state.status !== 'absent') throw new ConflictError('Ce dossier existe déjà.');
      if (!command.data.facts.registrationOpen) throw new ConflictError(REGISTRATION_CLOSED);
      const { candidatureId, numeroDossier, homonymesConfirmes, piecesDemandees, montantDu } =
        command.data;
      return [
        {
          type: 'CandidatureCreated',
          data: {
            candidatureId,
            numeroDossier,
            ...details(command.data),
            ...(homonymesConfirmes?.length ? { homonymesConfirmes } : {}),
            ...(piecesDemandees ? { piecesDemandees } : {}),
            ...(montantDu !== undefined ? { montantDu } : {}),
          },
        },
      ];
    }
    case 'ModifyCandidature': {
      const current = existing(state);
      const { facts } = command.data;
      inStatus(current, ['brouillon', 'soumis', 'valide', 'affecte'], 'modifié');
      if (current.sessionId !== command.data.sessionId)
        throw new ConflictError(
          'La session d’un dossier ne change pas : son numéro lui appartient.',
        );
      if (facts.deadlinePassed) throw new ConflictError(DEADLINE_PASSED);
      if (
        (current.statut === 'valide' || current.statut === 'affecte') &&
        !facts.modifiableAfterValidation
      )
        throw new ConflictError(VALIDATED_LOCKED);
      if (
        current.statut === 'affecte' &&
        (current.metierId !== command.data.metierId ||
          current.centreDepotId !== command.data.centreDepotId)
      )
        throw new ConflictError(ALLOCATED_KEEPS_PLACE);
      if (sameDetails(current, command.data)) return [];
      return [
        {
          type: 'CandidatureModified',
          data: { candidatureId: current.id, ...details(command.data) },
        },
      ];
    }
    case 'SubmitCandidature': {
      const current = existing(state);
      inStatus(current, ['brouillon'], 'soumis');
      if (!command.data.facts.registrationOpen) throw new ConflictError(REGISTRATION_CLOSED);
      return [{ type: 'CandidatureSubmitted', data: { candidatureId: current.id } }];
    }
    case 'ValidateCandidature':
    case 'RejectCandidature': {
      const current = existing(state);
      const validating = command.type === 'ValidateCandidature';
      inStatus(current, ['soumis'], validating ? 'validé' : 'rejeté');
      if (command.data.facts.compositionStarted)
        throw new ConflictError(
          'La composition de cette session a commencé : les dossiers ne se valident plus.',
        );
      if (validating) {
        const { pieces = [], frais = null } = command.data as Extract<
          CandidatureCommand,
          { type: 'ValidateCandidature' }
        >['data'];
        const obstacles = validationObstacles(current, pieces, frais);
        if (obstacles.length > 0)
          throw new ConflictError(
            `Ce dossier ne peut pas encore être validé : ${obstacles.join(' ; ')}.`,
          );
        return [{ type: 'CandidatureValidated', data: { candidatureId: current.id } }];
      }
      return [
        {
          type: 'CandidatureRejected',
          data: {
            candidatureId: current.id,
            motifId: command.data.motifId,
            commentaire: command.data.commentaire,
          },
        },
      ];
    }
    case 'WithdrawCandidature': {
      const current = existing(state);
      inStatus(current, ['brouillon', 'soumis', 'valide', 'affecte'], 'désisté');
      return [{ type: 'CandidatureWithdrawn', data: { candidatureId: current.id } }];
    }
    case 'DeleteCandidature': {
      const current = existing(state);
      if (current.statut !== 'brouillon')
        throw new ConflictError(
          'Seul un dossier à l’état « Brouillon » peut être supprimé ; sinon, enregistrez le désistement du candidat.',
        );
      return [
        {
          type: 'CandidatureDeleted',
          data: { candidatureId: current.id, numeroDossier: current.numeroDossier },
        },
      ];
    }
    default:
      return assertNever(command);
  }
};
