import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { setUpDeliberation, type AdmissionsSetup } from './admissionsSetup';
import { DASHBOARD, plain, useJourney } from './examSetup';
import { browserAvailable, openFromMenu, shot } from './harness';

/**
 * Admissions, the deliberation: on a session at « Délibération » with five marked candidates, the
 * jury reads the provisional results (averages, ranks, Bilong ajourné), decides a « rachat » for
 * Bilong with its reason (shown as the jury's decision), then closes the deliberation with the
 * session's reference: the results are frozen and the screen says so, and the candidate's 360° view
 * shows the frozen result.
 */
const run = browserAvailable() ? describe : describe.skip;

const RESULTS = `${DASHBOARD}/espace-examen/gestion-des-admissions/resultat-et-pv`;
const SEARCH = `${DASHBOARD}/espace-examen/rechercher-un-candidat`;

run('Admissions : délibération d’un jury, décision du jury, clôture', () => {
  const journey = useJourney();
  let admin: Page;
  let setup: AdmissionsSetup;

  const row = (numero: string) =>
    admin.getByRole('table', { name: 'Résultats du jury' }).getByRole('row').filter({
      hasText: numero,
    });

  it('sets up a session at « Délibération » with five marked candidates and a jury', async () => {
    admin = await journey.signInAdministrator();
    setup = await setUpDeliberation(admin);
    expect(setup.numeros).toHaveLength(5);
  });

  it('shows the provisional results, ranked by average', async () => {
    await admin.goto(`${journey.url}${DASHBOARD}`);
    await openFromMenu(admin, RESULTS);
    await admin.getByText(/^Résultats provisoires/).waitFor();
    await row(setup.numeros[1]!).waitFor();
    const lines = plain(
      await admin
        .getByRole('table', { name: 'Résultats du jury' })
        .getByRole('row')
        .allInnerTexts(),
    );
    // Rank, number, name, métier, PRAT, THEO, average, result.
    expect(lines.slice(1).map((l) => l.split(' ').slice(0, 3).join(' '))).toEqual([
      `1 ${setup.numeros[2]} Chindji`,
      `2 ${setup.numeros[0]} Abena`,
      `3 ${setup.numeros[4]} Essomba`,
      `4 ${setup.numeros[3]} Dika`,
      `5 ${setup.numeros[1]} Bilong`,
    ]);
    expect(plain([await row(setup.numeros[1]!).innerText()])[0]).toContain('8 8 8 Ajourné');
    await admin.getByText('4 admis').waitFor();
    // Each épreuve's column says what it is marked over; each count agrees with its number.
    const headers = plain(
      await admin
        .getByRole('table', { name: 'Résultats du jury' })
        .getByRole('columnheader')
        .allInnerTexts(),
    );
    expect(headers).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PRAT \(\/\d+\)$/),
        expect.stringMatching(/^THEO \(\/\d+\)$/),
      ]),
    );
    await expect(
      admin
        .getByRole('group', { name: 'Bilan' })
        .locator('.MuiChip-label')
        .allInnerTexts()
        .then((labels) => labels.slice(0, 5)),
    ).resolves.toEqual(['5 candidats', '4 admis', '1 ajourné', '0 éliminé', '0 absent']);
    await shot(admin, 'admissions-01-resultats-provisoires');
  });

  it('records the jury’s decision for Bilong, with its reason', async () => {
    await row(setup.numeros[1]!).getByRole('button', { name: 'Décision du jury' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(/^Motif/).fill('Rachat : travaux pratiques remarqués');
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await admin.getByText('Décision du jury enregistrée.').waitFor();
    await row(setup.numeros[1]!).getByText('Admis (décision du jury)').waitFor();
    await admin.getByText('5 admis').waitFor();
    await shot(admin, 'admissions-02-decision-du-jury');
  });

  it('closes the deliberation with the session’s reference: the results are frozen', async () => {
    await admin.getByRole('button', { name: 'Clôturer la délibération' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(/arrêté n° 0042\/MINEFOP du 10\/07\/2027/).waitFor();
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await admin.getByText('Délibération close : les résultats sont arrêtés.').waitFor();
    await admin
      .getByText(/^Délibération close le .* arrêté n° 0042\/MINEFOP du 10\/07\/2027/)
      .waitFor();
    await expect(
      admin.getByRole('button', { name: 'Clôturer la délibération' }).count(),
    ).resolves.toBe(0);
    await expect(admin.getByRole('button', { name: 'Décision du jury' }).count()).resolves.toBe(0);
    await row(setup.numeros[1]!).getByText('Admis (décision du jury)').waitFor();
    await shot(admin, 'admissions-03-deliberation-close');
    expect(journey.pageErrors).toEqual([]);
  });

  it('shows the frozen result in the candidate’s 360° view (« Rechercher un candidat »)', async () => {
    await openFromMenu(admin, SEARCH);
    await admin.getByLabel(/^Numéro de candidat, de dossier, nom/).fill(setup.numeros[1]!);
    await admin.getByRole('button', { name: 'Rechercher' }).click();
    await admin.getByText('Affectation et résultat').waitFor();
    await admin.getByText('Admis (décision du jury)').waitFor();
    await expect(admin.getByText('Pas encore délibéré').count()).resolves.toBe(0);
    await shot(admin, 'admissions-04-recherche-resultat');
    expect(journey.pageErrors).toEqual([]);
  });
});
