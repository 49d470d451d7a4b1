import { afterAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  formatVerificationCode,
  verificationAddress,
  verificationCodeFromBytes,
  type AttestationLayout,
  type AttestationPage,
} from '@examens-pro/domain';
import { pdfQrCodes } from '../testing/pdfQrCodes.js';
import { pdfText } from '../testing/pdfText.js';
import { signaturePng } from '../testing/signaturePng.js';
import { renderAttestations } from './attestations.js';
import { closeRenderThreads, renderAttestationsOffThread } from '../pdf/renderThread.js';

afterAll(() => closeRenderThreads());

const ORIGIN = 'https://examens.example.org';
const people = [
  ['Mballa', 'Alain Marie', 'M', 'Électricité'],
  ['Ngono', 'Brice Paul', 'F', 'Coiffure'],
  ['Étoundi', 'Carine', 'F', 'Électricité'],
] as const;
/** A random code whose check symbol is one of `checks` (`$` and `=` are percent-encoded). */
const codeEndingIn = (checks: string): string => {
  for (;;) {
    const code = verificationCodeFromBytes(randomBytes(8));
    if (checks.includes(code[12]!)) return code;
  }
};
const codes = [codeEndingIn('*~'), codeEndingIn('$='), codeEndingIn('0123456789ABCDEFGHJK')];
const pages: AttestationPage[] = people.map(([nom, prenoms, sexe, metier], i) => {
  const code = codes[i]!;
  return {
    code,
    adresse: verificationAddress(ORIGIN, code),
    nom,
    prenoms,
    sexe,
    dateNaissance: `199${i}-03-0${i + 1}`,
    lieuNaissance: 'Bafoussam',
    numeroCandidat: `ELEC-0000${i + 1}`,
    numeroDossier: `CQP27-00000${i + 1}`,
    metier,
    moyenne: 12.5 + i,
    numeroArrete: '0042/MINEFOP',
    dateArrete: '2027-07-10',
    departement: 'Mfoundi',
    delivreeLe: '2027-07-12',
  };
});

const layout = (kind: AttestationLayout['kind']): AttestationLayout => ({
  kind,
  title: 'Attestations de réussite — Département : Mfoundi',
  examen: 'Certificat de qualification professionnelle (CQP)',
  session: 'CQP 2027',
  signataire: {
    nom: 'Paul Atangana',
    titre: 'Directeur des examens et concours',
    image: new Uint8Array(signaturePng()),
  },
  creationDate: '2027-07-12T09:30:00.000Z',
});

async function* each<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

const render = async (kind: AttestationLayout['kind'], offThread = false) => {
  const out = new PassThrough();
  const bytes = buffer(out);
  const progress: number[] = [];
  const options = {
    layout: layout(kind),
    total: pages.length,
    pages: each(pages),
    onProgress: async (p: number) => {
      progress.push(p);
    },
  };
  const { pages: count } = offThread
    ? await renderAttestationsOffThread(out, options)
    : await renderAttestations(out, options);
  out.end();
  return { pdf: await bytes, count, progress };
};

describe('Attestations (PDF)', () => {
  it('prints one page per candidate: name, métier, session, code; its QR code reads the address', async () => {
    const { pdf, count, progress } = await render('attestations');
    expect(count).toBe(3);
    // Lines joined: a reference may wrap after its slash.
    const text = pdfText(pdf).map((page) => page.replace(/\n/g, ' ').replace(/\/ /g, '/'));
    expect(text).toHaveLength(3);
    text.forEach((page, i) => {
      const p = pages[i]!;
      expect(page).toContain('ATTESTATION DE RÉUSSITE');
      expect(page).toContain(p.nom.toLocaleUpperCase('fr-FR'));
      expect(page).toContain(p.prenoms);
      expect(page).toContain(p.metier);
      expect(page).toContain('CQP 2027');
      expect(page).toContain(formatVerificationCode(p.code));
      expect(page).toContain('0042/MINEFOP du 10/07/2027');
      expect(page).toContain('Fait le 12/07/2027');
      expect(page).toContain('Directeur des examens et concours');
    });
    expect(text[1]).toMatch(/Mme NGONO Brice Paul, née le 02\/03\/1991 à Bafoussam/);
    expect(text[1]).toContain('déclarée admise');
    expect(text[0]).toMatch(/M\. MBALLA Alain Marie, né le 01\/03\/1990/);
    expect(text[0]).toContain('moyenne de 12,50 sur 20');
    expect(pdfQrCodes(pdf)).toEqual(pages.map((p) => p.adresse));
    expect(progress.at(-1)).toBeLessThanOrEqual(95);
  });

  it('is made again byte for byte: no clock in its metadata nor on its pages', async () => {
    const first = await render('attestations');
    const again = await render('attestations', true);
    expect(again.pdf.equals(first.pdf)).toBe(true);
    const raw = first.pdf.toString('latin1');
    const created = /\/CreationDate (\d+) 0 R/.exec(raw)![1];
    expect(raw).toContain(`\n${created} 0 obj\n(D:20270712093000Z)`);
    expect(raw).toMatch(/\/ID \[<([0-9a-f]+)> <\1>\]/);
  });

  it('prints diplomas in landscape, one page each, with the same code and QR code', async () => {
    const { pdf, count } = await render('diplomes', true);
    expect(count).toBe(3);
    const text = pdfText(pdf);
    expect(text).toHaveLength(3);
    expect(text[2]).toContain('DIPLÔME');
    expect(text[2]).toContain('Mme ÉTOUNDI Carine');
    expect(text[2]).toContain(formatVerificationCode(pages[2]!.code));
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    expect(pdfQrCodes(pdf)).toEqual(pages.map((p) => p.adresse));
  });

  it('refuses a signature image that cannot be read, with a French message', async () => {
    const broken = { ...layout('attestations') };
    const out = new PassThrough();
    await expect(
      renderAttestations(out, {
        layout: {
          ...broken,
          signataire: { ...broken.signataire, image: Buffer.from('\x89PNG\r\n\x1a\nfaux') },
        },
        total: 1,
        pages: each(pages.slice(0, 1)),
      }),
    ).rejects.toThrow(/signature.*illisible/);
  });
});
