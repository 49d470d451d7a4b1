/**
 * The office's document signing certificate (« Certificat de signature du document »): the
 * attestations, diplomas, admission decisions and minutes are signed with it (PAdES). One stream;
 * until staff deposit a PKCS#12 file the product signs with a self-signed certificate it made at
 * its first start (« certificat de démonstration »). Each certificate is a numbered version; the
 * file and its password are kept only sealed (AES-256-GCM, key from the environment): the event
 * log never holds them in clear. A revoked certificate signs nothing more.
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent } from '../core/envelope.js';
import { ConflictError, ValidationError } from '../core/errors.js';

export const SIGNING_CERTIFICATE_CATEGORY = 'certificats-signature';
/** The one stream: `certificats-signature-bureau`. */
export const SIGNING_CERTIFICATE_ID = 'bureau';

/** What everyone may read of a certificate (never its key, its file or its password). */
export interface CertificateDescription {
  readonly sujet: string;
  readonly emetteur: string;
  /** ISO instants. */
  readonly valideDu: string;
  readonly valideAu: string;
  /** SHA-256 of the certificate, « AB:CD:… ». */
  readonly empreinte: string;
  readonly numeroSerie: string;
}

interface CertificateVersionData extends CertificateDescription {
  readonly numero: number;
  /** The PKCS#12 file and its password, sealed with CERTIFICATE_KEY. */
  readonly scelle: string;
}

export type SigningCertificateCreated = DomainEvent<
  'SigningCertificateCreated',
  CertificateVersionData & { demonstration: true }
>;
export type SigningCertificateDeposited = DomainEvent<
  'SigningCertificateDeposited',
  CertificateVersionData & { demonstration: false; nomFichier: string }
>;
export type SigningCertificateRevoked = DomainEvent<
  'SigningCertificateRevoked',
  { numero: number; empreinte: string; motif: string }
>;
export type SigningCertificateEvent =
  SigningCertificateCreated | SigningCertificateDeposited | SigningCertificateRevoked;
export const SIGNING_CERTIFICATE_EVENT_TYPES: readonly SigningCertificateEvent['type'][] = [
  'SigningCertificateCreated',
  'SigningCertificateDeposited',
  'SigningCertificateRevoked',
];

export type SigningCertificateCommand =
  | {
      type: 'CreateDemonstrationCertificate';
      /** `remplace`: the demonstration certificate there cannot be opened here (another key). */
      data: CertificateDescription & { scelle: string; remplace?: boolean };
    }
  | {
      type: 'DepositSigningCertificate';
      data: CertificateDescription & { scelle: string; nomFichier: string };
    }
  | { type: 'RevokeSigningCertificate'; data: { empreinte: string; motif: string } };

/** The certificate documents are signed with now. */
export interface CurrentCertificate extends CertificateDescription {
  readonly numero: number;
  readonly demonstration: boolean;
  readonly scelle: string;
  readonly revoque: boolean;
}

export interface SigningCertificateState {
  readonly current: CurrentCertificate | null;
  /** Fingerprints of the certificates ever revoked: never deposited again. */
  readonly revoked: readonly string[];
}

export const ALREADY_REVOKED_MESSAGE =
  'Ce certificat a été révoqué : il ne peut plus être déposé. Demandez-en un nouveau à votre autorité de certification.';

export const decideSigningCertificate = (
  command: SigningCertificateCommand,
  state: SigningCertificateState,
): SigningCertificateEvent[] => {
  const numero = (state.current?.numero ?? 0) + 1;
  switch (command.type) {
    case 'CreateDemonstrationCertificate': {
      // Made once, at the first start: any certificate already there is kept — but a
      // demonstration one this server cannot open (a backup restored under another key), which a
      // new one replaces. The office's own certificate is never replaced so: it is deposited again.
      const { remplace, ...data } = command.data;
      if (state.current && !(remplace && state.current.demonstration)) return [];
      return [
        { type: 'SigningCertificateCreated', data: { ...data, numero, demonstration: true } },
      ];
    }
    case 'DepositSigningCertificate': {
      if (state.revoked.includes(command.data.empreinte))
        throw new ValidationError(ALREADY_REVOKED_MESSAGE, { fichier: ALREADY_REVOKED_MESSAGE });
      if (state.current?.empreinte === command.data.empreinte && !state.current.revoque) return [];
      return [
        {
          type: 'SigningCertificateDeposited',
          data: { ...command.data, numero, demonstration: false },
        },
      ];
    }
    case 'RevokeSigningCertificate': {
      const motif = command.data.motif.trim();
      if (!motif)
        throw new ValidationError('Indiquez le motif de la révocation.', {
          motif: 'Indiquez le motif de la révocation.',
        });
      if (!state.current || state.current.empreinte !== command.data.empreinte)
        throw new ConflictError(
          'Ce certificat n’est plus le certificat de signature en service : rechargez la page.',
        );
      if (state.current.revoque) return [];
      return [
        {
          type: 'SigningCertificateRevoked',
          data: { numero: state.current.numero, empreinte: state.current.empreinte, motif },
        },
      ];
    }
    default:
      return assertNever(command);
  }
};

export const evolveSigningCertificate = (
  state: SigningCertificateState,
  event: SigningCertificateEvent,
): SigningCertificateState => {
  switch (event.type) {
    case 'SigningCertificateCreated':
    case 'SigningCertificateDeposited': {
      const { sujet, emetteur, valideDu, valideAu, empreinte, numeroSerie } = event.data;
      return {
        ...state,
        current: {
          sujet,
          emetteur,
          valideDu,
          valideAu,
          empreinte,
          numeroSerie,
          numero: event.data.numero,
          demonstration: event.data.demonstration,
          scelle: event.data.scelle,
          revoque: false,
        },
      };
    }
    case 'SigningCertificateRevoked':
      return {
        current: state.current && { ...state.current, revoque: true },
        revoked: [...state.revoked, event.data.empreinte],
      };
    default:
      return assertNever(event);
  }
};

export const signingCertificateDecider: Decider<
  SigningCertificateCommand,
  SigningCertificateEvent,
  SigningCertificateState
> = {
  decide: decideSigningCertificate,
  evolve: evolveSigningCertificate,
  initialState: () => ({ current: null, revoked: [] }),
};

/** What « Certificat de signature du document » shows: the certificate in service, never its key. */
export interface SigningCertificateView extends CertificateDescription {
  readonly numero: number;
  readonly demonstration: boolean;
  readonly revoque: boolean;
  readonly motifRevocation: string | null;
  readonly nomFichier: string | null;
  /** When and by whom it was made or deposited. */
  readonly deposeLe: string;
  readonly deposePar: string;
}

/**
 * What a signed document prints of its signature: the demonstration certificate said as such, else
 * who the certificate names.
 */
export const signatureMention = (certificate: {
  readonly demonstration: boolean;
  readonly sujet: string;
}): string =>
  certificate.demonstration
    ? 'Signé électroniquement avec un certificat de démonstration (sans valeur probante).'
    : `Signé électroniquement par ${/CN=([^,]+)/.exec(certificate.sujet)?.[1] ?? certificate.sujet}.`;

/** The kinds of documents signed with the office's certificate. */
export const SIGNED_DOCUMENT_REASON = 'Document délivré par le bureau des examens';
