/**
 * A candidature: one person registered for one session, in one métier, through one centre de
 * dépôt. Its life cycle: brouillon → soumis → validé | rejeté (motif); a candidate may
 * withdraw (désisté); a brouillon may be deleted. What other aggregates say (the session's step,
 * the editing parameters' deadline) reaches the decider as facts the handler read, so that the
 * rules stay here, pure.
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { CommandContext, DomainEvent } from '../core/envelope.js';
import { distance } from 'fastest-levenshtein';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../core/errors.js';
import { utcDay } from '../core/time.js';
import type { ListField } from '../configuration/lists.js';
import { session, metier } from '../configuration/fields.js';
import { CORRECTABLE_IDENTITY_FIELDS, SEXES } from './identity.js';

export const CANDIDATURE_CATEGORY = 'candidatures';
export const CANDIDATURE_NOT_FOUND = 'Ce dossier de candidature est introuvable.';

export const CANDIDATURE_STATUSES = [
  'brouillon',
  'soumis',
  'valide',
  'affecte',
  'rejete',
  'desiste',
] as const;
export type CandidatureStatus = (typeof CANDIDATURE_STATUSES)[number];
export const CANDIDATURE_STATUS_LABELS: Record<CandidatureStatus, string> = {
  brouillon: 'Brouillon',
  soumis: 'Soumis',
  valide: 'Validé',
  affecte: 'Affecté',
  rejete: 'Rejeté',
  desiste: 'Désisté',
};

export const CANDIDATE_CATEGORIES = [
  { value: 'apprenti', label: 'Apprenti' },
  { value: 'patron', label: 'Patron' },
  { value: 'agent', label: 'Agent' },
  { value: 'libre', label: 'Candidat libre' },
] as const;

/**
 * The form of a candidature, declared like the lists' fields (same types, same French messages):
 * the dossier's session, métier and centre, the category and the person's identity.
 */
export const CANDIDATURE_FIELDS: readonly ListField[] = [
  { ...session, inactiveMessage: 'Choisissez une session qui n’est pas clôturée.' },
  { ...metier, inactiveMessage: 'Choisissez un métier actif.' },
  {
    name: 'centreDepotId',
    label: 'Centre de dépôt',
    type: 'reference',
    reference: 'centres-depot',
    required: true,
    inList: true,
    inactiveMessage: 'Choisissez un centre de dépôt actif.',
  },
  {
    name: 'categorie',
    label: 'Catégorie',
    type: 'choice',
    required: true,
    choices: CANDIDATE_CATEGORIES,
    inList: true,
  },
  {
    name: 'apprentiId',
    label: 'Apprenti',
    type: 'reference',
    reference: 'apprentis',
    inactiveMessage: 'Choisissez un apprenti actif.',
  },
  {
    name: 'patronId',
    label: 'Patron',
    type: 'reference',
    reference: 'patrons',
    inactiveMessage: 'Choisissez un patron actif.',
  },
  { name: 'nom', label: 'Nom', type: 'person-name', required: true },
  { name: 'prenoms', label: 'Prénoms', type: 'person-name', required: true },
  { name: 'sexe', label: 'Sexe', type: 'choice', required: true, choices: SEXES, inList: true },
  { name: 'dateNaissance', label: 'Date de naissance', type: 'date', required: true },
  { name: 'lieuNaissance', label: 'Lieu de naissance', type: 'text', required: true },
  { name: 'nationalite', label: 'Nationalité', type: 'text', required: true },
  { name: 'telephone', label: 'Téléphone', type: 'phone', required: true },
  { name: 'matricule', label: 'Matricule', type: 'text' },
  { name: 'datePremierePriseService', label: 'Date de première prise de service', type: 'date' },
  {
    name: 'niveauId',
    label: 'Niveau de scolarisation',
    type: 'reference',
    reference: 'niveaux-scolarisation',
    required: true,
  },
  { name: 'langueId', label: 'Langue de composition', type: 'reference', reference: 'langues' },
  {
    name: 'handicapId',
    label: 'Handicap',
    type: 'reference',
    reference: 'types-handicap',
    help: 'Laisser vide : aucun handicap.',
  },
];

