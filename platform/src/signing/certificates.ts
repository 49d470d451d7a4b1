import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * The office's signing certificate: a PKCS#12 file (its private key and certificate chain) and the
 * password that opens it. Read with node-forge; nothing here writes or reads a file.
 */
export interface CertificateBundle {
  readonly p12: Buffer;
  readonly passphrase: string;
}

/** What staff and visitors read of a certificate (never its key). */
export interface CertificateSummary {
  /** The subject's distinguished name, readable (« CN=…, O=…, C=… »). */
  readonly subject: string;
  readonly issuer: string;
  /** ISO instants. */
  readonly validFrom: string;
  readonly validTo: string;
  /** SHA-256 of the certificate's DER, upper-case hex pairs joined by « : ». */
  readonly fingerprint: string;
  readonly serialNumber: string;
}

/** A certificate that cannot be used, with the French reason staff read. */
export class CertificateError extends Error {}

/** forge keeps attribute values as byte strings: UTF8String values are decoded. */
const textOf = (attribute: forge.pki.CertificateField): string => {
  const value = String(attribute.value);
  if ((attribute.valueTagClass as unknown) !== forge.asn1.Type.UTF8) return value;
  try {
    return forge.util.decodeUtf8(value);
  } catch {
    return value;
  }
};

const distinguishedName = (attributes: forge.pki.CertificateField[]): string =>
  attributes.map((a) => `${a.shortName ?? a.name ?? a.type}=${textOf(a)}`).join(', ');

/** The SHA-256 fingerprint of a forge certificate. */
export const fingerprintOf = (certificate: forge.pki.Certificate): string =>
  createHash('sha256')
    .update(
      Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary'),
    )
    .digest('hex')
    .toUpperCase()
    .match(/../g)!
    .join(':');

export const summaryOf = (certificate: forge.pki.Certificate): CertificateSummary => ({
  subject: distinguishedName(certificate.subject.attributes),
  issuer: distinguishedName(certificate.issuer.attributes),
  validFrom: certificate.validity.notBefore.toISOString(),
  validTo: certificate.validity.notAfter.toISOString(),
  fingerprint: fingerprintOf(certificate),
  serialNumber: certificate.serialNumber.toUpperCase(),
});

/**
 * Opens a PKCS#12 file: its certificate that holds the private key's public half. Refuses, in
 * French, a file that is not PKCS#12, a wrong password and a file without a private key.
 */
export const openCertificate = (
  bundle: CertificateBundle,
): {
  certificate: forge.pki.Certificate;
  privateKey: forge.pki.rsa.PrivateKey;
  /** The file's other certificates (its chain), as given. */
  chain: forge.pki.Certificate[];
  summary: CertificateSummary;
} => {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bundle.p12.toString('binary')));
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, bundle.passphrase);
    } catch {
      throw new CertificateError('Le mot de passe du certificat est incorrect.');
    }
  } catch (error) {
    if (error instanceof CertificateError) throw error;
    throw new CertificateError(
      'Ce fichier n’est pas un certificat PKCS#12 (.p12 ou .pfx) lisible.',
    );
  }
  const bagsOf = (type: string | undefined): forge.pkcs12.Bag[] =>
    type ? (p12.getBags({ bagType: type })[type] ?? []) : [];
  const key = [
    ...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag),
    ...bagsOf(forge.pki.oids.keyBag),
  ].find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key?.n)
    throw new CertificateError(
      'Ce certificat ne contient pas de clé privée RSA : il ne peut pas signer.',
    );
  const all = bagsOf(forge.pki.oids.certBag)
    .map((bag) => bag.cert)
    .filter((c): c is forge.pki.Certificate => c !== undefined && c !== null);
  const certificate = all.find((c): c is forge.pki.Certificate => {
    const publicKey = c?.publicKey as forge.pki.rsa.PublicKey | undefined;
    return publicKey?.n?.compareTo(key.n) === 0 && publicKey.e?.compareTo(key.e) === 0;
  });
  if (!certificate)
    throw new CertificateError(
      'Ce fichier ne contient pas le certificat de sa clé privée : il ne peut pas signer.',
    );
  return {
    certificate,
    privateKey: key,
    chain: all.filter((c) => c !== certificate),
    summary: summaryOf(certificate),
  };
};

/**
 * The self-signed certificate the product signs with until the office deposits its own: RSA 2048
 * (made by Node's crypto), valid five years from `now`, in a PKCS#12 file under a random password.
 */
export const makeDemonstrationCertificate = (
  now: Date,
  organisation: string,
): CertificateBundle & { summary: CertificateSummary } => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(
    pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  ) as forge.pki.rsa.PrivateKey;
  const publicKey = forge.pki.publicKeyFromPem(
    pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = publicKey;
  // A positive serial number of 16 random bytes (RFC 5280: at most 20).
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  // X.509 times hold whole seconds.
  const from = new Date(Math.floor(now.getTime() / 1000) * 1000 - 60_000);
  certificate.validity.notBefore = from;
  const until = new Date(from.getTime());
  until.setUTCFullYear(from.getUTCFullYear() + 5);
  certificate.validity.notAfter = until;
  // UTF8String values: forge encodes them (accents, dashes).
  const name = [
    ['CN', `${organisation} — certificat de démonstration`],
    ['O', organisation],
    ['OU', 'Certificat de démonstration (sans valeur probante)'],
  ].map(([shortName, value]) => ({
    shortName,
    value,
    valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
  }));
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(privateKey, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [certificate], passphrase, {
    algorithm: 'aes256',
  });
  return {
    p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'),
    passphrase,
    summary: summaryOf(certificate),
  };
};
