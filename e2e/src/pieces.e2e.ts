import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminEnvironment, signInAndChangePassword, signInFirstAdministrator } from './accounts';
import {
  api,
  browserAvailable,
  launchBrowser,
  openFromMenu,
  shot,
  startProduct,
  typeDate,
  type Product,
} from './harness';
import { signaturePng } from '../../workers/src/testing/signatureImage';
import { fillRegistrationForm } from './examSetup';

/**
 * A dossier completed as an office works: an enrôleur registers a candidate, deposits the pièces
 * the examen asks for and records the payment; a supervisor rejects one pièce with a motif; the
 * enrôleur deposits it again; the supervisor validates the pièces, then the dossier; the history
 * names each step and who took it, the dossier as it stood before the rejection is found again,
 * and the « Bilan général des pièces » counts it complete.
 */
const run = browserAvailable() ? describe : describe.skip;

const DASHBOARD = '/tableau-de-bord';
const INSCRIRE = `${DASHBOARD}/inscription/candidats/inscrire-un-candidat`;
const BILAN = `${DASHBOARD}/inscription/candidats/bilan-general-pieces`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
// Real PNG headers (a PNG whose IHDR is not first is refused): a blurred scan, then a sharp one.
const PNG = signaturePng({ width: 60, height: 20 });
const PNG_NETTE = signaturePng({ width: 60, height: 20, phase: 1 });

