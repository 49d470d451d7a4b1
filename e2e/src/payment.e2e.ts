import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { pdfText } from '../../workers/src/testing/pdfText';
import {
  cells,
  createCentreDepot,
  DASHBOARD,
  departementId,
  openSessionForRegistration,
  registerCandidates,
  useJourney,
} from './examSetup';
import { api, browserAvailable, shot } from './harness';

/**
 * `/paiement` on a fresh embedded product whose sandbox provider was chosen
 * (PAYMENT_PROVIDER=demonstration, « Mode démonstration ») by a training office, whose session
 * counts the demonstration payments: the office opens a session whose fee is 25 000 FCFA and
 * registers a candidate, who pays 10 000 FCFA at the counter; an anonymous visitor finds the
 * dossier by its number (both amounts, nothing of the person), pays the 15 000 FCFA left in the
 * sandbox, downloads the receipt (a PDF: number, dossier, amount), and the page fits a phone's
 * width; the staff's dossier screen shows both payments, the online one recognisable. (That the
 * sandbox's payments count nowhere else: trustPayment.e2e.ts.)
 */
const run = browserAvailable() ? describe : describe.skip;

const LISTE = `${DASHBOARD}/inscription/candidats/liste`;
const NUMERO = 'CQP27-000001';

run('Paiement en ligne des frais d’examen (mode démonstration)', () => {
  const journey = useJourney({ PAYMENT_PROVIDER: 'demonstration' });
  let admin: Page;
  let visitor: Page;
  let dossierId = '';

  it('the office opens a session with a 25 000 FCFA fee; a candidate pays 10 000 FCFA at the counter', async () => {
    admin = await journey.signInAdministrator();
    const session = await openSessionForRegistration(admin, {
      libelle: 'CQP session de juin 2027',
    });
    await api(admin, '/api/frais-examen', {
      code: 'FR-CQP27',
      libelle: 'Frais CQP 2027',
      sessionId: session.id,
      montant: 25000,
      prefixePaiement: 'CQP',
      paiementAvantValidation: false,
      // A training office: the sandbox's payments count toward the fee.
      compterPaiementsDemonstration: true,
    });
    const depot = await createCentreDepot(
      admin,
      'DEP-YDE',
      'Dépôt de Yaoundé',
      await departementId(admin, 'Mfoundi'),
    );
    const [dossier] = await registerCandidates(admin, session, [
      { nom: 'KAMGA', prenoms: 'thérèse aline', sexe: 'F', centreDepotId: depot.id },
    ]);
    dossierId = dossier!.id;
    await api(
      admin,
      `/api/candidatures/${dossierId}/paiements`,
      { montant: 10000, date: '2026-11-19', reference: 'GUI-0001' },
      dossier!.revision,
    );
  });

  it('an anonymous visitor finds the dossier by its number: paid at the counter, 15 000 FCFA left, nothing of the person', async () => {
    visitor = await journey.newPage();
    await visitor.goto(`${journey.url}/paiement`);
    await visitor.getByRole('heading', { name: 'Paiement des frais d’examen' }).waitFor();
    await visitor.getByLabel('Numéro de dossier').fill('cqp27-999999');
    await visitor.getByRole('button', { name: 'Rechercher le dossier' }).click();
    await visitor
      .getByRole('alert')
      .getByText('Aucun dossier ne correspond à ce numéro.')
      .waitFor();
    await visitor.getByLabel('Numéro de dossier').fill(NUMERO.toLowerCase());
    await visitor.getByRole('button', { name: 'Rechercher le dossier' }).click();
    await visitor.getByRole('heading', { name: `Dossier ${NUMERO}` }).waitFor();
    const summary = visitor.locator('dl.payment-summary');
    const text = (await summary.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Montant dû 25 000 FCFA');
    expect(text).toContain('Déjà payé 10 000 FCFA');
    expect(text).toContain('Reste à payer 15 000 FCFA');
    expect(text).toContain('Frais réglés Non');
    expect(await visitor.content()).not.toMatch(/Kamga|KAMGA|K\*\*\*|Thérèse/i);
    await visitor.getByText('Mode démonstration : aucun paiement réel', { exact: true }).waitFor();
    await shot(visitor, 'paiement-01-dossier');
  });

  it('pays in the sandbox, clearly labelled « Mode démonstration », and downloads the receipt (PDF)', async () => {
    await visitor.getByRole('button', { name: 'Payer 15 000 FCFA' }).click();
    await visitor.waitForURL(/\/paiement\?etape=demonstration&paiement=/);
    await visitor.getByRole('heading', { name: 'Simulateur de paiement' }).waitFor();
    expect(await visitor.locator('.payment-demo-badge').innerText()).toMatch(/mode démonstration/i);
    await visitor.getByText('aucun argent réel').waitFor();
    // Nothing in the address but the payment's id: its token stays in this browser.
    expect(visitor.url()).not.toMatch(/jeton|CQP27/);
    await shot(visitor, 'paiement-02-demonstration');
    await visitor.getByRole('button', { name: 'Payer (démonstration)' }).click();
    await visitor.getByRole('heading', { name: 'Paiement confirmé' }).waitFor();
    const confirmation = (await visitor.locator('dl.payment-summary').innerText()).replace(
      /\s+/g,
      ' ',
    );
    expect(confirmation).toContain('Reçu n° CQP-EL-000001');
    expect(confirmation).toContain(`Dossier ${NUMERO}`);
    expect(confirmation).toContain('Montant payé 15 000 FCFA');
    await shot(visitor, 'paiement-03-confirmation');

    const [download] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByRole('link', { name: 'Télécharger le reçu' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('recu-cqp-el-000001.pdf');
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const receipt = pdfText(pdf).join('\n').replace(/\s+/g, ' ');
    for (const expected of [
      'REÇU DE PAIEMENT',
      'CQP-EL-000001',
      NUMERO,
      // A sandbox receipt is had for a dossier number and no money: it names nobody.
      'K*** T*** A***',
      '15 000 FCFA',
      'En ligne (démonstration)',
      'MODE DÉMONSTRATION',
    ])
      expect([expected, receipt.includes(expected)]).toEqual([expected, true]);
    expect(receipt).not.toContain('Kamga');
    // Back on the dossier: fully paid, nothing more to pay.
    await visitor.goto(`${journey.url}/paiement`);
    await visitor.getByLabel('Numéro de dossier').fill(NUMERO);
    await visitor.getByRole('button', { name: 'Rechercher le dossier' }).click();
    await visitor.getByText('Les frais d’examen de ce dossier sont déjà réglés.').waitFor();
    expect(
      (await visitor.locator('dl.payment-summary').innerText()).replace(/\s+/g, ' '),
    ).toContain('Frais réglés Oui');
  });

  it('fits a phone’s width', async () => {
    const context = await visitor
      .context()
      .browser()!
      .newContext({
        viewport: { width: 375, height: 800 },
        isMobile: true,
      });
    const phone = await context.newPage();
    await phone.goto(`${journey.url}/paiement`);
    await phone.getByLabel('Numéro de dossier').fill(NUMERO);
    await phone.getByRole('button', { name: 'Rechercher le dossier' }).click();
    await phone.getByRole('heading', { name: `Dossier ${NUMERO}` }).waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone, 'paiement-04-telephone');
    await context.close();
  });

  it('the staff’s dossier screen shows both payments, the online one recognisable', async () => {
    await admin.goto(`${journey.url}${LISTE}/${dossierId}/show`);
    await admin.getByRole('tab', { name: 'Paiements' }).click();
    await admin.getByText(/reste à payer : 0\sFCFA/).waitFor();
    const online = admin.locator('tr[data-canal="en-ligne"]');
    await online.waitFor();
    const row = await cells(online);
    expect(row.slice(1, 4)).toEqual([
      '15 000 FCFA',
      expect.stringMatching(/^CQP-EL-000001 \(fournisseur : DEMO-[0-9A-F]+\)$/),
      'En ligne (démonstration) — démonstration comptée',
    ]);
    expect(row[4]).toMatch(/^Fournisseur de paiement \(démonstration\), le \d{2}\/\d{2}\/\d{4} à/);
    expect((await cells(admin.locator('tr[data-canal="guichet"]'))).slice(0, 4)).toEqual([
      '19/11/2026',
      '10 000 FCFA',
      'GUI-0001',
      'Guichet',
    ]);
    await shot(admin, 'paiement-05-dossier-personnel');
    expect(journey.pageErrors).toEqual([]);
  });
});
