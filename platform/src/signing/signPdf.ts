import signpdf from '@signpdf/signpdf';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { CadesSigner } from './cadesSigner.js';
import { CertificateError, openCertificate, type CertificateBundle } from './certificates.js';

export interface SignatureText {
  /** Why it is signed (the signature dictionary's /Reason), in French. */
  readonly reason: string;
  readonly location: string;
  readonly contactInfo: string;
}

/**
 * The signature dictionary's texts in ASCII: @signpdf writes a text with accents as UTF-16 through
 * a UTF-8 buffer (unreadable); readers show the signer from its certificate anyway, accents kept.
 */
const ascii = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'")
    .replace(/[—–]/g, '-')
    .replace(/[«»]/g, '"')
    .replace(/[^\x20-\x7e]/g, '?');

const frenchDay = (iso: string): string => {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
};

/**
 * Refuses a certificate outside its validity at `at` (French reason). A revoked certificate is the
 * caller's to refuse: revocation is staff's decision, kept in the event log.
 */
export const assertCertificateUsable = (bundle: CertificateBundle, at: Date): void => {
  const { summary } = openCertificate(bundle);
  if (at.getTime() > Date.parse(summary.validTo))
    throw new CertificateError(
      `Le certificat de signature a expiré le ${frenchDay(summary.validTo)} : déposez-en un nouveau (Configuration → Signataires).`,
    );
  if (at.getTime() < Date.parse(summary.validFrom))
    throw new CertificateError(
      `Le certificat de signature n’est valable qu’à partir du ${frenchDay(summary.validFrom)}.`,
    );
};

/**
 * Signs a finished PDF (PAdES B-B; an incremental update: its bytes stay as they are, a signature
 * field and its CMS are appended): a detached CAdES signature over the whole file but the signature
 * itself, SHA-256, with the certificate and its chain. `signingTime` is the document's own date (the
 * dictionary's /M), so the same document signed again gives the same bytes (RSA PKCS#1 v1.5
 * signatures are deterministic).
 */
export const signPdf = async (
  pdf: Buffer,
  bundle: CertificateBundle,
  signingTime: Date,
  text: SignatureText,
): Promise<Buffer> => {
  const { summary } = openCertificate(bundle);
  const commonName = /CN=([^,]+)/.exec(summary.subject)?.[1] ?? summary.subject;
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: ascii(text.reason),
    contactInfo: ascii(text.contactInfo),
    name: ascii(commonName),
    location: ascii(text.location),
    signingTime,
    // The CMS holds the certificates of the file: room for them, the signature and attributes.
    signatureLength: Math.max(8192, bundle.p12.length + 4096),
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    // A PDF name: no space.
    appName: 'Examens-Pro',
  });
  return signpdf.sign(withPlaceholder, new CadesSigner(bundle), signingTime);
};