export const MATRICULE_REQUIRED = 'Matricule obligatoire à la soumission.';
export const MATRICULE_TOO_SHORT = 'Matricule : 8 caractères au minimum.';

/**
 * Rules between the fields of a candidature: what each category needs; the date of birth is past
 * on the day of the command's instant (`now`).
 */
export const checkCandidature = (
  values: Readonly<Record<string, unknown>>,
  { now }: Pick<CommandContext, 'now'>,
) => {
  const errors: Record<string, string> = {};
  const text = (field: string) => (typeof values[field] === 'string' ? values[field] : '');
  if (values.categorie === 'apprenti' && !text('apprentiId'))
    errors.apprentiId = 'Choisissez l’apprenti inscrit.';
  if (values.categorie === 'patron' && !text('patronId'))
    errors.patronId = 'Choisissez le patron inscrit.';
  if (values.categorie === 'agent') {
    if (!text('matricule')) errors.matricule = MATRICULE_REQUIRED;
    else if (text('matricule').length < 8) errors.matricule = MATRICULE_TOO_SHORT;
    if (!text('datePremierePriseService'))
      errors.datePremierePriseService = 'La date de première prise de service est obligatoire.';
  }
  const born = text('dateNaissance');
  if (born && born >= utcDay(now)) errors.dateNaissance = 'La date de naissance doit être passée.';
  return errors;
};

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

/** Where a payment was made: at an office's counter (recorded by staff), or online. */
export const PAYMENT_CHANNELS = ['guichet', 'en-ligne'] as const;
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

/**
 * An online payment's own fields (none for a staff payment): from a command to its event, to state.
 * A sandbox payment recorded before demonstrations were marked (its provider says so) is one all the
 * same: never counted, as no money moved.
 */
export const onlinePaymentOf = (payment: PaymentState): Partial<PaymentState> => {
  const fields: Partial<PaymentState> = Object.fromEntries(
    (
      [
        'canal',
        'fournisseur',
        'fournisseurLibelle',
        'referenceFournisseur',
        'paiementEnLigneId',
        'demonstration',
        'demonstrationComptee',
      ] as const
    )
      .filter((key) => payment[key] !== undefined)
      .map((key) => [key, payment[key]]),
  );
  return isDemonstrationPayment(payment)
    ? {
        ...fields,
        demonstration: true,
        demonstrationComptee: payment.demonstrationComptee === true,
      }
    : fields;
};

/** A payment of the sandbox (marked so, or by its provider's code): no money moved. */
export const isDemonstrationPayment = (
  payment: Pick<PaymentState, 'demonstration' | 'fournisseur'>,
): boolean => payment.demonstration === true || payment.fournisseur === DEMONSTRATION_PROVIDER;

/** Whether a payment counts toward the fee: every real one, a demonstration only when counted. */
export const countsTowardFee = (
  payment: Pick<PaymentState, 'demonstration' | 'demonstrationComptee' | 'fournisseur'>,
): boolean => !isDemonstrationPayment(payment) || payment.demonstrationComptee === true;

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

export const REGISTRATION_CLOSED = 'Les inscriptions de cette session ne sont pas ouvertes.';
export const DEADLINE_PASSED =
  'La date limite de modification des dossiers de cette session est dépassée.';
export const ALLOCATION_LOCKED =
  'La composition de cette session a commencé : les affectations ne changent plus.';
export const ALLOCATED_KEEPS_PLACE =
  'Ce candidat est affecté à un site : désaffectez-le avant de changer son métier ou son centre de dépôt.';
export const VALIDATED_LOCKED =
  'Ce dossier est validé : les paramètres d’édition de la session ne permettent plus de le modifier.';

export const IDENTITY_CORRECTION_TOO_EARLY =
  'Les corrections d’identité se font après l’examen : la session n’a pas encore atteint l’étape « Composition ».';
