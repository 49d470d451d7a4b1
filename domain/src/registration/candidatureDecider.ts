/**
 * The candidature's decider: each command to the decider of its family, and the state its events
 * make.
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { Candidature, CandidatureCommand, CandidatureEvent } from './candidatureEvents.js';
import { decideDossierCommand } from './candidatureDossierDecider.js';
import { decidePaymentCommand, decidePieceCommand } from './candidatureCompletionDecider.js';
import { decideAllocationCommand, decideIdentityCorrection } from './candidatureExamDecider.js';
import { details } from './candidatureGuards.js';
import { onlinePaymentOf } from './candidaturePayments.js';

export const decideCandidature = (
  command: CandidatureCommand,
  state: Candidature,
): CandidatureEvent[] => {
  switch (command.type) {
    case 'CreateCandidature':
    case 'ModifyCandidature':
    case 'SubmitCandidature':
    case 'ValidateCandidature':
    case 'RejectCandidature':
    case 'WithdrawCandidature':
    case 'DeleteCandidature':
      return decideDossierCommand(command, state);
    case 'DepositPiece':
    case 'ValidatePiece':
    case 'RejectPiece':
      return decidePieceCommand(command, state);
    case 'RecordPayment':
      return decidePaymentCommand(command, state);
    case 'AllocateCandidature':
    case 'DeallocateCandidature':
      return decideAllocationCommand(command, state);
    case 'CorrectIdentity':
      return decideIdentityCorrection(command, state);
    default:
      return assertNever(command);
  }
};

export const evolveCandidature = (state: Candidature, event: CandidatureEvent): Candidature => {
  switch (event.type) {
    case 'CandidatureCreated':
      return {
        status: 'present',
        id: event.data.candidatureId,
        numeroDossier: event.data.numeroDossier,
        statut: 'brouillon',
        motifRejetId: null,
        pieces: {},
        paiements: [],
        siteId: null,
        numeroTable: null,
        numeroCandidat: null,
        ...details(event.data),
      };
    case 'CandidatureModified':
      return state.status === 'present' ? { ...state, ...details(event.data) } : state;
    case 'CandidatureSubmitted':
      return state.status === 'present' ? { ...state, statut: 'soumis' } : state;
    case 'CandidatureValidated':
      return state.status === 'present' ? { ...state, statut: 'valide' } : state;
    case 'CandidatureRejected':
      return state.status === 'present'
        ? { ...state, statut: 'rejete', motifRejetId: event.data.motifId }
        : state;
    case 'CandidatureWithdrawn':
      return state.status === 'present'
        ? { ...state, statut: 'desiste', siteId: null, numeroTable: null }
        : state;
    case 'CandidatureAllocated':
      return state.status === 'present'
        ? {
            ...state,
            statut: 'affecte',
            siteId: event.data.siteId,
            numeroTable: event.data.numeroTable,
            numeroCandidat: event.data.numeroCandidat,
          }
        : state;
    case 'CandidatureDeallocated':
      return state.status === 'present'
        ? { ...state, statut: 'valide', siteId: null, numeroTable: null }
        : state;
    case 'CandidatureDeleted':
      return { status: 'supprime', id: event.data.candidatureId };
    case 'CandidatureIdentityCorrected':
      return state.status === 'present'
        ? { ...state, values: { ...state.values, ...event.data.apres } }
        : state;
    case 'PieceDeposited': {
      if (state.status !== 'present') return state;
      const { fichier, nomFichier, type, taille } = event.data;
      return {
        ...state,
        pieces: {
          ...state.pieces,
          [event.data.pieceId]: {
            statut: 'deposee',
            fichier,
            nomFichier,
            type,
            taille,
            motifId: null,
            commentaire: '',
          },
        },
      };
    }
    case 'PieceValidated':
    case 'PieceRejected': {
      const held = state.status === 'present' ? state.pieces[event.data.pieceId] : undefined;
      if (state.status !== 'present' || !held) return state;
      const rejected = event.type === 'PieceRejected';
      return {
        ...state,
        pieces: {
          ...state.pieces,
          [event.data.pieceId]: {
            ...held,
            statut: rejected ? 'rejetee' : 'validee',
            motifId: rejected ? event.data.motifId : null,
            commentaire: rejected ? event.data.commentaire : '',
          },
        },
      };
    }
    case 'PaymentRecorded': {
      if (state.status !== 'present') return state;
      const { paiementId, montant, date, reference } = event.data;
      return {
        ...state,
        paiements: [
          ...state.paiements,
          { paiementId, montant, date, reference, ...onlinePaymentOf(event.data) },
        ],
      };
    }
    default:
      return assertNever(event);
  }
};

export const candidatureDecider: Decider<CandidatureCommand, CandidatureEvent, Candidature> = {
  decide: decideCandidature,
  evolve: evolveCandidature,
  initialState: () => ({ status: 'absent' }),
};
