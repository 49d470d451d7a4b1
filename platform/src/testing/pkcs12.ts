import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether OpenSSL's command line is here (Debian ships it). */
export const opensslAvailable = (): boolean => spawnSync('openssl', ['version']).status === 0;

/**
 * A PKCS#12 file made by OpenSSL, as a certification authority would hand one over: a self-signed
 * RSA 2048 certificate for `subject` (« /CN=…/O=…/C=CM », UTF-8), valid `days`, under `password`.
 */
export const opensslPkcs12 = (subject: string, password: string, days = 365): Buffer => {
  const dir = mkdtempSync(join(tmpdir(), 'pkcs12-'));
  try {
    const [key, cert, p12] = ['cle.pem', 'cert.pem', 'bureau.p12'].map((f) => join(dir, f)) as [
      string,
      string,
      string,
    ];
    execFileSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      String(days),
      '-utf8',
      '-subj',
      subject,
    ]);
    execFileSync('openssl', [
      'pkcs12',
      '-export',
      '-inkey',
      key,
      '-in',
      cert,
      '-out',
      p12,
      '-passout',
      `pass:${password}`,
    ]);
    return readFileSync(p12);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
