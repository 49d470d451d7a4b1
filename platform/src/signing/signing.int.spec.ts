import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import PDFDocument from 'pdfkit';
import {
  assertCertificateUsable,
  CertificateError,
  makeDemonstrationCertificate,
  openCertificate,
  openSealedCertificate,
  sealCertificate,
  signPdf,
  verifyPdfSignature,
  type CertificateBundle,
} from './index.js';
import { opensslAvailable, opensslPkcs12 } from '../testing/pkcs12.js';

const pdfsigAvailable = spawnSync('pdfsig', ['-v']).status === 0;

const TEXT = { reason: 'Document délivré', location: 'Yaoundé', contactInfo: 'bureau' };
const SIGNED_AT = new Date('2026-06-01T10:00:00Z');

const samplePdf = async (): Promise<Buffer> => {
  const doc = new PDFDocument({ info: { CreationDate: SIGNED_AT } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.text('Attestation de réussite — Jean Dupont');
  doc.addPage().text('Deuxième page');
  doc.end();
  await done;
  return Buffer.concat(chunks);
};

describe('signing documents (PAdES)', () => {
  let dir: string;
  let demo: CertificateBundle & ReturnType<typeof makeDemonstrationCertificate>;
  const pdfsig = (pdf: Buffer): string => {
    const file = join(dir, `f-${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, pdf);
    // pdfsig exits non-zero on an invalid signature: its report is what is checked.
    const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    return `${run.stdout}${run.stderr}`;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'signing-'));
    demo = makeDemonstrationCertificate(new Date(), 'Ministère de l’Emploi');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a self-signed demonstration certificate valid five years, named as such', () => {
    expect(demo.summary.subject).toContain(
      'CN=Ministère de l’Emploi — certificat de démonstration',
    );
    expect(demo.summary.subject).toBe(demo.summary.issuer);
    const years =
      (Date.parse(demo.summary.validTo) - Date.parse(demo.summary.validFrom)) /
      (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(4.9);
    expect(years).toBeLessThan(5.1);
    expect(demo.summary.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(openCertificate(demo).summary).toEqual(demo.summary);
  });

  it('signs deterministically: the same document at the same date gives the same bytes', async () => {
    const pdf = await samplePdf();
    const first = await signPdf(pdf, demo, SIGNED_AT, TEXT);
    const second = await signPdf(pdf, demo, SIGNED_AT, TEXT);
    expect(first.equals(second)).toBe(true);
    // An incremental update: the document's own bytes come first, unchanged.
    expect(first.subarray(0, pdf.length - 1).equals(pdf.subarray(0, pdf.length - 1))).toBe(true);
    const later = await signPdf(pdf, demo, new Date('2026-06-02T10:00:00Z'), TEXT);
    expect(later.equals(first)).toBe(false);
  });

  (pdfsigAvailable ? it : it.skip)(
    'pdfsig reads a valid CAdES signature, its signer and its time; one changed byte breaks it',
    async () => {
      const signed = await signPdf(await samplePdf(), demo, SIGNED_AT, TEXT);
      const report = pdfsig(signed);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Signature Type: ETSI.CAdES.detached');
      expect(report).toContain(
        'Signer Certificate Common Name: Ministère de l’Emploi — certificat de démonstration',
      );
      expect(report).toContain('Signing Time: Jun 01 2026 10:00:00');
      expect(report).toContain('Total document signed');
      expect(report).not.toContain('Syntax Error');
      // One byte of the page's content changed (inside the signed range).
      const tampered = Buffer.from(signed);
      const at = tampered.indexOf('stream') + 20;
      tampered[at] = tampered[at]! ^ 0x01;
      const broken = pdfsig(tampered);
      expect(broken).not.toContain('Signature is Valid.');
      expect(broken).toMatch(/Digest Mismatch|Signature is Invalid/);
    },
  );
  if (!pdfsigAvailable)
    it.skip('IGNORÉ : pdfsig absent (paquet poppler-utils, installé par .ci/run)', () => undefined);

  (pdfsigAvailable && opensslAvailable() ? it : it.skip)(
    'signs with a deposited PKCS#12 made by OpenSSL, its accented UTF-8 names kept',
    async () => {
      const p12 = opensslPkcs12(
        '/CN=Bureau des examens — Ministère/O=République/C=CM',
        'mot-de-passe',
        30,
      );
      const bundle = { p12, passphrase: 'mot-de-passe' };
      expect(openCertificate(bundle).summary.subject).toBe(
        'CN=Bureau des examens — Ministère, O=République, C=CM',
      );
      const report = pdfsig(await signPdf(await samplePdf(), bundle, new Date(), TEXT));
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Signer Certificate Common Name: Bureau des examens — Ministère');
    },
  );

  it('refuses in French: a wrong password, a file that is no PKCS#12, an expired certificate', () => {
    expect(() => openCertificate({ p12: demo.p12, passphrase: 'faux' })).toThrow(
      new CertificateError('Le mot de passe du certificat est incorrect.'),
    );
    expect(() => openCertificate({ p12: Buffer.from('%PDF-1.7'), passphrase: '' })).toThrow(
      'Ce fichier n’est pas un certificat PKCS#12 (.p12 ou .pfx) lisible.',
    );
    const old = makeDemonstrationCertificate(new Date('2001-03-15T08:00:00Z'), 'Ancien bureau');
    expect(() => assertCertificateUsable(old, new Date('2026-01-01T00:00:00Z'))).toThrow(
      'Le certificat de signature a expiré le 15/03/2006 : déposez-en un nouveau (Configuration → Signataires).',
    );
    expect(() => assertCertificateUsable(old, new Date('2001-03-01T00:00:00Z'))).toThrow(
      'Le certificat de signature n’est valable qu’à partir du 15/03/2001.',
    );
  });

  it('keeps the file and its password only sealed; another key cannot open them', () => {
    const sealed = sealCertificate('une-cle-de-certificat-de-32-caracteres', demo);
    expect(sealed).not.toContain(demo.passphrase);
    expect(sealed).not.toContain(demo.p12.toString('base64').slice(0, 40));
    const opened = openSealedCertificate('une-cle-de-certificat-de-32-caracteres', sealed);
    expect(opened.passphrase).toBe(demo.passphrase);
    expect(opened.p12.equals(demo.p12)).toBe(true);
    expect(() => openSealedCertificate('une-autre-cle-de-certificat-de-32-car', sealed)).toThrow(
      /ne s’ouvre pas avec la clé CERTIFICATE_KEY/,
    );
  });
  it('verifies a signed file by itself: genuine, one byte changed, bytes appended, unsigned', async () => {
    const pdf = await samplePdf();
    const signed = await signPdf(pdf, demo, SIGNED_AT, TEXT);
    await expect(verifyPdfSignature(signed)).resolves.toEqual({
      signed: true,
      valid: true,
      wholeFile: true,
      fingerprint: demo.summary.fingerprint,
      subject: expect.stringContaining('CN=Ministère de l’Emploi — certificat de démonstration'),
    });
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf('stream') + 20;
    tampered[at] = tampered[at]! ^ 0x01;
    await expect(verifyPdfSignature(tampered)).resolves.toMatchObject({
      signed: true,
      valid: false,
    });
    const appended = Buffer.concat([signed, Buffer.from('\n% ajout\n')]);
    await expect(verifyPdfSignature(appended)).resolves.toMatchObject({
      signed: true,
      valid: true,
      wholeFile: false,
    });
    await expect(verifyPdfSignature(pdf)).resolves.toEqual({
      signed: false,
      valid: false,
      wholeFile: false,
    });
    await expect(verifyPdfSignature(Buffer.from('pas un PDF'))).resolves.toMatchObject({
      signed: false,
    });
  });
});
