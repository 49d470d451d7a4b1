/**
 * The public verification of an attestation or a diploma (`/diplomes`, by its code or its QR
 * address). Each verification of an existing code is an event on a stream per attestation and day
 * (`verifications-attestations-<candidature>.<AAAAMMJJ>`): the stream's revision is the day's
 * count, so the staff's attestation shows how many times, and when, it was checked. Nothing is kept
 * of the person asking, and an unknown code is written nowhere.
 */
import type { DomainEvent, RecordedEvent } from '../core/envelope.js';
import { ValidationError } from '../core/errors.js';
import { streamName } from '../core/streams.js';
import { parseVerificationCode, VERIFICATION_CODE_INVALID } from './verificationCode.js';

export const VERIFICATION_CATEGORY = 'verifications-attestations';

export type AttestationVerified = DomainEvent<
  'AttestationVerified',
  { candidatureId: string; code: string; /** AAAA-MM-JJ (office time zone). */ jour: string }
>;
export type VerificationEvent = AttestationVerified;
export const VERIFICATION_EVENT_TYPES: readonly VerificationEvent['type'][] = [
  'AttestationVerified',
];

/** The stream of an attestation's verifications on one day. */
export const verificationStream = (candidatureId: string, jour: string): string =>
  streamName(VERIFICATION_CATEGORY, `${candidatureId}.${jour.replaceAll('-', '')}`);

/** The count of a day after this event: the stream's revision counts from 0. */
export const verificationCountAfter = (event: RecordedEvent): number => event.revision + 1;

/** An attestation's verifications on one day, as the staff read them. */
export interface DailyVerifications {
  readonly jour: string;
  readonly nombre: number;
}

/** The days after a verification event: the day's count only grows (a redelivery changes nothing). */
export const verificationsAfter = (
  current: readonly DailyVerifications[],
  jour: string,
  count: number,
): DailyVerifications[] => {
  const others = current.filter((d) => d.jour !== jour);
  const before = current.find((d) => d.jour === jour)?.nombre ?? 0;
  return [...others, { jour, nombre: Math.max(before, count) }].sort((a, b) =>
    b.jour.localeCompare(a.jour),
  );
};

export const totalVerifications = (days: readonly DailyVerifications[]): number =>
  days.reduce((sum, d) => sum + d.nombre, 0);

export const VERIFICATION_NOT_FOUND =
  'Aucune attestation ni aucun diplôme ne correspond à ce code. Vérifiez le code saisi, ou adressez-vous au service des examens.';

/** `POST /api/public/verifications { code }`: the code as typed or scanned, in its canonical form. */
export const parseVerificationRequest = (body: unknown): string => {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.code !== 'string' || b.code.trim() === '')
    throw new ValidationError('Saisissez le code de vérification imprimé sur le document.', {
      code: 'Saisissez le code de vérification imprimé sur le document.',
    });
  const code = parseVerificationCode(b.code);
  if (code === null)
    throw new ValidationError(VERIFICATION_CODE_INVALID, { code: VERIFICATION_CODE_INVALID });
  return code;
};

/** What a genuine code answers. */
export interface VerificationAnswer {
  readonly authentique: true;
  readonly code: string;
  readonly nom: string;
  readonly prenoms: string;
  readonly examen: string;
  readonly session: string;
  readonly metier: string;
  /** The arrêté's date, DD/MM/YYYY (kept for the earlier clients: `dateArrete`). */
  readonly date: string;
  /** The day the jury's deliberation was closed, in the office's time zone, DD/MM/YYYY. */
  readonly dateDeliberation: string;
  readonly numeroArrete: string;
  /** The arrêté's date, DD/MM/YYYY. */
  readonly dateArrete: string;
}

/** The largest PDF a visitor may send to `/diplomes` (a merged document of a département is made for staff). */
export const VERIFIED_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** What the office knows of the certificate a file is signed with. */
export type SignerStatus = 'bureau' | 'demonstration' | 'revoque' | 'inconnu';

/** What `/diplomes` tells a visitor of the PDF they were given, beside its code. */
export interface FileVerification {
  /** The file is the document issued under this code, unchanged, signed by the office. */
  readonly authentique: boolean;
  readonly signature: {
    readonly signe: boolean;
    readonly valide: boolean;
    /** Nothing was added to the file after its signature. */
    readonly entier: boolean;
    readonly certificat: SignerStatus | null;
    readonly titulaire: string | null;
  };
  /** Its SHA-256 is that of a document generated with this code's attestation or diploma. */
  readonly delivreSousCeCode: boolean;
  /** A later document of the same kind was generated for this candidate since. */
  readonly remplace: boolean;
  /** One French sentence: the verdict. */
  readonly message: string;
}

/** The verdict on a file, from its signature's check and what the office issued under the code. */
export const fileVerdict = (facts: {
  signe: boolean;
  valide: boolean;
  entier: boolean;
  certificat: SignerStatus | null;
  titulaire: string | null;
  delivreSousCeCode: boolean;
  remplace: boolean;
}): FileVerification => {
  const signature = {
    signe: facts.signe,
    valide: facts.valide,
    entier: facts.entier,
    certificat: facts.certificat,
    titulaire: facts.titulaire,
  };
  const answer = (authentique: boolean, message: string): FileVerification => ({
    authentique,
    signature,
    delivreSousCeCode: facts.delivreSousCeCode,
    remplace: facts.remplace,
    message,
  });
  if (!facts.signe)
    return answer(
      false,
      'Ce fichier n’est pas signé : ce n’est pas un document délivré par le bureau des examens.',
    );
  if (!facts.valide)
    return answer(
      false,
      'La signature de ce fichier n’est pas valide : il a été modifié après sa signature.',
    );
  if (!facts.entier)
    return answer(false, 'Des données ont été ajoutées à ce fichier après sa signature.');
  if (facts.certificat === 'inconnu')
    return answer(
      false,
      `Ce fichier est signé par un certificat qui n’est pas celui du bureau des examens${facts.titulaire ? ` (${facts.titulaire})` : ''}.`,
    );
  if (!facts.delivreSousCeCode)
    return answer(
      false,
      'Ce fichier est signé par le bureau des examens, mais ce n’est pas le document délivré sous ce code.',
    );
  const demonstration =
    facts.certificat === 'demonstration'
      ? ' Il est signé avec un certificat de démonstration : sa signature prouve qu’il n’a pas changé, pas qui l’a délivré.'
      : '';
  const revoked =
    facts.certificat === 'revoque'
      ? ' Le certificat qui l’a signé a été révoqué depuis par le bureau des examens.'
      : '';
  if (facts.remplace)
    return answer(
      false,
      `Ce fichier est un document délivré sous ce code, intact, mais un document plus récent l’a remplacé depuis.${demonstration}${revoked}`,
    );
  return answer(
    facts.certificat === 'bureau',
    `Ce fichier est le document délivré sous ce code, signé par le bureau des examens : aucun octet n’a changé.${demonstration}${revoked}`,
  );
};
