import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
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
 * Online payment, as people see it. A product whose office chose the sandbox
 * (PAYMENT_PROVIDER=demonstration) says « Mode démonstration : aucun paiement réel » on every
 * dashboard page and on `/paiement`; a visitor's demonstration payment is confirmed, yet the
 * dossier still owes its fee — on the public page and on the staff's dossier, where the payment is
 * shown apart, « démonstration non comptée ». A product started without PAYMENT_PROVIDER offers no
 * online payment: `/paiement` says so, and where to pay.
 */
const run = browserAvailable() ? describe : describe.skip;

const BANNER = 'Mode démonstration : aucun paiement réel';
const NUMERO = 'CQP27-000001';
const LISTE = `${DASHBOARD}/inscription/candidats/liste`;

const summaryText = async (page: Page) =>
  (await page.locator('dl.payment-summary').innerText()).replace(/\s+/g, ' ');

run('Confiance : le mode démonstration ne règle aucun frais', () => {
  const journey = useJourney({ PAYMENT_PROVIDER: 'demonstration' });
  let admin: Page;
  let dossierId = '';

  it('every dashboard page says « Mode démonstration : aucun paiement réel »', async () => {
    admin = await journey.signInAdministrator();
    await admin.goto(`${journey.url}${DASHBOARD}`);
    await admin.getByText(BANNER, { exact: true }).waitFor();
    const session = await openSessionForRegistration(admin, {
      libelle: 'CQP session de juin 2027',
    });
    // The office's switch « Compter les paiements de démonstration » stays off (its default).
    await api(admin, '/api/frais-examen', {
      code: 'FR-CQP27',
      libelle: 'Frais CQP 2027',
      sessionId: session.id,
      montant: 25000,
      prefixePaiement: 'CQP',
      paiementAvantValidation: false,
    });
    const depot = await createCentreDepot(
      admin,
      'DEP-DLA',
      'Dépôt de Douala',
      await departementId(admin, 'Wouri'),
    );
    const [dossier] = await registerCandidates(admin, session, [
      { nom: 'ESSOMBA', prenoms: 'luc', sexe: 'M', centreDepotId: depot.id },
    ]);
    dossierId = dossier!.id;
    await admin.goto(`${journey.url}${LISTE}`);
    await admin.getByText(BANNER, { exact: true }).waitFor();
    await shot(admin, 'confiance-paiement-01-bandeau-tableau-de-bord');
  });

  it('a visitor pays in the sandbox under the same banner; the dossier still owes its fee', async () => {
    const visitor = await journey.newPage();
    await visitor.goto(`${journey.url}/paiement`);
    await visitor.getByText(BANNER, { exact: true }).waitFor();
    await visitor.getByLabel('Numéro de dossier').fill(NUMERO);
    await visitor.getByRole('button', { name: 'Rechercher le dossier' }).click();
    await visitor.getByRole('heading', { name: `Dossier ${NUMERO}` }).waitFor();
    expect(await visitor.content()).not.toMatch(/Essomba|ESSOMBA|E\*\*\*/);
    await shot(visitor, 'confiance-paiement-02-paiement-bandeau');
    await visitor.getByRole('button', { name: 'Payer 25 000 FCFA' }).click();
    await visitor.getByRole('button', { name: 'Payer (démonstration)' }).click();
    await visitor.getByRole('heading', { name: 'Paiement confirmé' }).waitFor();
    await visitor
      .getByText(/Ce lien est valable un an : il expire le \d{2}\/\d{2}\/\d{4}\./)
      .waitFor();
    await visitor.getByText(BANNER, { exact: true }).waitFor();

    // The same number again: nothing is settled, the demonstration is shown apart.
    await visitor.goto(`${journey.url}/paiement`);
    await visitor.getByLabel('Numéro de dossier').fill(NUMERO);
    await visitor.getByRole('button', { name: 'Rechercher le dossier' }).click();
    await visitor.getByRole('heading', { name: `Dossier ${NUMERO}` }).waitFor();
    const text = await summaryText(visitor);
    expect(text).toContain('Déjà payé 0 FCFA');
    expect(text).toContain('Reste à payer 25 000 FCFA');
    expect(text).toContain('Frais réglés Non');
    expect(text).toContain('Paiements de démonstration 25 000 FCFA (non comptés');
    // A second sandbox payment would change nothing: it is not offered.
    await visitor
      .getByText(/Un paiement de démonstration a déjà été fait pour ce dossier/)
      .waitFor();
    expect(await visitor.getByRole('button', { name: /^Payer/ }).count()).toBe(0);
    await shot(visitor, 'confiance-paiement-03-toujours-du');
  });

  it('the staff’s dossier shows the fee unpaid and the demonstration payment apart, not counted', async () => {
    await admin.goto(`${journey.url}${LISTE}/${dossierId}/show`);
    await admin.getByRole('tab', { name: 'Paiements' }).click();
    await admin.getByText(/reste à payer : 25\s000\sFCFA/).waitFor();
    await admin.getByText('Aucun paiement enregistré.').waitFor();
    const demo = admin
      .getByRole('table', { name: 'Paiements de démonstration' })
      .locator('tr[data-demonstration="oui"]');
    await demo.waitFor();
    const row = await cells(demo);
    expect(row.slice(1, 4)).toEqual([
      '25 000 FCFA',
      expect.stringMatching(/^CQP-EL-000001 \(fournisseur : DEMO-[0-9A-F]+\)$/),
      'En ligne (démonstration) — démonstration non comptée',
    ]);
    await admin.getByText(/25\s000\sFCFA non comptés dans les frais payés/).waitFor();
    await admin.getByText(BANNER, { exact: true }).waitFor();
    await shot(admin, 'confiance-paiement-04-dossier-personnel');
    expect(journey.pageErrors).toEqual([]);
  });
});

run('Confiance : sans PAYMENT_PROVIDER, aucun paiement en ligne', () => {
  const journey = useJourney();

  it('`/paiement` says that online payment is not offered and where to pay; no banner', async () => {
    const visitor = await journey.newPage();
    await visitor.goto(`${journey.url}/paiement`);
    await visitor.getByRole('heading', { name: 'Paiement en ligne non proposé' }).waitFor();
    await visitor
      .getByText(
        'Le paiement en ligne n’est pas proposé. Réglez vos frais d’examen au guichet de votre centre de dépôt.',
      )
      .waitFor();
    expect(await visitor.getByLabel('Numéro de dossier').count()).toBe(0);
    expect(await visitor.getByText(BANNER, { exact: true }).count()).toBe(0);
    await shot(visitor, 'confiance-paiement-05-non-propose');
    expect(journey.pageErrors).toEqual([]);
  });
});
