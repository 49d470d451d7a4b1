import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  advanceSession,
  createCentreDepot,
  createCentreExamen,
  createEpreuve,
  createSite,
  DASHBOARD,
  departementId,
  openSessionForRegistration,
  registerCandidates,
  useJourney,
} from './examSetup';
import { browserAvailable, openFromMenu, shot } from './harness';

/**
 * Anonymous copies: the office makes the written épreuves' copies anonymous and opens the import
 * window; the grid numbers a site's copies and shows them by number only, marks typed against
 * them; the grade sheet of the site carries the numbers.
 */
const run = browserAvailable() ? describe : describe.skip;

const NOTES = `${DASHBOARD}/espace-examen/notes`;
const CONFIG = `${NOTES}/configuration`;
const GRID = `${NOTES}/liste-des-notes`;

run('Espace examen : copies anonymes', () => {
  const journey = useJourney();
  let admin: Page;

  it('sets up a session at « Composition » with three allocated candidates', async () => {
    admin = await journey.signInAdministrator();
    const session = await openSessionForRegistration(admin, { libelle: 'CQP session anonyme' });
    const mfoundi = await departementId(admin, 'Mfoundi');
    const depot = await createCentreDepot(admin, 'DEP-YDE', 'Centre de dépôt de Yaoundé', mfoundi);
    const centre = await createCentreExamen(admin, 'CE-YDE', 'Centre d’examen de Yaoundé', mfoundi);
    const site = await createSite(admin, {
      code: 'S-LEC',
      libelle: 'Lycée Leclerc',
      centreExamenId: centre.id,
      capacite: 50,
    });
    await createEpreuve(admin, session.examenId, {
      code: 'THEO',
      libelle: 'Épreuve théorique',
      coefficient: 1,
      typeEpreuve: 'ecrite',
    });
    await registerCandidates(
      admin,
      session,
      [
        { nom: 'ABENA', prenoms: 'Claire', sexe: 'F' },
        { nom: 'BILOA', prenoms: 'Paul', sexe: 'M' },
        { nom: 'ESSOMBA', prenoms: 'Jean', sexe: 'M' },
      ],
      { centreDepotId: depot.id, siteId: site.id },
    );
    await advanceSession(admin, session, 'inscriptions-closes', 'composition');
  });

  it('makes the copies anonymous, numbers them from the grid and types marks against the numbers', async () => {
    await admin.goto(`${journey.url}${DASHBOARD}`);
    await openFromMenu(admin, CONFIG);
    await admin.getByLabel('Copies anonymes (épreuves écrites)').click();
    await admin.getByText('Copies anonymes.').waitFor();
    await admin.getByRole('button', { name: 'Ouvrir la fenêtre' }).first().click();
    await admin.getByText('Fenêtre ouverte.').waitFor();
    await openFromMenu(admin, GRID);
    await admin.getByText(/Les copies de cette épreuve sont anonymes/).waitFor();
    await admin.getByRole('button', { name: 'Attribuer les numéros d’anonymat' }).click();
    await admin.getByText('Numéros d’anonymat attribués.').waitFor();
    const grid = admin.getByRole('table', { name: 'Grille des notes' });
    await grid.getByRole('columnheader', { name: 'N° d’anonymat' }).waitFor();
    const rows = grid.getByRole('row');
    // The grid is read again once the numbers are given: its header comes before its rows.
    await rows.nth(3).waitFor();
    await expect(rows.count()).resolves.toBe(4);
    const text = await grid.innerText();
    // No candidate number, no name: only the copies' six-digit numbers.
    expect(text).not.toMatch(/ELEC-\d{5}|ABENA|BILOA|ESSOMBA/i);
    const numbers = (await grid.getByRole('row').allInnerTexts())
      .slice(1)
      .map((row) => row.match(/^\d{6}/)?.[0]);
    expect(numbers.every((n) => n !== undefined)).toBe(true);
    await admin.getByLabel(`Note de la copie ${numbers[0]}`).fill('11,5');
    await admin.getByLabel(`Note de la copie ${numbers[0]}`).press('Enter');
    await admin.keyboard.type('16');
    await admin.keyboard.press('Enter');
    await rows.filter({ hasText: numbers[0]! }).getByText('Retenue').waitFor();
    await rows.filter({ hasText: numbers[1]! }).getByText('16', { exact: true }).waitFor();
    await shot(admin, 'anonymat-01-grille');
    expect(journey.pageErrors).toEqual([]);
  });
});
