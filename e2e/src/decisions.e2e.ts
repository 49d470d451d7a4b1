import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { pdfImages } from '../../workers/src/testing/pdfImages';
import { pdfText } from '../../workers/src/testing/pdfText';
import { signaturePng } from '../../workers/src/testing/signatureImage';
import { ADMISSION_CANDIDATES, setUpDeliberation, type AdmissionsSetup } from './admissionsSetup';
import {
  cells,
  createUserWithProfile,
  DASHBOARD,
  useJourney,
  type StaffAccount,
} from './examSetup';
import { api, ARTIFACTS, browserAvailable, imageDrawn, openFromMenu, shot } from './harness';

/**
 * Admission decisions: the jury of Yaoundé has closed (Abena and Essomba admitted in Mfoundi,
 * Chindji and Dika in Wouri, Bilong ajourné); the office has recorded the visas, the ampliations
 * and Mfoundi's decision number. The depositor refuses a text file named .png, previews the
 * minister's signature and deposits it; the signatory prepares Mfoundi's decision, reads its
 * candidates, chooses it and applies the signature after the confirmation dialog (which shows the
 * image); whoever downloads decisions gets the signed PDF: the image drawn, the visas, the two
 * admitted candidates, Bilong absent, its SHA-256 the one the screen shows.
 */
const run = browserAvailable() ? describe : describe.skip;

const DECISIONS = `${DASHBOARD}/espace-examen/gestion-des-admissions/decision-d-admission`;
const SIGNATURE = `${DECISIONS}/signature-du-ministre`;
const APPOSER = `${DECISIONS}/apposer-la-signature-du-ministre`;
const TELECHARGER = `${DECISIONS}/telechargement-des-decisions`;
const VISAS = `${DECISIONS}/visas-des-decisions-dadmission`;

const account = (nom: string, prenoms: string, login: string, n: number): StaffAccount => ({
  nom,
  prenoms,
  login,
  telephone: `69900050${n}`,
  temporaryPassword: `Temporaire-${nom}-1`,
  password: `${nom}-Definitif-2026`,
});
/** Deposits the minister's signature. */
const BELLO = account('Bello', 'Awa', 'awa.bello@examens.local', 1);
/** Prepares decisions and applies the signature. */
const NKODO = account('Nkodo', 'Serge', 'serge.nkodo@examens.local', 2);
/** Downloads decisions. */
const ATEBA = account('Ateba', 'Lucie', 'lucie.ateba@examens.local', 3);

const SIGNATURE_PNG = signaturePng({ width: 300, height: 100, phase: 3 });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Whether an image of the page is drawn (loaded, with its size). */
const drawn = imageDrawn;

