/**
 * Attestations and diplomas of the admitted candidates (« Gestion des admissions → Attestations »).
 *
 * Two aggregates:
 * - `attestations-<candidature>`: a candidate's verification code, issued once, the first time one of
 *   their documents (attestation or diploma) is asked for, with the public address printed in its QR
 *   code. It never changes: what is printed stays true, and the public page `/diplomes` finds the
 *   candidate by that code. Only an admitted candidate of a closed deliberation gets one.
 * - `tirages-attestations-<document>`: which candidates a generated document printed (in parts of at
 *   most 1,000), so that the list of candidates says « générée » and how many times, and the
 *   history says who printed whose attestation.
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent } from '../core/envelope.js';
import { ConflictError } from '../core/errors.js';
import { isVerificationCode } from './verificationCode.js';

export const ATTESTATION_CATEGORY = 'attestations';
export const ATTESTATION_PRINT_CATEGORY = 'tirages-attestations';

/** The documents made for admitted candidates, each one page per candidate. */
export type AttestationKind = 'attestations' | 'diplomes';
export const ATTESTATION_KINDS: readonly AttestationKind[] = ['attestations', 'diplomes'];
export const ATTESTATION_KIND_LABELS: Record<AttestationKind, string> = {
  attestations: 'Attestation de réussite',
  diplomes: 'Diplôme',
};

/** Candidates chosen at most per document: beyond, by département or zone. */
export const MAX_CHOSEN_CANDIDATES = 1000;
/** Candidates named per print record event. */
export const PRINT_PART = 1000;

export type AttestationIssued = DomainEvent<
  'AttestationIssued',
  {
    candidatureId: string;
    sessionId: string;
    juryId: string;
    numeroCandidat: string;
    /** Canonical verification code (12 Crockford symbols and the check symbol). */
    code: string;
    /** The address its QR code carries: `<PUBLIC_URL>/diplomes?code=<code>`. */
    adresse: string;
    /** The document whose request issued it. */
    documentId: string;
  }
>;
export type AttestationEvent = AttestationIssued;
export const ATTESTATION_EVENT_TYPES: readonly AttestationEvent['type'][] = ['AttestationIssued'];

export type Attestation =
  | { readonly status: 'absent' }
  | { readonly status: 'emise'; readonly code: string; readonly adresse: string };

export type AttestationCommand = {
  type: 'IssueAttestation';
  data: AttestationIssued['data'] & {
    /** The candidate's result as the closed deliberation froze it (or re-deliberated it). */
    readonly admis: boolean;
  };
};

export const NOT_ADMITTED =
  'Ce candidat n’est pas admis : seuls les admis reçoivent une attestation et un diplôme.';

export const attestationDecider: Decider<AttestationCommand, AttestationEvent, Attestation> = {
  initialState: () => ({ status: 'absent' }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'AttestationIssued':
        return { status: 'emise', code: event.data.code, adresse: event.data.adresse };
      default:
        return assertNever(event.type);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'IssueAttestation': {
        // Issued once: a later request finds the code printed before, whatever it asks.
        if (state.status === 'emise') return [];
        const { admis, ...data } = command.data;
        if (!admis) throw new ConflictError(NOT_ADMITTED);
        if (!isVerificationCode(data.code))
          throw new Error(`Code de vérification invalide : ${data.code}`);
        return [{ type: 'AttestationIssued', data }];
      }
      default:
        return assertNever(command.type);
    }
  },
};

export type AttestationsPrinted = DomainEvent<
  'AttestationsPrinted',
  {
    documentId: string;
    sessionId: string;
    kind: AttestationKind;
    /** Part number (0, 1…) of the document's candidates, in page order. */
    partie: number;
    candidatureIds: string[];
  }
>;
export type AttestationPrintEvent = AttestationsPrinted;
export const ATTESTATION_PRINT_EVENT_TYPES: readonly AttestationPrintEvent['type'][] = [
  'AttestationsPrinted',
];

export interface AttestationPrint {
  readonly parties: ReadonlySet<number>;
}
export type AttestationPrintCommand = { type: 'RecordPrint'; data: AttestationsPrinted['data'] };

/** A document's print record: each part once (a worker retrying after a crash writes nothing twice). */
export const attestationPrintDecider: Decider<
  AttestationPrintCommand,
  AttestationPrintEvent,
  AttestationPrint
> = {
  initialState: () => ({ parties: new Set() }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'AttestationsPrinted':
        return { parties: new Set([...state.parties, event.data.partie]) };
      default:
        return assertNever(event.type);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RecordPrint':
        return state.parties.has(command.data.partie) || command.data.candidatureIds.length === 0
          ? []
          : [{ type: 'AttestationsPrinted', data: command.data }];
      default:
        return assertNever(command.type);
    }
  },
};

/** « M. » / « Mme », « né » / « née », « admis » / « admise »: the attestation's words for a person. */
export const genderWords = (sexe: string) =>
  sexe === 'F'
    ? { civilite: 'Mme', ne: 'née', admis: 'admise', candidat: 'la candidate' }
    : { civilite: 'M.', ne: 'né', admis: 'admis', candidat: 'le candidat' };

/** One candidate's page of an attestation or a diploma, as the renderer lays it out. */
export interface AttestationPage {
  /** Canonical verification code. */
  readonly code: string;
  /** What its QR code carries: `<origin>/diplomes?code=<code>`. */
  readonly adresse: string;
  readonly nom: string;
  readonly prenoms: string;
  readonly sexe: string;
  /** `YYYY-MM-DD`. */
  readonly dateNaissance: string;
  readonly lieuNaissance: string;
  readonly numeroCandidat: string;
  readonly numeroDossier: string;
  readonly metier: string;
  readonly moyenne: number | null;
  readonly numeroArrete: string;
  /** `YYYY-MM-DD`. */
  readonly dateArrete: string;
  readonly departement: string;
  /** The office's day the code was issued (`YYYY-MM-DD`): « Fait le … ». */
  readonly delivreeLe: string;
}

/** What every page of one document shares. */
export interface AttestationLayout {
  readonly kind: AttestationKind;
  /** The PDF's title (metadata). */
  readonly title: string;
  /** « Certificat de qualification professionnelle (CQP) ». */
  readonly examen: string;
  readonly session: string;
  readonly signataire: {
    readonly nom: string;
    readonly titre: string;
    /** PNG or JPEG bytes; none: the signature space stays blank. */
    readonly image?: Uint8Array;
  };
  /**
   * The PDF's creation date (an ISO instant): the last issue of the codes it prints, never the
   * clock, so that an unchanged document is made again byte for byte.
   */
  readonly creationDate: string;
  /** Under the verification code: who signed the PDF electronically (`signatureMention`). */
  readonly mention?: string;
}
