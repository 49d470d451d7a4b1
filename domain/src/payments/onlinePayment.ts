/**
 * Online payments (`/paiement`): a visitor pays a dossier's outstanding fee through a payment
 * provider. Each attempt is a stream `paiements-en-ligne-<id>`: started for the amount outstanding
 * then (with the SHA-256 of the receipt's token, never the token), confirmed once by the provider's
 * notification (its reference, the receipt's number), or failed, or refused by the dossier after
 * the provider took the money (paid meanwhile at the counter: to refund). The payment itself is a
 * `PaymentRecorded` on the candidature, as a staff payment is: both add up on the dossier.
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { Actor, DomainEvent } from '../core/envelope.js';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../core/errors.js';
import { formatFrenchDay } from '../core/frenchFormat.js';
import { localDate } from '../core/time.js';
import { DEMONSTRATION_PROVIDER, formatFcfa } from '../registration/candidature.js';

export const ONLINE_PAYMENT_CATEGORY = 'paiements-en-ligne';

/** Who starts an online payment: the public page's visitor, never identified. */
export const ONLINE_PAYMENT_ACTOR: Actor = { id: 'paiement-en-ligne', name: 'Paiement en ligne' };

/** Who confirms a payment: the provider that notified it, by its name. */
export const providerActor = (code: string, libelle: string): Actor => ({
  id: `fournisseur-paiement-${code}`,
  name: `Fournisseur de paiement (${libelle})`,
});

export const ONLINE_PAYMENT_STATUSES = ['demarre', 'confirme', 'echoue', 'refuse'] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];

/** What a payment is for, as it stood when it started (the receipt prints it). */
export interface OnlinePaymentDetails {
  readonly paiementEnLigneId: string;
  readonly candidatureId: string;
  readonly numeroDossier: string;
  readonly sessionId: string;
  /** « Nom Prénoms » of the candidate. */
  readonly candidat: string;
  /** Libellés of the examen and the session. */
  readonly examen: string;
  readonly session: string;
  /** The amount asked: what remained to pay then (FCFA). */
  readonly montant: number;
  /** The session's whole fee then. */
  readonly montantDu: number;
  /** The provider's code and name. */
  readonly fournisseur: string;
  readonly fournisseurLibelle: string;
  /** SHA-256 (hex) of the receipt's token: whoever holds the token opens the receipt. */
  readonly jetonSha256: string;
}

export interface OnlinePaymentConfirmation {
  readonly paiementEnLigneId: string;
  /** The provider's reference of the transaction. */
  readonly referenceFournisseur: string;
  /** The receipt's number (« CQP-EL-000001 »): the payment's reference on the dossier. */
  readonly numeroRecu: string;
  /** The notification that confirmed it. */
  readonly notificationId: string;
  /** When the payment was confirmed (ISO 8601), and its day in the office's time zone. */
  readonly payeLe: string;
  readonly date: string;
}

export type OnlinePaymentStarted = DomainEvent<'OnlinePaymentStarted', OnlinePaymentDetails>;
export type OnlinePaymentConfirmed = DomainEvent<
  'OnlinePaymentConfirmed',
  OnlinePaymentConfirmation
>;
export type OnlinePaymentFailed = DomainEvent<
  'OnlinePaymentFailed',
  { paiementEnLigneId: string; notificationId: string; motif: string }
>;
/** Confirmed by the provider, refused by the dossier (already paid meanwhile…): to refund. */
export type OnlinePaymentRefused = DomainEvent<
  'OnlinePaymentRefused',
  { paiementEnLigneId: string; motif: string }
>;
export type OnlinePaymentEvent =
  OnlinePaymentStarted | OnlinePaymentConfirmed | OnlinePaymentFailed | OnlinePaymentRefused;

export const ONLINE_PAYMENT_EVENT_TYPES: readonly OnlinePaymentEvent['type'][] = [
  'OnlinePaymentStarted',
  'OnlinePaymentConfirmed',
  'OnlinePaymentFailed',
  'OnlinePaymentRefused',
];