export const IDENTITY_UNCHANGED =
  'Aucune information d’identité ne change : modifiez au moins un champ.';
/** Dossiers whose candidate was registered for the exam: validated, or allocated to a site. */
const REGISTERED_FOR_EXAM: readonly CandidatureStatus[] = ['valide', 'affecte'];

const existing = (state: Candidature) => {
  if (state.status !== 'present') throw new NotFoundError(CANDIDATURE_NOT_FOUND);
  return state;
};

const inStatus = (
  state: Extract<Candidature, { status: 'present' }>,
  allowed: readonly CandidatureStatus[],
  action: string,
) => {
  if (!allowed.includes(state.statut))
    throw new ConflictError(
      `Ce dossier est à l’état « ${CANDIDATURE_STATUS_LABELS[state.statut]} » : il ne peut pas être ${action}.`,
    );
};

const sameDetails = (a: CandidatureDetails, b: CandidatureDetails) =>
  a.sessionId === b.sessionId &&
  a.metierId === b.metierId &&
  a.centreDepotId === b.centreDepotId &&
  JSON.stringify(Object.entries(a.values).sort()) ===
    JSON.stringify(Object.entries(b.values).sort());

const details = ({ sessionId, metierId, centreDepotId, values }: CandidatureDetails) => ({
  sessionId,
  metierId,
  centreDepotId,
  values,
});

const fcfa = new Intl.NumberFormat('fr-FR');
/** « 10 000 FCFA », with a plain non-breaking space (readable everywhere, PDFs included). */
export const formatFcfa = (amount: number): string =>
  `${fcfa.format(amount).replace(/\u202f/g, '\u00a0')}\u00a0FCFA`;

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

/** How screens and receipts name a payment's channel: « Guichet », « En ligne (démonstration) ». */
export const paymentChannelLabel = (
  payment: Pick<PaymentState, 'canal' | 'fournisseurLibelle'>,
): string =>
  payment.canal === 'en-ligne'
    ? `En ligne${payment.fournisseurLibelle ? ` (${payment.fournisseurLibelle})` : ''}`
    : 'Guichet';

/** Sums paid on a dossier: what counts toward its fee (demonstrations only when counted). */
export const amountPaid = (payments: readonly PaymentState[]): number =>
  payments.reduce((sum, p) => sum + (countsTowardFee(p) ? p.montant : 0), 0);

/** The sandbox's payments of a dossier that do not count toward its fee (shown apart). */
export const demonstrationAmount = (payments: readonly PaymentState[]): number =>
  payments.reduce((sum, p) => sum + (countsTowardFee(p) ? 0 : p.montant), 0);

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

const askedPiece = (pieces: readonly RequiredPiece[], pieceId: string): RequiredPiece => {
  const piece = pieces.find((p) => p.id === pieceId);
  if (!piece)
    throw new ValidationError('Cette pièce n’est pas demandée pour cet examen.', {
      pieceId: 'Cette pièce n’est pas demandée pour cet examen.',
    });
  return piece;
};

