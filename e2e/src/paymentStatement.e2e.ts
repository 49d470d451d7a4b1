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
import { api, browserAvailable, menuEntry, shot } from './harness';

/**
 * « Paiements depuis un relevé »: an office whose session's fee is 25 000 FCFA registers 52
 * candidates; a mobile-money statement of 50 lines comes in: 48 name their dossier's number
 * (certaines), 2 only the candidate's phone (douteuses: one candidate, and two candidates sharing
 * a phone). The agent previews it, filters the doubtful lines, decides them, applies: 50 payments
 * on their dossiers (channel « Mobile money », the statement's references). The same
 * statement imported again: every line refused, and its application refused, nothing written.
 * Then the payment form of a dossier: the date's asterisk, its day typed first, the button's whole
 * label, and « Le formulaire n’est pas valide. » gone once the form is sent right.
 */
const run = browserAvailable() ? describe : describe.skip;

const SCREEN = `${DASHBOARD}/inscription/candidats/paiements-depuis-un-releve`;
const LISTE = `${DASHBOARD}/inscription/candidats/liste`;
const LIBELLE = 'CQP session de juin 2027';
const numero = (n: number) => `CQP27-${String(n).padStart(6, '0')}`;
const phone = (n: number) =>
  `6 77 00 ${String(n)
    .padStart(4, '0')
    .replace(/(\d\d)(\d\d)/, '$1 $2')}`;

/** 50 lines: dossiers 1–48 by number, the phone of 49 (one candidate), of 50 and 51 (two). */
const statement = () => {
  const lines = ['Date;Montant;Référence;Numéro de dossier;Téléphone'];
  for (let n = 1; n <= 48; n += 1)
    lines.push(`19/11/2026;25 000;MM-${String(n).padStart(4, '0')};${numero(n)};`);
  lines.push(`20/11/2026;25 000;MM-0049;;+237 ${phone(49)}`);
  lines.push(`20/11/2026;25 000;MM-0050;;${phone(50)}`);
  return {
    name: 'releve-momo-novembre.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\r\n')),
  };
};

const chip = (page: Page, text: string) => page.locator('.MuiChip-label', { hasText: text });

