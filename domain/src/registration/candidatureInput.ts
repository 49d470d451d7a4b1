/** What the candidatures' routes accept: the form, a pièce's file, a payment, a rejection. */
import { recordInputSchema } from '../reference-lists/contracts.js';
import type { CommandContext } from '../core/envelope.js';
import { ValidationError } from '../core/errors.js';
import { parseInput } from '../core/validation.js';
import {
  CANDIDATURE_FIELDS,
  checkCandidature,
  type CandidatureDetails,
  type CandidatureValues,
} from './candidature.js';

/**
 * POST and PUT /api/candidatures: the declared fields, then what each category needs (a date of
 * birth before the day of the command's instant).
 */
export const parseCandidature = (
  body: unknown,
  context: Pick<CommandContext, 'now'>,
): CandidatureDetails => {
  const parsed = parseInput(recordInputSchema(CANDIDATURE_FIELDS), body) as Record<
    string,
    string | null
  >;
  const errors = checkCandidature(parsed, context);
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  const { sessionId, metierId, centreDepotId, ...rest } = parsed;
  // What the category does not use is not kept (an apprenti's matricule, a free candidate's patron).
  const values: CandidatureValues = { ...rest };
  if (values.categorie !== 'apprenti') values.apprentiId = null;
  if (values.categorie !== 'apprenti' && values.categorie !== 'patron') values.patronId = null;
  if (values.categorie !== 'agent') {
    values.matricule = '';
    values.datePremierePriseService = null;
  }
  return { sessionId: sessionId!, metierId: metierId!, centreDepotId: centreDepotId!, values };
};

/**
 * POST /api/candidatures: the form, and whether the registrar confirmed that a near-identical
 * person already registered is another person (`confirmerHomonyme: true`).
 */
export const parseNewCandidature = (
  body: unknown,
  context: Pick<CommandContext, 'now'>,
): CandidatureDetails & { confirmerHomonyme: boolean } => {
  const { confirmerHomonyme, ...rest } = (body ?? {}) as Record<string, unknown>;
  return { ...parseCandidature(rest, context), confirmerHomonyme: confirmerHomonyme === true };
};

/** Largest pièce justificative accepted (PDF, JPEG or PNG). */
export const PIECE_MAX_BYTES = 5 * 1024 * 1024;
export const NOT_A_PIECE = 'La pièce doit être un fichier PDF, JPEG ou PNG.';

/** What a pièce's bytes are (never its name nor the type its sender claims). */
export const pieceKind = (
  bytes: Uint8Array,
): { ext: 'pdf' | 'png' | 'jpg'; type: string } | undefined => {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return { ext: 'pdf', type: 'application/pdf' };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return { ext: 'png', type: 'image/png' };
  if (starts(0xff, 0xd8, 0xff)) return { ext: 'jpg', type: 'image/jpeg' };
  return undefined;
};

/** A file name as the sender gave it, kept for display only: no path, no control character. */
export const cleanFileName = (name: unknown, fallback: string): string => {
  if (typeof name !== 'string') return fallback;
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // Not URI-encoded: kept as sent.
  }
  const base = decoded.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return clean === '' ? fallback : clean;
};

const field = (name: string, message: string) => new ValidationError(message, { [name]: message });

/** The channels a payment recorded by staff may name (an online payment records itself). */
export const MANUAL_PAYMENT_CHANNELS = ['guichet', 'virement', 'mobile-money'] as const;
export type ManualPaymentChannel = (typeof MANUAL_PAYMENT_CHANNELS)[number];

/** POST /api/candidatures/:id/paiements { montant, date, reference, canal? } (absent: guichet) */
export const parsePayment = (
  body: unknown,
): { montant: number; date: string; reference: string; canal?: ManualPaymentChannel } => {
  const { montant, date, reference, canal } = (body ?? {}) as Record<string, unknown>;
  if (
    canal !== undefined &&
    canal !== null &&
    canal !== '' &&
    !MANUAL_PAYMENT_CHANNELS.includes(canal as ManualPaymentChannel)
  )
    throw field(
      'canal',
      'Le canal du paiement est « Guichet », « Virement bancaire » ou « Mobile money ».',
    );
  const channel =
    typeof canal === 'string' && canal !== '' ? { canal: canal as ManualPaymentChannel } : {};
  const amount =
    typeof montant === 'string' ? Number(montant.replace(/[\s\u00a0\u202f]/g, '')) : montant;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > 10_000_000)
    throw field('montant', 'Le montant est un nombre entier de francs CFA, de 1 à 10 000 000.');
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !validDay(date))
    throw field('date', 'La date du paiement est obligatoire (JJ/MM/AAAA).');
  if (typeof reference !== 'string' || reference.trim().length < 3)
    throw field(
      'reference',
      'La référence du reçu ou de la transaction compte au moins 3 caractères.',
    );
  const ref = reference.trim().toUpperCase();
  if (ref.length > 60 || !/^[A-Z0-9][A-Z0-9./_-]*$/.test(ref))
    throw field(
      'reference',
      'La référence compte au plus 60 caractères : lettres, chiffres, « . », « / », « - » et « _ ».',
    );
  return { montant: amount, date, reference: ref, ...channel };
};

const validDay = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};

/** POST /api/candidatures/:id/rejeter */
export const parseRejection = (body: unknown): { motifId: string; commentaire: string } => {
  const { motifId, commentaire } = (body ?? {}) as Record<string, unknown>;
  if (typeof motifId !== 'string' || motifId.trim() === '')
    throw new ValidationError('Choisissez le motif du rejet.', {
      motifId: 'Choisissez le motif du rejet.',
    });
  if (commentaire !== undefined && typeof commentaire !== 'string')
    throw new ValidationError('Le commentaire doit être un texte.', {
      commentaire: 'Le commentaire doit être un texte.',
    });
  const text = (commentaire ?? '').trim();
  if (text.length > 1000)
    throw new ValidationError('Le commentaire compte au plus 1 000 caractères.', {
      commentaire: 'Le commentaire compte au plus 1 000 caractères.',
    });
  return { motifId: motifId.trim(), commentaire: text };
};
