/** What a candidature holds and what its commands read: details, facts, seats, pièces, payments. */
export type CandidatureValues = Record<string, string | null>;

export interface CandidatureDetails {
  sessionId: string;
  metierId: string;
  centreDepotId: string;
  values: CandidatureValues;
}

/** What the handler read elsewhere, at the time of the command. */
export interface RegistrationFacts {
  /** The session's registration is open (its step is « Inscriptions ouvertes »). */
  readonly registrationOpen: boolean;
  /** The last day of modification (paramètres d'édition, inclusive until 23:59) is past. */
  readonly deadlinePassed: boolean;
  /** The paramètres d'édition let a validated dossier be modified. */
  readonly modifiableAfterValidation: boolean;
  /** The session has reached its composition (or later): allocations no longer change. */
  readonly compositionStarted: boolean;
}

/** A seat in a composition site, as an allocation gives it. */
export interface Seat {
  readonly siteId: string;
  /** `<métier code>-<5 digits>`: given at the first allocation, never renumbered. */
  readonly numeroCandidat: string;
  /** The table in the site, per session and site. */
  readonly numeroTable: number;
}

/** A pièce justificative the session asks for (configuration), as the dossier knows it. */
export interface RequiredPiece {
  readonly id: string;
  readonly libelle: string;
  readonly obligatoire: boolean;
}

/** The session's fee (espace financier), read when a payment is recorded or a dossier validated. */
export interface SessionFee {
  readonly montant: number;
  /** The session requires the whole fee to be paid before a dossier is validated. */
  readonly paiementAvantValidation: boolean;
  /**
   * « Compter les paiements de démonstration » (training offices): the sandbox's payments count
   * toward the fee. Off (default): they are recorded and shown apart, never counted.
   */
  readonly compterPaiementsDemonstration?: boolean;
}

/** An uploaded file, stored under its SHA-256 (`piece-<sha256>.<ext>`). */
export interface PieceFile {
  readonly fichier: string;
  readonly nomFichier: string;
  readonly type: string;
  readonly taille: number;
}

export const PIECE_STATUSES = ['manquante', 'deposee', 'validee', 'rejetee'] as const;
export type PieceStatus = (typeof PIECE_STATUSES)[number];
export const PIECE_STATUS_LABELS: Record<PieceStatus, string> = {
  manquante: 'Manquante',
  deposee: 'À vérifier',
  validee: 'Validée',
  rejetee: 'Rejetée',
};

export interface PieceState extends PieceFile {
  readonly statut: Exclude<PieceStatus, 'manquante'>;
  readonly motifId: string | null;
  readonly commentaire: string;
}

/** The sandbox provider's code (« Mode démonstration »): its payments say « démonstration » everywhere. */
export const DEMONSTRATION_PROVIDER = 'demonstration';
export const DEMONSTRATION_LABEL = 'démonstration';

/**
 * Where a payment was made: at an office's counter (recorded by staff), online, or read from a
 * bank's (`virement`) or a mobile-money operator's statement (« Paiements depuis un relevé »).
 */
export const PAYMENT_CHANNELS = ['guichet', 'en-ligne', 'virement', 'mobile-money'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export interface PaymentState {
  readonly paiementId: string;
  readonly montant: number;
  readonly date: string;
  /** The receipt's or transaction's reference (an online payment's: its receipt number). */
  readonly reference: string;
  /** Absent: a payment recorded by staff at the counter (every payment before online ones). */
  readonly canal?: PaymentChannel;
  /** An online payment's provider: its code (`demonstration`: the sandbox) and its name. */
  readonly fournisseur?: string;
  readonly fournisseurLibelle?: string;
  /** The provider's own reference of the transaction. */
  readonly referenceFournisseur?: string;
  /** The online payment (`paiements-en-ligne-<id>`) this payment settles. */
  readonly paiementEnLigneId?: string;
  /** A payment of the sandbox (« Mode démonstration »): no money moved. */
  readonly demonstration?: boolean;
  /**
   * A demonstration payment that counts toward the fee: its session's « Compter les paiements de
   * démonstration » was on when it was recorded. Absent or false: shown apart, never counted.
   */
  readonly demonstrationComptee?: boolean;
}