run('Inscription : pièces justificatives et paiement', () => {
  let product: Product;
  let browser: Browser;
  let admin: Page;
  let enroleur: Page;
  let superviseur: Page;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let dossierUrl = '';
  let dossierId = '';
  /** An instant between the pièces' deposit and the rejection. */
  let beforeRejection = '';

  const newPage = async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  };

  beforeAll(async () => {
    product = await startProduct(adminEnvironment());
    browser = await launchBrowser();
    admin = await newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const first = async (path: string, q: string) => {
    const response = await admin.request.get(
      `${product.url}/api/${path}?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
    );
    return ((await response.json()) as { id: string }[])[0]!.id;
  };
  const pieceRow = (page: Page, libelle: string) => page.locator(`tr[data-piece="${libelle}"]`);

  it('the administrator opens a session whose examen asks for two pièces and a fee paid before validation', async () => {
    await admin.goto(`${product.url}/connexion`);
    await signInFirstAdministrator(admin, product.url);
    const examen = await api(admin, '/api/examens', {
      code: 'CQP',
      libelle: 'Certificat de qualification professionnelle',
      noteDePassage: 10,
    });
    const session = await api(admin, '/api/sessions', {
      examenId: examen.id,
      annee: 2027,
      libelle: 'CQP session de juin 2027',
      ouvertureInscriptions: '2026-10-01',
      clotureInscriptions: '2027-02-26',
      debutComposition: '2027-06-14',
      finComposition: '2027-06-18',
    });
    await api(admin, `/api/sessions/${session.id}/avancer`, { statut: 'inscriptions-ouvertes' }, 0);
    await api(admin, '/api/parametres-edition', {
      code: 'PE-CQP27',
      libelle: 'Paramètres CQP 2027',
      sessionId: session.id,
      dateLimiteModification: '2099-12-31',
      prefixeDossier: 'CQP27',
    });
    await api(admin, '/api/frais-examen', {
      code: 'FR-CQP27',
      libelle: 'Frais CQP 2027',
      sessionId: session.id,
      montant: 15000,
      prefixePaiement: 'CQP',
      paiementAvantValidation: true,
    });
    const metier = await api(admin, '/api/metiers', { code: 'COIF', libelle: 'Coiffure' });
    await api(admin, '/api/metiers-ouverts', {
      code: 'MO-COIF',
      libelle: 'Coiffure 2027',
      sessionId: session.id,
      metierId: metier.id,
    });
    await api(admin, '/api/niveaux-scolarisation', { code: 'CEP', libelle: 'CEP', rang: 1 });
    const centre = await api(admin, '/api/centres-depot', {
      code: 'DEP-BAF',
      libelle: 'Centre de dépôt de Bafoussam',
      departementId: await first('departements', 'Mifi'),
    });
    await api(admin, '/api/motifs-rejet', { code: 'FLOUE', libelle: 'Photo floue' });
    await api(admin, '/api/pieces-justificatives', {
      code: 'ACTE',
      libelle: 'Acte de naissance',
      obligatoire: true,
      examenIds: [],
    });
    await api(admin, '/api/pieces-justificatives', {
      code: 'PHOTO',
      libelle: 'Photo d’identité',
      obligatoire: true,
      examenIds: [examen.id],
    });
    const enroler = await api(admin, '/api/profils', {
      libelle: 'Enrôleur',
      permissions: ['candidat.enregistrer', 'candidat.modifier', 'candidat.lister-inscrits'],
    });
    const supervising = await api(admin, '/api/profils', {
      libelle: 'Superviseur',
      permissions: [
        'candidat.valider',
        'candidat.lister-inscrits',
        'candidat.bilan-pieces',
        'candidat.modifier',
      ],
    });
    await api(admin, '/api/enroleurs', {
      nom: 'Kamga',
      prenoms: 'Sylvie',
      login: 'sylvie.kamga@examens.local',
      telephone: '699000101',
      profilId: enroler.id,
      motDePasse: 'Temporaire-Kamga-1',
      centreDepotId: centre.id,
    });
    await api(admin, '/api/utilisateurs', {
      nom: 'Fotso',
      prenoms: 'Bernard',
      login: 'bernard.fotso@examens.local',
      telephone: '699000102',
      profilId: supervising.id,
      motDePasse: 'Temporaire-Fotso-1',
    });
  });

  it('the enrôleur registers a candidate at her own centre', async () => {
    enroleur = await newPage();
    await enroleur.goto(`${product.url}/connexion`);
    await signInAndChangePassword(
      enroleur,
      product.url,
      'sylvie.kamga@examens.local',
      'Temporaire-Kamga-1',
      'Kamga-Personnel-2026',
    );
    await enroleur.goto(`${product.url}${DASHBOARD}`);
    await openFromMenu(enroleur, INSCRIRE);
    await fillRegistrationForm(enroleur, {
      session: ['CQP', 'CQP session de juin 2027'],
      metier: ['Coif', 'Coiffure'],
      centreDepot: ['Baf', 'Centre de dépôt de Bafoussam'],
      nom: 'TCHOUPO',
      prenoms: 'marie-claire',
      sexe: 'Féminin',
      dateNaissance: '12/07/1999',
      lieuNaissance: 'Dschang',
      telephone: '677 12 34 56',
      niveau: ['CEP', 'CEP'],
    });
    await enroleur.getByRole('button', { name: 'Enregistrer' }).click();
    await enroleur.waitForURL(/\/inscription\/candidats\/liste\/[^/]+\/show$/);
    await enroleur.getByText('Dossier CQP27-000001 — Tchoupo Marie-Claire').waitFor();
    dossierUrl = enroleur.url();
    dossierId = dossierUrl.split('/').slice(-2)[0]!;
  });

  it('she deposits the pièces the examen asks for, every one listed at once', async () => {
    await enroleur.getByRole('tab', { name: 'Pièces justificatives' }).click();
    await enroleur
      .getByText('État des pièces : Incomplet — 2 pièces obligatoires à valider.')
      .waitFor();
    await pieceRow(enroleur, 'Acte de naissance').getByText('Manquante').waitFor();
    await pieceRow(enroleur, 'Photo d’identité').getByText('Manquante').waitFor();
    await shot(enroleur, 'pieces-01-pieces-manquantes');
    await enroleur
      .getByLabel('Déposer : Acte de naissance')
      .setInputFiles({ name: 'acte-tchoupo.pdf', mimeType: 'application/pdf', buffer: PDF });
    await pieceRow(enroleur, 'Acte de naissance').getByText('À vérifier').waitFor();
    await enroleur
      .getByLabel('Déposer : Photo d’identité')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await pieceRow(enroleur, 'Photo d’identité').getByText('À vérifier').waitFor();
    await pieceRow(enroleur, 'Photo d’identité').getByRole('link', { name: 'photo.png' }).waitFor();
    await shot(enroleur, 'pieces-02-pieces-deposees');
  });

  it('she records the payment (typed 20/11/2026 in an English-language browser) and submits the dossier', async () => {
    await enroleur.getByRole('tab', { name: 'Paiements' }).click();
    await enroleur.getByText(/Montant dû : 15\s000\sFCFA — payé : 0\sFCFA/).waitFor();
    await enroleur.getByLabel(/^Montant \(FCFA\)/).fill('15 000');
    await typeDate(enroleur, /^Date du paiement/, '20/11/2026');
    await enroleur.getByLabel(/^Référence du reçu/).fill('rec-baf-0001');
    await enroleur.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await enroleur.getByRole('cell', { name: 'REC-BAF-0001' }).waitFor();
    await enroleur.getByRole('cell', { name: '20/11/2026' }).waitFor();
    await enroleur.getByText(/reste à payer : 0\sFCFA/).waitFor();
    await shot(enroleur, 'pieces-03-paiement');
    await enroleur.getByRole('button', { name: 'Soumettre' }).click();
    await enroleur.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await enroleur.getByText('Le dossier est soumis.').waitFor();
    await enroleur.getByRole('button', { name: 'Soumettre' }).waitFor({ state: 'detached' });
    const stored = (await (
      await enroleur.request.get(`${product.url}/api/candidatures/${dossierId}`)
    ).json()) as { statut: string; paiements: { date: string; montant: number }[] };
    expect(stored.statut).toBe('soumis');
    expect(stored.paiements).toEqual([
      expect.objectContaining({ date: '2026-11-20', montant: 15000 }),
    ]);
    beforeRejection = new Date().toISOString();
    await enroleur.waitForTimeout(1100);
  });

  it('the supervisor rejects the photo with a motif; the dossier cannot be validated yet', async () => {
    superviseur = await newPage();
    await superviseur.goto(`${product.url}/connexion`);
    await signInAndChangePassword(
      superviseur,
      product.url,
      'bernard.fotso@examens.local',
      'Temporaire-Fotso-1',
      'Fotso-Personnel-2026',
    );
    await superviseur.goto(dossierUrl);
    await superviseur.getByText('Dossier CQP27-000001 — Tchoupo Marie-Claire').waitFor();
    await superviseur.getByRole('button', { name: 'Valider', exact: true }).click();
    await superviseur.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await superviseur
      .getByText(
        /Ce dossier ne peut pas encore être validé : pièces à vérifier : « Acte de naissance », « Photo d’identité »/,
      )
      .waitFor();
    await superviseur.getByRole('tab', { name: 'Pièces justificatives' }).click();
    await pieceRow(superviseur, 'Photo d’identité')
      .getByRole('button', { name: 'Rejeter' })
      .click();
    const dialog = superviseur.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /Motif du rejet/ }).click();
    await superviseur.getByRole('option', { name: 'Photo floue' }).click();
    await dialog.getByLabel('Commentaire').fill('Visage illisible.');
    await shot(superviseur, 'pieces-04-rejet-photo');
    await dialog.getByRole('button', { name: 'Rejeter la pièce' }).click();
    await pieceRow(superviseur, 'Photo d’identité').getByText('Rejetée').waitFor();
    await pieceRow(superviseur, 'Photo d’identité')
      .getByText('Photo floue : Visage illisible.')
      .waitFor();
  });

  it('the enrôleur deposits the photo again; the supervisor validates the pièces, then the dossier', async () => {
    await enroleur.goto(`${dossierUrl}/pieces`);
    await pieceRow(enroleur, 'Photo d’identité').getByText('Rejetée').waitFor();
    await enroleur
      .getByLabel('Déposer de nouveau : Photo d’identité')
      .setInputFiles({ name: 'photo-nette.png', mimeType: 'image/png', buffer: PNG_NETTE });
    await pieceRow(enroleur, 'Photo d’identité').getByText('À vérifier').waitFor();
    await superviseur.reload();
    for (const piece of ['Acte de naissance', 'Photo d’identité']) {
      await pieceRow(superviseur, piece).getByRole('button', { name: 'Valider' }).click();
      await pieceRow(superviseur, piece).getByText('Validée').waitFor();
    }
    await superviseur.getByText('État des pièces : Complet.').waitFor();
    await shot(superviseur, 'pieces-05-pieces-validees');
    await superviseur.getByRole('button', { name: 'Valider', exact: true }).click();
    await superviseur.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await superviseur.getByText('Le dossier est validé.').waitFor();
    await superviseur
      .getByRole('button', { name: 'Valider', exact: true })
      .waitFor({ state: 'detached' });
  });

  it('the history names each step and who took it; the dossier as it stood before the rejection', async () => {
    await superviseur.getByRole('tab', { name: 'Historique' }).click();
    for (const action of [
      'Dépôt d’une pièce',
      'Paiement',
      'Rejet d’une pièce',
      'Validation d’une pièce',
      'Validation',
    ])
      await superviseur.getByRole('cell', { name: action, exact: true }).first().waitFor();
    await superviseur.getByRole('cell', { name: 'Sylvie KAMGA' }).first().waitFor();
    await superviseur.getByRole('cell', { name: 'Bernard FOTSO' }).first().waitFor();
    await superviseur
      .getByText('Motif du rejet de « Photo d’identité » : — → Photo floue')
      .waitFor();
    await shot(superviseur, 'pieces-06-historique');
    const asAt = (await (
      await superviseur.request.get(
        `${product.url}/api/candidatures/${dossierId}/a-la-date?instant=${encodeURIComponent(beforeRejection)}`,
      )
    ).json()) as { candidature: { statut: string; pieces: { libelle: string; statut: string }[] } };
    expect(asAt.candidature.statut).toBe('soumis');
    expect(asAt.candidature.pieces.map((p) => [p.libelle, p.statut])).toEqual([
      ['Acte de naissance', 'deposee'],
      ['Photo d’identité', 'deposee'],
    ]);
  });

  it('the « Bilan général des pièces » counts the dossier complete at its centre', async () => {
    await superviseur.goto(`${product.url}${DASHBOARD}`);
    await superviseur.getByRole('navigation').first().waitFor();
    await shot(superviseur, 'pieces-07a-menu');
    await openFromMenu(superviseur, BILAN);
    const row = superviseur.getByRole('row').filter({ hasText: 'Centre de dépôt de Bafoussam' });
    await row.getByRole('cell', { name: 'Coiffure' }).waitFor();
    await expect(row.getByRole('cell').allInnerTexts()).resolves.toEqual([
      'Centre de dépôt de Bafoussam',
      'Coiffure',
      '1',
      '0',
      '0',
      '1',
    ]);
    await shot(superviseur, 'pieces-07-bilan');
    expect(pageErrors).toEqual([]);
  });
});
