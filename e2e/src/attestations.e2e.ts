import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { formatVerificationCode } from '../../domain/src/certificates/verificationCode';
import { pdfQrCodes } from '../../workers/src/testing/pdfQrCodes';
import { pdfText } from '../../workers/src/testing/pdfText';
import { addAttestationSignatory, SESSION_LIBELLE, setUpDeliberation } from './admissionsSetup';
import {
  cells,
  choose,
  createUserWithProfile,
  DASHBOARD,
  useJourney,
  type StaffAccount,
} from './examSetup';
import { ARTIFACTS, browserAvailable, openFromMenu, shot } from './harness';

/**
 * « Attestations », on a session whose jury closed its deliberation (admissionsSetup: Abena 14,
 * Chindji 16, Dika 11, Essomba 12 admitted, Bilong 8 ajourné; Abena and Essomba registered in
 * Mfoundi, Chindji and Dika in Wouri), the product's public address set (PUBLIC_URL): an agent
 * holding « Imprimer les diplômes » only lists the admitted candidates (none generated yet), asks
 * for the attestations of the département du Mfoundi, follows the progress bar, downloads the
 * merged PDF — one page per admitted candidate of the département, each QR code the public address
 * of its verification code — and finds both candidates « générée » with those codes in the list.
 */
const run = browserAvailable() ? describe : describe.skip;

const PUBLIC_URL = 'https://examens.example.org';
const ATTESTATIONS = `${DASHBOARD}/espace-examen/gestion-des-admissions/attestations`;
const LIST = `${ATTESTATIONS}/liste-des-candidats`;
const BY_DEPARTEMENT = `${ATTESTATIONS}/telechargement-par-departement`;
const AGENT: StaffAccount = {
  nom: 'Nkolo',
  prenoms: 'Aline',
  login: 'aline.nkolo@examens.local',
  telephone: '699000411',
  temporaryPassword: 'Temporaire-Nkolo-1',
  password: 'Nkolo-Definitif-2026',
};