export type OnlinePaymentCommand =
  | { type: 'StartOnlinePayment'; data: OnlinePaymentDetails }
  | {
      type: 'ConfirmOnlinePayment';
      /** `montant`: the amount the provider says it took. */
      data: OnlinePaymentConfirmation & { montant: number };
    }
  | {
      type: 'RecordOnlinePaymentFailure';
      data: { paiementEnLigneId: string; notificationId: string; motif: string };
    }
  | { type: 'RefuseOnlinePayment'; data: { paiementEnLigneId: string; motif: string } };

export type OnlinePayment =
  | { status: 'absent' }
  | (OnlinePaymentDetails & {
      status: OnlinePaymentStatus;
      confirmation: OnlinePaymentConfirmation | null;
      motif: string | null;
    });

export const ONLINE_PAYMENT_NOT_FOUND = 'Ce paiement en ligne est introuvable.';

const existing = (state: OnlinePayment) => {
  if (state.status === 'absent') throw new NotFoundError(ONLINE_PAYMENT_NOT_FOUND);
  return state;
};

export const onlinePaymentDecider: Decider<
  OnlinePaymentCommand,
  OnlinePaymentEvent,
  OnlinePayment
> = {
  initialState: () => ({ status: 'absent' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'OnlinePaymentStarted':
        return { ...event.data, status: 'demarre', confirmation: null, motif: null };
      case 'OnlinePaymentConfirmed':
        return state.status === 'absent'
          ? state
          : { ...state, status: 'confirme', confirmation: event.data, motif: null };
      case 'OnlinePaymentFailed':
        return state.status === 'absent'
          ? state
          : { ...state, status: 'echoue', motif: event.data.motif };
      case 'OnlinePaymentRefused':
        return state.status === 'absent'
          ? state
          : { ...state, status: 'refuse', motif: event.data.motif };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'StartOnlinePayment':
        if (state.status !== 'absent') throw new ConflictError('Ce paiement a déjà commencé.');
        if (!Number.isInteger(command.data.montant) || command.data.montant < 1)
          throw new ConflictError('Les frais d’examen de ce dossier sont déjà réglés.');
        return [{ type: 'OnlinePaymentStarted', data: command.data }];
      case 'ConfirmOnlinePayment': {
        const current = existing(state);
        const { montant, ...confirmation } = command.data;
        if (montant !== current.montant)
          throw new ValidationError(
            `Le montant notifié (${formatFcfa(montant)}) ne correspond pas au paiement demandé (${formatFcfa(current.montant)}).`,
            { montant: 'Montant différent du paiement demandé.' },
          );
        if (current.confirmation) {
          // The same transaction notified again (another notification, a retry): recorded once.
          if (current.confirmation.referenceFournisseur === confirmation.referenceFournisseur)
            return [];
          throw new ConflictError(
            'Ce paiement est déjà confirmé sous une autre référence du fournisseur.',
          );
        }
        return [{ type: 'OnlinePaymentConfirmed', data: confirmation }];
      }
      case 'RecordOnlinePaymentFailure': {
        const current = existing(state);
        // A failure told after the confirmation (or twice) changes nothing.
        if (current.status !== 'demarre') return [];
        return [{ type: 'OnlinePaymentFailed', data: command.data }];
      }
      case 'RefuseOnlinePayment': {
        const current = existing(state);
        if (current.status === 'refuse') return [];
        if (current.status !== 'confirme')
          throw new ConflictError('Seul un paiement confirmé peut être refusé par le dossier.');
        return [{ type: 'OnlinePaymentRefused', data: command.data }];
      }
      default:
        return assertNever(command);
    }
  },
};

/** The payment's id on the dossier: one per online payment, so that a retry records it once. */
export const onlinePaymentRecordId = (paiementEnLigneId: string): string =>
  `en-ligne-${paiementEnLigneId}`;

/** A receipt's number: the fee's payment prefix, « EL » (en ligne), six digits. */
export const receiptNumber = (prefix: string, n: number): string =>
  `${receiptPrefix(prefix)}-EL-${String(n).padStart(6, '0')}`;