run('Décisions d’admission : signature du ministre déposée, apposée, décision téléchargée', () => {
  const journey = useJourney();
  let admin: Page;
  let deposant: Page;
  let signataire: Page;
  let setup: AdmissionsSetup;

  it('starts from a closed jury, the visas, the ampliations and Mfoundi’s decision number', async () => {
    admin = await journey.signInAdministrator();
    setup = await setUpDeliberation(admin, { close: true });
    const lois = await api(admin, '/api/types-visas', { code: 'LOI', libelle: 'Lois', ordre: 2 });
    const constitution = await api(admin, '/api/types-visas', {
      code: 'CONST',
      libelle: 'Constitution',
      ordre: 1,
    });
    await api(admin, '/api/visas', {
      typeId: lois.id,
      texte: 'la loi n° 2018/010 du 11 juillet 2018 régissant la formation professionnelle',
      ordre: 1,
    });
    await api(admin, '/api/visas', { typeId: constitution.id, texte: 'la Constitution', ordre: 1 });
    await api(admin, '/api/ampliations', { libelle: 'Intéressés', ordre: 1 });
    await api(admin, '/api/ampliations', { libelle: 'Archives', ordre: 2 });
    await api(admin, '/api/references-decisions', {
      libelle: '0012/MINEFOP/CAB',
      sessionId: setup.session.id,
      departementId: setup.departements.mfoundi,
    });
    for (const [libelle, permissions, who] of [
      ['Dépôt de la signature', ['decision.deposer-signature'], BELLO],
      ['Signature des décisions', ['decision.apposer-signature'], NKODO],
      ['Téléchargement des décisions', ['decision.telecharger'], ATEBA],
    ] as const)
      await createUserWithProfile(admin, { libelle, permissions: [...permissions] }, who);
    // The visas' own screen lists them type after type, in their order.
    await admin.goto(`${journey.url}${DASHBOARD}`);
    await openFromMenu(admin, VISAS);
    await admin.getByText('la Constitution', { exact: true }).waitFor();
    const texts = await admin.getByRole('row').allInnerTexts();
    const rows = texts.filter((t) => /la Constitution|la loi/.test(t));
    expect(rows).toHaveLength(2);
  });

  it('refuses a file that is not an image, previews the signature and deposits it', async () => {
    deposant = await journey.signInAs(BELLO);
    await openFromMenu(deposant, SIGNATURE);
    await deposant
      .getByText(
        'Aucune signature du ministre n’a encore été déposée : aucune décision ne peut être signée.',
      )
      .waitFor();
    const input = deposant.getByLabel('Image de la signature');
    await input.setInputFiles({
      name: 'signature.png',
      mimeType: 'image/png',
      buffer: Buffer.from('Ceci est un texte, pas une image.'),
    });
    await deposant.getByRole('button', { name: 'Déposer cette signature' }).click();
    await deposant
      .getByText('Le fichier doit être une image PNG ou JPEG (reconnue à son contenu).')
      .waitFor();
    await input.setInputFiles({
      name: 'signature-ministre.png',
      mimeType: 'image/png',
      buffer: SIGNATURE_PNG,
    });
    await expect(drawn(deposant, 'Aperçu de la signature choisie')).resolves.toBe(true);
    await shot(deposant, 'decisions-01-signature-apercu');
    await deposant.getByRole('button', { name: 'Déposer cette signature' }).click();
    await deposant.getByText('Signature du ministre déposée (version 1).').waitFor();
    await deposant
      .getByText(/^Version 1, déposée le \d\d\/\d\d\/\d{4} à \d\d h \d\d par Awa Bello/)
      .waitFor();
    await expect(drawn(deposant, 'Signature du ministre, version 1')).resolves.toBe(true);
    await shot(deposant, 'decisions-02-signature-deposee');
  });

  it('prepares Mfoundi’s decision and applies the signature after the confirmation', async () => {
    signataire = await journey.signInAs(NKODO);
    await openFromMenu(signataire, APPOSER);
    const table = signataire.getByRole('table', { name: 'Décisions par département' });
    const mfoundi = table.getByRole('row', { name: /Mfoundi/ });
    await mfoundi.waitFor();
    // Département (its region under it), admitted now, decision number, decision.
    expect((await cells(mfoundi)).slice(2, 5)).toEqual(['2', '0012/MINEFOP/CAB', 'Aucune']);
    await mfoundi.getByText('Centre', { exact: true }).waitFor();
    await table.getByRole('row', { name: /Wouri/ }).waitFor();
    await mfoundi.getByRole('button', { name: 'Préparer la décision' }).click();
    await signataire.getByText('Décision préparée pour le département Mfoundi.').waitFor();
    await mfoundi.getByText('En préparation', { exact: true }).waitFor();
    await mfoundi.getByRole('button', { name: 'Candidats' }).click();
    const list = signataire.getByRole('table', { name: 'Candidats de la décision' });
    await list.getByRole('row').nth(2).waitFor();
    const names = (await list.getByRole('row').allInnerTexts()).slice(1).join('\n');
    expect(names).toContain('Abena');
    expect(names).toContain('Essomba');
    expect(names).not.toContain('Bilong');
    await signataire.getByRole('button', { name: 'Fermer' }).click();

    // Wouri has no decision number: chosen with Mfoundi, it is refused before any dialog.
    const wouri = table.getByRole('row', { name: /Wouri/ });
    await wouri.getByRole('button', { name: 'Préparer la décision' }).click();
    await signataire.getByText('Décision préparée pour le département Wouri.').waitFor();
    await signataire.getByLabel('Choisir la décision du département Mfoundi').check();
    await signataire.getByLabel('Choisir la décision du département Wouri').check();
    await signataire
      .getByRole('alert')
      .filter({ hasText: 'Le département Wouri n’a pas de numéro de décision pour cette session' })
      .waitFor();
    await expect(
      signataire.getByRole('button', { name: 'Apposer la signature (2)' }).isDisabled(),
    ).resolves.toBe(true);
    await shot(signataire, 'decisions-02b-sans-numero');
    await signataire.getByLabel('Choisir la décision du département Wouri').uncheck();
    await signataire.getByRole('button', { name: 'Apposer la signature (1)' }).click();
    const dialog = signataire.getByRole('dialog');
    await dialog
      .getByText(/La signature ci-dessous \(version 1, déposée le .* par Awa Bello\)/)
      .waitFor();
    await dialog.getByText('Mfoundi — n° 0012/MINEFOP/CAB, 2 candidats admis').waitFor();
    await expect(drawn(signataire, 'Signature du ministre à apposer')).resolves.toBe(true);
    await shot(signataire, 'decisions-03-confirmation');
    await dialog.getByRole('button', { name: 'Confirmer la signature' }).click();
    await signataire.getByText('Décisions signées : Mfoundi.').waitFor();
    await mfoundi.getByText('Signée', { exact: true }).waitFor();
    // The signed PDF, made by the workers, is offered once recorded.
    await mfoundi.getByRole('link', { name: 'Décision signée (PDF)' }).waitFor({ timeout: 60_000 });
    await expect(
      signataire.getByLabel('Choisir la décision du département Mfoundi').count(),
    ).resolves.toBe(0);
    // Nothing changed since the signature: no new decision is offered.
    await mfoundi.getByText('À jour : les admis n’ont pas changé depuis la signature.').waitFor();
    await expect(
      mfoundi.getByRole('button', { name: 'Établir une nouvelle décision' }).count(),
    ).resolves.toBe(0);
    await shot(signataire, 'decisions-04-signee');
  });

  it('downloads the signed decision: the image, the visas, the admitted candidates', async () => {
    const telechargeur = await journey.signInAs(ATEBA);
    await openFromMenu(telechargeur, TELECHARGER);
    const table = telechargeur.getByRole('table', { name: 'Décisions à télécharger' });
    const mfoundi = table.getByRole('row', { name: /Mfoundi/ });
    const link = mfoundi.getByRole('link', { name: 'Télécharger la décision signée' });
    await link.waitFor();
    await mfoundi.getByText(/signée le \d\d\/\d\d\/\d{4} à \d\d h \d\d par Serge Nkodo/).waitFor();
    const shown = (await mfoundi.locator('span[title]').first().getAttribute('title'))!;
    await shot(telechargeur, 'decisions-05-telechargement');
    const [download] = await Promise.all([
      telechargeur.waitForEvent('download', { timeout: 60_000 }),
      link.click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^decision-admission-departement-mfoundi.*\.pdf$/);
    const path = join(ARTIFACTS, 'decision-mfoundi-signee.pdf');
    await download.saveAs(path);
    const bytes = readFileSync(path);
    expect(sha256(bytes)).toBe(shown);
    expect(pdfImages(bytes).flat()).toEqual([{ width: 300, height: 100 }]);
    const text = pdfText(bytes).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain(
      'Décision n° 0012/MINEFOP/CAB portant admission des candidats à l’examen Certificat de qualification professionnelle — session CQP session de juin 2027',
    );
    expect(text.indexOf('Vu la Constitution ;')).toBeLessThan(
      text.indexOf('Vu la loi n° 2018/010'),
    );
    expect(text).toContain('Vu l’arrêté n° 0042/MINEFOP du 10/07/2027');
    for (const [i, c] of ADMISSION_CANDIDATES.entries()) {
      const listed = c.depot === 'mfoundi' && c.nom !== 'Bilong';
      expect({ numero: setup.numeros[i], listed: text.includes(setup.numeros[i]!) }).toEqual({
        numero: setup.numeros[i],
        listed,
      });
    }
    expect(text).not.toContain('PROJET');
    expect(text).toMatch(/Signature du ministre apposée le .* par Serge Nkodo \(version 1/);
    expect(journey.pageErrors).toEqual([]);
  });
});