run('Admissions : attestations d’un département, fusionnées en un PDF', () => {
  const journey = useJourney({ PUBLIC_URL });
  let agent: Page;
  /** What the first journey downloaded: the merged PDF's file, and its candidates' codes. */
  let merged: { file: string; codes: string[] } | undefined;

  /** The list's rows: number, name, métier, département, average, rank, state, code. */
  const listed = async (page: Page) => {
    const table = page.getByRole('table', { name: 'Admis' });
    await table.locator('tbody tr').first().waitFor();
    return Promise.all(
      (await table.locator('tbody tr').all()).map(async (row) => (await cells(row)).slice(0, 8)),
    );
  };

  it('generates the attestations of a département and downloads the merged PDF', async () => {
    const admin = await journey.signInAdministrator();
    const setup = await setUpDeliberation(admin, { close: true });
    await addAttestationSignatory(admin);
    await createUserWithProfile(
      admin,
      { libelle: 'Impression des diplômes', permissions: ['diplome.imprimer'] },
      AGENT,
    );

    agent = await journey.signInAs(AGENT);
    await openFromMenu(agent, LIST);
    const before = await listed(agent);
    expect(before.map((row) => row[1]).sort()).toEqual([
      'ABENA Marie',
      'CHINDJI Ange',
      'DIKA Luc',
      'ESSOMBA Rose',
    ]);
    expect(before.every((row) => row[6] === 'Non générée' && row[7] === '—')).toBe(true);
    await shot(agent, 'attestations-01-liste-avant');

    await openFromMenu(agent, BY_DEPARTEMENT);
    await choose(agent, /^Session/, SESSION_LIBELLE);
    await choose(agent, /^Département/, 'Mfoundi');
    await agent
      .getByRole('status', { name: 'Admis' })
      .getByText('2 admis, aucune attestation encore générée.')
      .waitFor();
    await shot(agent, 'attestations-02-departement');
    const [download] = await Promise.all([
      agent.waitForEvent('download', { timeout: 60_000 }),
      agent.getByRole('button', { name: 'Attestations du département (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('attestations-departement-mfoundi.pdf');
    const file = join(ARTIFACTS, 'attestations-mfoundi.pdf');
    await download.saveAs(file);
    const pdf = readFileSync(file);
    const pages = pdfText(pdf).map((page) => page.replace(/\s+/g, ' '));
    // One page per admitted candidate of Mfoundi, in name order.
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('ABENA Marie');
    expect(pages[1]).toContain('ESSOMBA Rose');
    for (const page of pages) {
      expect(page).toContain('ATTESTATION DE RÉUSSITE');
      expect(page).toContain(SESSION_LIBELLE);
      expect(page).toContain('Paul Atangana');
    }
    const addresses = pdfQrCodes(pdf);
    expect(addresses).toHaveLength(2);
    const codes = addresses.map((address) => {
      expect(address).toMatch(new RegExp(`^${PUBLIC_URL}/diplomes\\?code=`));
      return new URL(address!).searchParams.get('code')!;
    });
    codes.forEach((code, i) => expect(pages[i]).toContain(formatVerificationCode(code)));
    merged = { file, codes };
    await agent.getByText('2 admis, dont 2 attestations déjà générées.').waitFor();

    // Back to the list: Mfoundi's two are generated, with the codes their pages carry.
    await openFromMenu(agent, LIST);
    await agent.getByText(formatVerificationCode(codes[0]!)).waitFor();
    const after = await listed(agent);
    const byName = new Map(after.map((row) => [row[1], row]));
    expect(byName.get('ABENA Marie')!.slice(6)).toEqual([
      'Générée (1)',
      formatVerificationCode(codes[0]!),
    ]);
    expect(byName.get('ESSOMBA Rose')!.slice(6)).toEqual([
      'Générée (1)',
      formatVerificationCode(codes[1]!),
    ]);
    expect(byName.get('DIKA Luc')!.slice(6)).toEqual(['Non générée', '—']);
    expect(setup.candidatureIds).toHaveLength(5);
    await shot(agent, 'attestations-03-liste-apres');
    expect(journey.pageErrors).toEqual([]);
  });
  it('lets anyone check the PDF they were given on /diplomes: intact, or changed', async () => {
    if (!merged) throw new Error('Le document fusionné n’a pas été téléchargé.');
    // A visitor: no account, the address the QR code carries.
    const visitor = await journey.newPage();
    await visitor.goto(`${journey.url}/diplomes?code=${encodeURIComponent(merged.codes[0]!)}`);
    await visitor.getByText('✔ Document authentique').waitFor();
    await visitor.getByLabel('Fichier PDF du document').setInputFiles(merged.file);
    await visitor.getByRole('button', { name: 'Vérifier le fichier' }).click();
    await visitor
      .getByText('⚠ Fichier intact, signé avec un certificat de démonstration')
      .waitFor();
    await visitor
      .getByText(/Ce fichier est le document délivré sous ce code, signé par le bureau des examens/)
      .waitFor();
    await shot(visitor, 'attestations-04-fichier-intact');

    // One byte of a page changed: the signature no longer holds.
    const changed = Buffer.from(readFileSync(merged.file));
    const at = changed.indexOf('stream') + 40;
    changed[at] = changed[at]! ^ 0x01;
    await visitor.getByLabel('Fichier PDF du document').setInputFiles({
      name: 'attestation-modifiee.pdf',
      mimeType: 'application/pdf',
      buffer: changed,
    });
    await visitor.getByRole('button', { name: 'Vérifier le fichier' }).click();
    await visitor.getByText('✘ Fichier non authentique').waitFor();
    await visitor
      .getByText(
        'La signature de ce fichier n’est pas valide : il a été modifié après sa signature.',
      )
      .waitFor();
    await shot(visitor, 'attestations-05-fichier-modifie');
    expect(journey.pageErrors).toEqual([]);
  });
});
