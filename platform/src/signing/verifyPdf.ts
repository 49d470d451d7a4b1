import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** What a PDF's signature says, as `/diplomes` tells a visitor. */
export interface PdfSignatureCheck {
  /** The file holds a signature (a /ByteRange and its /Contents). */
  readonly signed: boolean;
  /** Its CMS verifies over the signed bytes, whose digest it holds. */
  readonly valid: boolean;
  /** The signed bytes are the whole file but the signature: nothing was added after signing. */
  readonly wholeFile: boolean;
  /** The signer's certificate: SHA-256 fingerprint (« AB:CD:… ») and subject. */
  readonly fingerprint?: string;
  readonly subject?: string;
}

const engine = new pkijs.CryptoEngine({
  name: 'node',
  crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'],
});

const UNSIGNED: PdfSignatureCheck = { signed: false, valid: false, wholeFile: false };

const SUBJECT_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
};

const subjectOf = (certificate: pkijs.Certificate): string =>
  certificate.subject.typesAndValues
    .map((tv) => {
      const value = (tv.value as { valueBlock?: { value?: unknown } }).valueBlock?.value;
      return `${SUBJECT_NAMES[tv.type] ?? tv.type}=${String(value ?? '')}`;
    })
    .join(', ');

/**
 * Reads and checks the last signature of a PDF (the office's documents carry one): the byte ranges
 * it covers, its CMS (pkijs: the message digest against those bytes, the signature against the
 * signer's certificate), and who signed. Never throws on a bad file: an unreadable signature is
 * « signed, not valid ».
 */
export const verifyPdfSignature = async (pdf: Buffer): Promise<PdfSignatureCheck> => {
  const at = pdf.lastIndexOf('/ByteRange');
  if (at < 0) return UNSIGNED;
  const range = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    pdf.subarray(at, at + 120).toString('latin1'),
  );
  if (!range) return { ...UNSIGNED, signed: true };
  const [a, b, c, d] = range.slice(1).map(Number) as [number, number, number, number];
  if (a !== 0 || b <= 0 || c <= a + b || c + d > pdf.length) return { ...UNSIGNED, signed: true };
  const wholeFile = c + d === pdf.length;
  try {
    const hex = pdf
      .subarray(a + b, c)
      .toString('latin1')
      .replace(/[<>\s]/g, '');
    const der = Buffer.from(hex, 'hex');
    const asn1 = asn1js.fromBER(der.buffer.slice(der.byteOffset, der.byteOffset + der.length));
    if (asn1.offset === -1) return { ...UNSIGNED, signed: true, wholeFile };
    const signedData = new pkijs.SignedData({
      schema: new pkijs.ContentInfo({ schema: asn1.result }).content,
    });
    const signedBytes = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
    const result = await signedData.verify(
      {
        signer: 0,
        data: signedBytes.buffer.slice(
          signedBytes.byteOffset,
          signedBytes.byteOffset + signedBytes.length,
        ) as ArrayBuffer,
        checkChain: false,
        extendedMode: true,
      },
      engine,
    );
    const certificate = result.signerCertificate ?? undefined;
    return {
      signed: true,
      valid: result.signatureVerified === true,
      wholeFile,
      ...(certificate
        ? {
            fingerprint: createHash('sha256')
              .update(Buffer.from(certificate.toSchema().toBER(false)))
              .digest('hex')
              .toUpperCase()
              .match(/../g)!
              .join(':'),
            subject: subjectOf(certificate),
          }
        : {}),
    };
  } catch (error) {
    // pkijs answers a failed check by throwing its result: the signer may still be named.
    const certificate = (error as { signerCertificate?: pkijs.Certificate | null })
      .signerCertificate;
    return {
      signed: true,
      valid: false,
      wholeFile,
      ...(certificate ? { subject: subjectOf(certificate) } : {}),
    };
  }
};