/** The fee's « préfixe des références de paiement » as receipts carry it: letters and digits. */
export const receiptPrefix = (prefix: string | null | undefined): string =>
  (prefix ?? '')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 20) || 'REC';

/**
 * A name as the public page shows it, enough for the payer to recognise the dossier without
 * exposing it: each word's first letter, then three stars (« Mballa Alain » → « M*** A*** »).
 */
export const maskName = (...parts: readonly (string | null | undefined)[]): string =>
  parts
    .filter((part): part is string => typeof part === 'string')
    .flatMap((part) => part.trim().split(/\s+/))
    .filter(Boolean)
    .map((word) => `${[...word][0]!.toLocaleUpperCase('fr-FR')}***`)
    .join(' ');

/** A dossier number as typed (spaces, lower case) in its stored form. */
export const normalizeDossierNumber = (value: string): string =>
  value.replace(/[\s\u00a0\u202f]+/g, '').toUpperCase();

export const DOSSIER_NUMBER_REQUIRED =
  'Saisissez le numéro de votre dossier (par exemple CQP27-000042).';
export const DOSSIER_NUMBER_INVALID =
  'Ce numéro de dossier n’est pas valide : lettres, chiffres et tirets, par exemple CQP27-000042.';
export const DOSSIER_NOT_FOUND = 'Aucun dossier ne correspond à ce numéro.';

/** `POST /api/public/paiements/dossier` and `POST /api/public/paiements`: `{ numeroDossier }`. */
export const parseDossierLookup = (body: unknown): string => {
  const { numeroDossier } = (body ?? {}) as Record<string, unknown>;
  if (typeof numeroDossier !== 'string' || numeroDossier.trim() === '')
    throw new ValidationError(DOSSIER_NUMBER_REQUIRED, { numeroDossier: DOSSIER_NUMBER_REQUIRED });
  const numero = normalizeDossierNumber(numeroDossier);
  if (!/^[A-Z0-9][A-Z0-9-]{2,39}$/.test(numero))
    throw new ValidationError(DOSSIER_NUMBER_INVALID, { numeroDossier: DOSSIER_NUMBER_INVALID });
  return numero;
};

/** A receipt's token: a 36-character id, a dot, 43 characters of base64url (256 random bits). */
export const RECEIPT_TOKEN_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[A-Za-z0-9_-]{43}$/;
export const RECEIPT_NOT_FOUND = 'Aucun reçu ne correspond à ce lien.';

/**
 * A receipt's link (its token) opens it for a year from the payment's start, then never again: the
 * instant it expires (ISO 8601).
 */
export const receiptLinkExpiry = (startedAt: string): string => {
  const expiry = new Date(startedAt);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
  return expiry.toISOString();
};

/** The day a receipt's link expires, DD/MM/YYYY in the office's time zone. */
export const receiptLinkExpiryDay = (expiry: string, timeZone: string): string =>
  formatFrenchDay(localDate(expiry, timeZone));

/** 410: a receipt's link past its year; what was paid stays recorded on the dossier. */
export class ReceiptExpiredError extends DomainError {
  readonly status = 410;
  readonly code = 'recu-expire';
  constructor(expiry: string, timeZone: string) {
    super(
      `Ce lien de reçu a expiré le ${receiptLinkExpiryDay(expiry, timeZone)} : il était valable un an. Adressez-vous à votre centre de dépôt.`,
    );
  }
}

/**
 * 404 on every public payment route while no provider is configured (PAYMENT_PROVIDER unset): the
 * fees are paid at the counter only.
 */
export const ONLINE_PAYMENT_NOT_OFFERED =
  'Le paiement en ligne n’est pas proposé. Réglez vos frais d’examen au guichet de votre centre de dépôt.';

export class OnlinePaymentNotOfferedError extends DomainError {
  readonly status = 404;
  readonly code = 'paiement-indisponible';
  constructor(message = ONLINE_PAYMENT_NOT_OFFERED) {
    super(message);
  }
}