run('Paiements depuis un relevé', () => {
  const journey = useJourney();
  let admin: Page;
  const ids: string[] = [];

  it('the office registers 52 candidates of a session whose fee is 25 000 FCFA', async () => {
    admin = await journey.signInAdministrator();
    const session = await openSessionForRegistration(admin, { libelle: LIBELLE });
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
      'DEP-YDE',
      'Dépôt de Yaoundé',
      await departementId(admin, 'Mfoundi'),
    );
    const dossiers = await registerCandidates(
      admin,
      session,
      Array.from({ length: 52 }, (_, i) => ({
        nom: `ATANGANA${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
        prenoms: 'marie',
        dateNaissance: `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`,
        sexe: i % 2 ? 'M' : 'F',
        // Dossiers 50 and 51 share a phone.
        telephone: phone(i + 1 === 51 ? 50 : i + 1),
        centreDepotId: depot.id,
      })),
    );
    ids.push(...dossiers.map((d) => d.id));
    expect(ids).toHaveLength(52);
  }, 120_000);

  it('previews a statement of 50 lines: 48 certain, 2 doubtful, filtered by confidence', async () => {
    await admin.goto(`${journey.url}${DASHBOARD}`);
    await (await menuEntry(admin, { name: 'Paiements depuis un relevé' })).click();
    await admin.waitForURL(`**${SCREEN}`);
    await admin.getByLabel('Session').click();
    await admin.getByRole('option', { name: LIBELLE }).click();
    await admin.getByLabel('Fichier du relevé').setInputFiles(statement());
    await admin.getByRole('button', { name: 'Prévisualiser le relevé' }).click();
    await chip(admin, 'Certaines : 48').waitFor();
    await chip(admin, 'Douteuses : 2').waitFor();
    await chip(admin, 'Introuvables : 0').waitFor();
    await admin.getByText('2 correspondances douteuses à décider avant d’appliquer.').waitFor();
    expect(await admin.getByRole('button', { name: 'Appliquer les paiements' }).isDisabled()).toBe(
      true,
    );
    expect(await admin.locator('tr[data-confiance]').count()).toBe(50);
    // The table scrolls within the page, never widening it.
    expect(
      await admin.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await shot(admin, 'releve-01-apercu');
    await admin.getByRole('button', { name: 'Douteuses' }).click();
    await admin.locator('tr[data-confiance]').nth(1).waitFor();
    expect(await admin.locator('tr[data-confiance]').count()).toBe(2);
    expect(await admin.locator('tr[data-confiance="douteuse"]').count()).toBe(2);
    const [first] = await cells(admin.locator('tr[data-ligne="51"]'));
    expect(first).toBe('51');
    await admin
      .locator('tr[data-ligne="51"]')
      .getByText(
        /Téléphone 6 77 00 00 50 et montant égal au reste à payer \(25\s000\sFCFA\) : 2 dossiers possibles\./,
      )
      .waitFor();
    // Each doubtful line's decision is in view: the table needs no sideways scroll at 1280 px.
    const table = admin.getByRole('table', { name: 'Lignes du relevé' });
    expect(
      await table.evaluate((t) => t.scrollWidth - t.parentElement!.clientWidth),
    ).toBeLessThanOrEqual(0);
    await admin.getByLabel('Décision ligne 51').waitFor();
    await shot(admin, 'releve-02-douteuses');
  });

  it('decides the doubtful lines and applies: 50 payments on their dossiers', async () => {
    await admin.getByLabel('Décision ligne 50').click();
    await admin.getByRole('option', { name: new RegExp(`^${numero(49)} — `) }).click();
    await admin.locator('tr[data-ligne="50"]').getByText(numero(49)).first().waitFor();
    await admin.getByLabel('Décision ligne 51').click();
    expect(await admin.getByRole('option').allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^${numero(50)} — `)),
      expect.stringMatching(new RegExp(`^${numero(51)} — `)),
      'Ignorer la ligne',
    ]);
    await admin.getByRole('option', { name: new RegExp(`^${numero(51)} — `) }).click();
    await admin.locator('tr[data-ligne="51"]').getByText(numero(51)).first().waitFor();
    await admin.locator('button:not([disabled])', { hasText: 'Appliquer les paiements' }).click();
    await admin.getByText(/^50 paiements enregistrés \(1\s250\s000\sFCFA\)\.$/).waitFor();
    await shot(admin, 'releve-03-applique');
    // On the dossiers: 49 (chosen for line 50), 51 (chosen for line 51), not 50.
    await admin.goto(`${journey.url}${LISTE}/${ids[48]}/show`);
    await admin.getByRole('tab', { name: 'Paiements' }).click();
    await admin.getByText(/reste à payer : 0\sFCFA/).waitFor();
    expect((await cells(admin.locator('tr[data-canal="mobile-money"]'))).slice(0, 4)).toEqual([
      '20/11/2026',
      '25 000 FCFA',
      'MM-0049',
      'Mobile money',
    ]);
    await shot(admin, 'releve-04-dossier-paye');
    for (const [index, paid] of [
      [0, 25000],
      [49, 0],
      [50, 25000],
    ] as const) {
      const stored = (await (
        await admin.request.get(`${journey.url}/api/candidatures/${ids[index]}`)
      ).json()) as { montantPaye: number };
      expect([index, stored.montantPaye]).toEqual([index, paid]);
    }
  });

  it('refuses the same statement imported again, and writes nothing', async () => {
    await admin.goto(`${journey.url}${SCREEN}`);
    await admin.getByLabel('Session').click();
    await admin.getByRole('option', { name: LIBELLE }).click();
    await admin.getByLabel('Fichier du relevé').setInputFiles(statement());
    await admin.getByRole('button', { name: 'Prévisualiser le relevé' }).click();
    await chip(admin, 'Refusées : 50').waitFor();
    await admin.getByRole('button', { name: 'Refusées' }).click();
    await admin
      .locator('tr[data-ligne="2"]')
      .getByText('La référence MM-0001 est déjà enregistrée : ce paiement a déjà été appliqué.')
      .waitFor();
    // Line 51 is still doubtful (dossier 50 owes its fee): chosen, then applied, refused.
    await admin.getByLabel('Décision ligne 51').click();
    await admin.getByRole('option', { name: new RegExp(`^${numero(50)} — `) }).click();
    await admin.locator('tr[data-ligne="51"]').getByText(numero(50)).first().waitFor();
    await admin.getByRole('button', { name: 'Appliquer les paiements' }).click();
    await admin
      .locator('.statement-error')
      .getByText(
        'Ligne 2 : La référence MM-0001 est déjà enregistrée : ce paiement a déjà été appliqué.',
      )
      .first()
      .waitFor();
    await shot(admin, 'releve-05-refuse');
    const stored = (await (
      await admin.request.get(`${journey.url}/api/candidatures/${ids[49]}`)
    ).json()) as { montantPaye: number };
    expect(stored.montantPaye).toBe(0);
  });

  it('the payment form: date required with its asterisk, typed from the day, whole button label, no stale « formulaire non valide »', async () => {
    await admin.goto(`${journey.url}${LISTE}/${ids[51]}/show`);
    await admin.getByRole('tab', { name: 'Paiements' }).click();
    const date = admin.getByRole('group', { name: /^Date du paiement/ });
    await date.waitFor();
    expect(
      (await admin.locator('label', { hasText: 'Date du paiement' }).innerText()).trim(),
    ).toMatch(/^Date du paiement\s*\*$/);
    const button = admin.getByRole('button', { name: 'Enregistrer le paiement' });
    const label = await button.evaluate((b) => ({
      clipped: b.scrollWidth > b.clientWidth,
      text: (b as HTMLElement).innerText,
    }));
    expect(label).toEqual({ clipped: false, text: 'ENREGISTRER LE PAIEMENT' });
    // Sent without a date: the field says so, and the form's notice is a passing one.
    await admin.getByLabel(/^Montant \(FCFA\)/).fill('25 000');
    await admin.getByLabel(/^Référence du reçu/).fill('gui-0052');
    await button.click();
    await admin.getByText('La date du paiement est obligatoire (JJ/MM/AAAA).').waitFor();
    await admin.getByText("Le formulaire n'est pas valide.").waitFor();
    await shot(admin, 'releve-06-formulaire-date-obligatoire');
    // A click in the middle of the empty field, then the digits: the day first.
    await date.click();
    await admin.keyboard.type('21112026');
    expect(await admin.locator('input[name="datePaiement"]').inputValue()).toBe('21/11/2026');
    // A transfer shown at the counter: its channel chosen (« Guichet » unless said otherwise).
    await admin.getByRole('combobox', { name: 'Canal' }).click();
    await admin.getByRole('option', { name: 'Virement bancaire' }).click();
    await button.click();
    await admin.getByText('Le paiement est enregistré.').waitFor();
    const paid = admin.getByRole('row').filter({ hasText: 'GUI-0052' });
    await paid.getByRole('cell', { name: 'Virement bancaire' }).waitFor();
    // Gone with the next notice, not left over the next actions.
    await admin
      .getByText("Le formulaire n'est pas valide.")
      .waitFor({ state: 'detached', timeout: 1000 });
    await shot(admin, 'releve-07-paiement-guichet');
    expect(journey.pageErrors).toEqual([]);
  });
});