export const decideCandidature = (
  command: CandidatureCommand,
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
    case 'RecordPayment': {
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
    }
    case 'AllocateCandidature': {
      const current = existing(state);
      const { siteId, numeroCandidat, numeroTable, facts, affectationAutomatiqueId } = command.data;
      inStatus(current, ['valide', 'affecte'], 'affecté');
      if (facts.compositionStarted) throw new ConflictError(ALLOCATION_LOCKED);
      if (current.statut === 'affecte' && current.siteId === siteId) return [];
      return [
        {
          type: 'CandidatureAllocated',
          data: {
            candidatureId: current.id,
            siteId,
            // Never renumbered: the number given first stays.
            numeroCandidat: current.numeroCandidat ?? numeroCandidat,
            numeroTable,
            ...(current.siteId ? { ancienSiteId: current.siteId } : {}),
            ...(affectationAutomatiqueId ? { affectationAutomatiqueId } : {}),
          },
        },
      ];
    }
    case 'DeallocateCandidature': {
      const current = existing(state);
      inStatus(current, ['affecte'], 'désaffecté');
      if (command.data.facts.compositionStarted) throw new ConflictError(ALLOCATION_LOCKED);
      return [
        {
          type: 'CandidatureDeallocated',
          data: {
            candidatureId: current.id,
            siteId: current.siteId!,
            numeroTable: current.numeroTable!,
          },
        },
      ];
    }
    case 'CorrectIdentity': {
      const current = existing(state);
      const { identite, justification, document, facts } = command.data;
      if (!REGISTERED_FOR_EXAM.includes(current.statut))
        throw new ConflictError(
          `Ce dossier est à l’état « ${CANDIDATURE_STATUS_LABELS[current.statut]} » : seule l’identité d’un candidat inscrit à l’examen (dossier validé ou affecté) se corrige.`,
        );
      if (!facts.compositionStarted) throw new ConflictError(IDENTITY_CORRECTION_TOO_EARLY);
      const avant: CandidatureValues = {};
      const apres: CandidatureValues = {};
      for (const field of CORRECTABLE_IDENTITY_FIELDS) {
        const before = current.values[field] ?? null;
        const after = identite[field] ?? null;
        if (before === after) continue;
        avant[field] = before;
        apres[field] = after;
      }
      if (Object.keys(apres).length === 0) throw new ValidationError(IDENTITY_UNCHANGED);
      return [
        {
          type: 'CandidatureIdentityCorrected',
          data: {
            candidatureId: current.id,
            numeroDossier: current.numeroDossier,
            numeroCandidat: current.numeroCandidat,
            sessionId: current.sessionId,
            centreDepotId: current.centreDepotId,
            candidat: [identite.nom, identite.prenoms].filter(Boolean).join(' '),
            avant,
            apres,
            justification,
            document,
          },
        },
      ];
    }
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

/**
 * The key that says two candidatures are the same person: nom, prénoms and date of birth, without
 * case, accents, punctuation or spacing.
 */
export const personKey = (values: Readonly<Record<string, unknown>>): string =>
  [values.nom, values.prenoms]
    .map((v) =>
      String(v ?? '')
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, ''),
    )
    .join('')
    .concat('.', String(values.dateNaissance ?? ''));

/** What a candidature reserves so that a person registers once per session. */
export const personReservation = (
  sessionId: string,
  values: Readonly<Record<string, unknown>>,
): { resource: string; field: string; value: string } => ({
  resource: CANDIDATURE_CATEGORY,
  field: 'personne',
  value: `${sessionId}+${personKey(values)}`,
});

/** A dossier number: the session's prefix and six digits (« CQP27-000042 »). */
export const dossierNumber = (prefix: string, n: number): string =>
  `${prefix}-${String(n).padStart(6, '0')}`;

/** A person's names as compared for near matches: upper case, no accents, letters and digits only. */
const comparableName = (values: Readonly<Record<string, unknown>>): string =>
  [values.nom, values.prenoms]
    .map((v) =>
      String(v ?? '')
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, ''),
    )
    .join('');

/**
 * Two records that may name one person: same date of birth, names within two letters of each
 * other (« Mbarga Jean » and « Mbarga Jeanne »), but not the same names (that is a duplicate).
 */
export const nearSamePerson = (
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
): boolean => {
  if (!a.dateNaissance || a.dateNaissance !== b.dateNaissance) return false;
  const gap = distance(comparableName(a), comparableName(b));
  return gap > 0 && gap <= 2;
};

/** 409 asking to confirm that a near match is another person; the confirmation is recorded. */
export class HomonymError extends DomainError {
  readonly status = 409;
  readonly code = 'homonyme-a-confirmer';
  constructor(
    message: string,
    /** The dossiers named (those the caller may read). */
    readonly dossiers: readonly string[] = [],
  ) {
    super(message);
  }
}