/** The online payment a token names (its id, before the token itself is checked), or null. */
export const paymentOfToken = (jeton: unknown): string | null =>
  typeof jeton === 'string' ? (RECEIPT_TOKEN_PATTERN.exec(jeton)?.[1] ?? null) : null;

/** `POST /api/public/paiements/suivi` and `…/demonstration`: `{ jeton }`. */
export const parseTokenBody = (body: unknown): string => {
  const { jeton } = (body ?? {}) as Record<string, unknown>;
  if (paymentOfToken(jeton) === null)
    throw new ValidationError('Le jeton de ce paiement est absent ou invalide.', {
      jeton: 'Jeton absent ou invalide.',
    });
  return jeton as string;
};

/** What a provider notifies: a payment made (`paye`) or failed (`echoue`). */
export interface ProviderNotification {
  /** The notification's own id (a replay repeats it). */
  readonly id: string;
  readonly paiementEnLigneId: string;
  readonly statut: 'paye' | 'echoue';
  /** The provider's reference of the transaction (required when paid). */
  readonly reference: string;
  readonly montant: number;
  readonly motif: string;
}

const NOTIFICATION_FIELDS = {
  id: 'Identifiant de notification absent ou invalide (1 à 100 caractères : lettres, chiffres, « . », « _ », « : », « - »).',
  paiementEnLigneId: 'Identifiant du paiement absent ou invalide.',
  statut: 'Statut invalide : « paye » ou « echoue ».',
  reference:
    'Référence du fournisseur absente ou invalide (1 à 100 caractères : lettres, chiffres, « . », « _ », « : », « / », « - »).',
  montant: 'Montant invalide : un nombre entier de francs CFA.',
  devise: 'Devise invalide : XAF (francs CFA).',
};

/** A notification's body, once its signature is checked: every field, or a French 400. */
export const parseProviderNotification = (body: unknown): ProviderNotification => {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ValidationError('La notification doit être un objet JSON.');
  const b = body as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const text = (key: string, pattern: RegExp) =>
    typeof b[key] === 'string' && pattern.test(b[key]) ? b[key] : undefined;
  const id = text('id', /^[A-Za-z0-9._:-]{1,100}$/);
  if (!id) errors.id = NOTIFICATION_FIELDS.id;
  const paiementEnLigneId = text('paiementEnLigneId', /^[0-9a-f-]{36}$/);
  if (!paiementEnLigneId) errors.paiementEnLigneId = NOTIFICATION_FIELDS.paiementEnLigneId;
  const statut = b.statut === 'paye' || b.statut === 'echoue' ? b.statut : undefined;
  if (!statut) errors.statut = NOTIFICATION_FIELDS.statut;
  const reference = text('reference', /^[A-Za-z0-9._:/-]{1,100}$/);
  if (!reference && (statut === 'paye' || b.reference !== undefined))
    errors.reference = NOTIFICATION_FIELDS.reference;
  const montant = b.montant;
  if (typeof montant !== 'number' || !Number.isInteger(montant) || montant < 1)
    errors.montant = NOTIFICATION_FIELDS.montant;
  if (b.devise !== undefined && b.devise !== 'XAF') errors.devise = NOTIFICATION_FIELDS.devise;
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return {
    id: id!,
    paiementEnLigneId: paiementEnLigneId!,
    statut: statut!,
    reference: reference ?? '',
    montant: montant as number,
    motif:
      typeof b.motif === 'string' && b.motif.trim() !== ''
        ? b.motif.trim().slice(0, 300)
        : 'Paiement refusé par le fournisseur.',
  };
};

/** 401: a notification without a valid signature, or signed too long ago (or ahead). */
export class InvalidSignatureError extends DomainError {
  readonly status = 401;
  readonly code = 'signature-invalide';
}

export const SIGNATURE_INVALID =
  'Signature de la notification absente ou invalide (en-tête X-Signature : t=<horodatage>,v1=<HMAC-SHA256 en hexadécimal>).';
