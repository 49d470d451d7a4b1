import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { CertificateBundle } from './certificates.js';

/**
 * A certificate's PKCS#12 file and password, sealed (AES-256-GCM) with a key derived from the
 * environment's CERTIFICATE_KEY: what the event log keeps is only this. `v1.<iv>.<tag>.<data>`, base64url.
 */
export type SealedCertificate = string;

const keyOf = (secret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'examens-pro', 'certificat de signature', 32));

export const sealCertificate = (secret: string, bundle: CertificateBundle): SealedCertificate => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([
    cipher.update(
      JSON.stringify({ p12: bundle.p12.toString('base64'), passphrase: bundle.passphrase }),
      'utf8',
    ),
    cipher.final(),
  ]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
};

/** Opens a sealed certificate; a wrong key (another CERTIFICATE_KEY) is said in French. */
export const openSealedCertificate = (
  secret: string,
  sealed: SealedCertificate,
): CertificateBundle => {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data)
    throw new Error('Certificat de signature scellé illisible.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const clear = Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
    const parsed = JSON.parse(clear) as { p12: string; passphrase: string };
    return { p12: Buffer.from(parsed.p12, 'base64'), passphrase: parsed.passphrase };
  } catch {
    throw new Error(
      'Le certificat de signature ne s’ouvre pas avec la clé CERTIFICATE_KEY de ce serveur : chaque service doit recevoir la même.',
    );
  }
};
