/** A candidature's events, commands and state. */
import type { DomainEvent } from '../core/envelope.js';
import type { CandidatureStatus } from './candidatureForm.js';
import type {
  CandidatureDetails,
  CandidatureValues,
  PaymentState,
  PieceFile,
  PieceState,
  RegistrationFacts,
  RequiredPiece,
  Seat,
  SessionFee,
} from './candidatureTypes.js';

type Id = { candidatureId: string };

export type CandidatureCreated = DomainEvent<
  'CandidatureCreated',
  Id &
    CandidatureDetails & {
      numeroDossier: string;
      /** Dossiers of near-identical persons the registrar confirmed to be other persons. */
      homonymesConfirmes?: string[];
      /** The pièces the session asked for then, and the fee then (dossiers since 24/11/2026). */
      piecesDemandees?: RequiredPiece[];
      montantDu?: number | null;
    }
>;
export type CandidatureModified = DomainEvent<'CandidatureModified', Id & CandidatureDetails>;
export type CandidatureSubmitted = DomainEvent<'CandidatureSubmitted', Id>;
export type CandidatureValidated = DomainEvent<'CandidatureValidated', Id>;
export type CandidatureRejected = DomainEvent<
  'CandidatureRejected',
  Id & { motifId: string; commentaire: string }
>;
export type CandidatureWithdrawn = DomainEvent<'CandidatureWithdrawn', Id>;
export type CandidatureDeleted = DomainEvent<'CandidatureDeleted', Id & { numeroDossier: string }>;
/** Each pièce event carries the pièces the session asks for at that time (for the dossier's view). */
type PieceEventData = Id & { pieceId: string; piecesDemandees: RequiredPiece[] };
export type PieceDeposited = DomainEvent<'PieceDeposited', PieceEventData & PieceFile>;
export type PieceValidated = DomainEvent<'PieceValidated', PieceEventData>;
export type PieceRejected = DomainEvent<
  'PieceRejected',
  PieceEventData & { motifId: string; commentaire: string }
>;
export type PaymentRecorded = DomainEvent<
  'PaymentRecorded',
  Id & PaymentState & { montantDu: number }
>;
export type CandidatureAllocated = DomainEvent<
  'CandidatureAllocated',
  Id &
    Seat & {
      /** The site left, for a move. */
      ancienSiteId?: string | null;
      /** Placed by an automatic allocation (its run's id). */
      affectationAutomatiqueId?: string;
    }
>;
export type CandidatureDeallocated = DomainEvent<
  'CandidatureDeallocated',
  Id & { siteId: string; numeroTable: number }
>;
/**
 * An identity corrected after the exam (« Gestion des contentieux »): the fields changed, before
 * and after, the justification and the document that proves it; the dossier's numbers, session and
 * centre as they stood, for the history of corrections.
 */
export type CandidatureIdentityCorrected = DomainEvent<
  'CandidatureIdentityCorrected',
  Id & {
    numeroDossier: string;
    numeroCandidat: string | null;
    sessionId: string;
    centreDepotId: string;
    /** « Nom Prénoms » once corrected. */
    candidat: string;
    avant: CandidatureValues;
    apres: CandidatureValues;
    justification: string;
    document: PieceFile;
  }
>;
export type CandidatureEvent =
  | CandidatureCreated
  | CandidatureModified
  | CandidatureSubmitted
  | CandidatureValidated
  | CandidatureRejected
  | CandidatureWithdrawn
  | CandidatureDeleted
  | PieceDeposited
  | PieceValidated
  | PieceRejected
  | PaymentRecorded
  | CandidatureAllocated
  | CandidatureDeallocated
  | CandidatureIdentityCorrected;

export const CANDIDATURE_EVENT_TYPES: readonly CandidatureEvent['type'][] = [
  'CandidatureCreated',
  'CandidatureModified',
  'CandidatureSubmitted',
  'CandidatureValidated',
  'CandidatureRejected',
  'CandidatureWithdrawn',
  'CandidatureDeleted',
  'PieceDeposited',
  'PieceValidated',
  'PieceRejected',
  'PaymentRecorded',
  'CandidatureAllocated',
  'CandidatureDeallocated',
  'CandidatureIdentityCorrected',
];

export type CandidatureCommand =
  | {
      type: 'CreateCandidature';
      data: Id &
        CandidatureDetails & {
          numeroDossier: string;
          facts: RegistrationFacts;
          homonymesConfirmes?: string[];
          piecesDemandees?: RequiredPiece[];
          montantDu?: number | null;
        };
    }
  | { type: 'ModifyCandidature'; data: Id & CandidatureDetails & { facts: RegistrationFacts } }
  | { type: 'SubmitCandidature'; data: Id & { facts: RegistrationFacts } }
  | {
      type: 'ValidateCandidature';
      data: Id & {
        facts: RegistrationFacts;
        /** The session's pièces now (absent: none asked), its fee now (absent or null: none). */
        pieces?: readonly RequiredPiece[];
        frais?: SessionFee | null;
      };
    }
  | {
      type: 'RejectCandidature';
      data: Id & { motifId: string; commentaire: string; facts: RegistrationFacts };
    }
  | { type: 'WithdrawCandidature'; data: Id }
  | { type: 'DeleteCandidature'; data: Id }
  | {
      type: 'DepositPiece';
      data: Id & {
        pieceId: string;
        file: PieceFile;
        pieces: RequiredPiece[];
        facts: RegistrationFacts;
      };
    }
  | {
      type: 'ValidatePiece';
      data: Id & { pieceId: string; pieces: RequiredPiece[]; facts: RegistrationFacts };
    }
  | {
      type: 'RejectPiece';
      data: Id & {
        pieceId: string;
        motifId: string;
        commentaire: string;
        pieces: RequiredPiece[];
        facts: RegistrationFacts;
      };
    }
  | {
      type: 'RecordPayment';
      data: Id & PaymentState & { frais: SessionFee | null };
    }
  | {
      type: 'AllocateCandidature';
      data: Id &
        Seat & {
          facts: Pick<RegistrationFacts, 'compositionStarted'>;
          affectationAutomatiqueId?: string;
        };
    }
  | {
      type: 'DeallocateCandidature';
      data: Id & { facts: Pick<RegistrationFacts, 'compositionStarted'> };
    }
  | {
      /** The identity fields as corrected (all of them; those unchanged are not recorded). */
      type: 'CorrectIdentity';
      data: Id & {
        identite: CandidatureValues;
        justification: string;
        document: PieceFile;
        facts: Pick<RegistrationFacts, 'compositionStarted'>;
      };
    };

export type Candidature =
  | { status: 'absent' }
  | { status: 'supprime'; id: string }
  | (CandidatureDetails & {
      status: 'present';
      id: string;
      numeroDossier: string;
      statut: CandidatureStatus;
      motifRejetId: string | null;
      pieces: Readonly<Record<string, PieceState>>;
      paiements: readonly PaymentState[];
      /** Where the candidate sits, once allocated. */
      siteId: string | null;
      numeroTable: number | null;
      /** Kept once given, through moves and de-allocations. */
      numeroCandidat: string | null;
    });