export const SIGNATURE_EXPIRED =
  'Notification refusée : son horodatage s’écarte de plus de 5 minutes de l’heure du serveur.';
/** The window within which a signature's timestamp must fall, either side of the server's clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** 409: a notification already received (same id), played again. */
export class ReplayedNotificationError extends DomainError {
  readonly status = 409;
  readonly code = 'notification-rejouee';
  constructor(message = 'Cette notification a déjà été reçue : elle n’est pas traitée deux fois.') {
    super(message);
  }
}

/** 503: the provider's notifications cannot be checked (no secret configured). */
export class PaymentUnavailableError extends DomainError {
  readonly status = 503;
  readonly code = 'paiement-indisponible';
}

export const WEBHOOK_NOT_CONFIGURED =
  'Les notifications du fournisseur de paiement ne sont pas configurées sur ce serveur (PAYMENT_WEBHOOK_SECRET).';

/**
 * A signature header `t=<unix seconds>,v1=<hex>[,v1=<hex>…]` (several v1 while a secret is being
 * replaced), its parts; null when malformed.
 */
export const parseSignatureHeader = (
  header: string | undefined,
): { timestamp: number; signatures: string[] } | null => {
  if (!header) return null;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value, extra] = part.trim().split('=');
    if (extra !== undefined || !value) return null;
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === undefined || signatures.length === 0 ? null : { timestamp, signatures };
};

/** Whether a signature's timestamp is within 5 minutes of now (either side). */
export const withinSignatureWindow = (timestamp: number, nowMs: number): boolean =>
  Math.abs(nowMs / 1000 - timestamp) <= SIGNATURE_TOLERANCE_SECONDS;

/** What a receipt prints, as the payment stood. */
export interface ReceiptContent {
  readonly numeroRecu: string;
  readonly numeroDossier: string;
  readonly candidat: string;
  readonly examen: string;
  readonly session: string;
  readonly montant: number;
  /** The day paid, YYYY-MM-DD, and the instant confirmed. */
  readonly date: string;
  readonly payeLe: string;
  readonly fournisseur: string;
  readonly fournisseurLibelle: string;
  readonly referenceFournisseur: string;
  /** When the receipt's link stops opening it (ISO 8601): a year after the payment started. */
  readonly lienExpireLe: string;
}

export const receiptOf = (payment: OnlinePayment, lienExpireLe: string): ReceiptContent | null => {
  if (payment.status !== 'confirme' || !payment.confirmation) return null;
  return {
    numeroRecu: payment.confirmation.numeroRecu,
    numeroDossier: payment.numeroDossier,
    // A sandbox receipt is had for a dossier number and no money: it names nobody.
    candidat:
      payment.fournisseur === DEMONSTRATION_PROVIDER
        ? maskName(payment.candidat)
        : payment.candidat,
    examen: payment.examen,
    session: payment.session,
    montant: payment.montant,
    date: payment.confirmation.date,
    payeLe: payment.confirmation.payeLe,
    fournisseur: payment.fournisseur,
    fournisseurLibelle: payment.fournisseurLibelle,
    referenceFournisseur: payment.confirmation.referenceFournisseur,
    lienExpireLe,
  };
};

/** A receipt's lines, label and value, in the order printed. */
export const receiptLines = (receipt: ReceiptContent): [label: string, value: string][] => [
  ['Reçu n°', receipt.numeroRecu],
  ['Numéro de dossier', receipt.numeroDossier],
  ['Candidat', receipt.candidat],
  ['Examen', receipt.examen],
  ['Session', receipt.session],
  ['Objet', 'Frais d’examen'],
  ['Montant payé', formatFcfa(receipt.montant)],
  ['Date du paiement', formatFrenchDay(receipt.date)],
  ['Canal', `En ligne (${receipt.fournisseurLibelle})`],
  ['Référence du fournisseur', receipt.referenceFournisseur],
];

/** The receipt's file name. */
export const receiptFileName = (receipt: Pick<ReceiptContent, 'numeroRecu'>): string =>
  `recu-${receipt.numeroRecu.toLowerCase()}.pdf`;
