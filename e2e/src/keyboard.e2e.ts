import { describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { ADMIN } from './accounts';
import { ADMISSION_CANDIDATES, setUpDeliberation } from './admissionsSetup';
import {
  createCentreDepot,
  DASHBOARD,
  departementId,
  openSessionForRegistration,
  useJourney,
} from './examSetup';
import { browserAvailable, dashboardMenu, shot } from './harness';
import { chooseByKeyboard, focusedName, tabbed, tabTo } from './keyboard';

/**
 * Without the mouse (WCAG 2.1.1, 2.1.2, 2.4.7): the administrator signs in and changes the temporary
 * password, opens « Inscrire un candidat » from the menu and registers a candidate; on a session at
 * « Composition », types a site's THEO marks in the grid; a visitor looks a published result up on
 * /resultat-examen. Only Tab, Shift+Tab, the arrows, Entrée and typed text; every element reached
 * shows its focus (an outline, or a text field's focused frame) and Tab never stays put.
 */
const run = browserAvailable() ? describe : describe.skip;

/** The first sign-in, from /connexion to the dashboard, through the password change. */
const signInByKeyboard = async (page: Page, url: string): Promise<void> => {
  await page.goto(`${url}/connexion`);
  await tabTo(page, 'Identifiant');
  await page.keyboard.type(ADMIN.login);
  await tabTo(page, 'Mot de passe');
  await page.keyboard.type(ADMIN.temporaryPassword);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${url}/change-password`);
  await tabTo(page, 'Mot de passe actuel');
  await page.keyboard.type(ADMIN.temporaryPassword);
  await tabTo(page, 'Nouveau mot de passe');
  await page.keyboard.type(ADMIN.password);
  await tabTo(page, 'Confirmation du nouveau mot de passe');
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await page.waitForURL((address) => address.href.startsWith(`${url}${DASHBOARD}`));
};

/** Opens a screen from the dashboard menu: each group by its button (Entrée), then the entry. */
const openByKeyboard = async (
  page: Page,
  groups: string[],
  entry: string,
  path: string,
  shown: Locator,
) => {
  await dashboardMenu(page).waitFor();
  for (const group of groups) {
    await tabTo(page, group);
    if (
      (await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))) !== 'true'
    )
      await page.keyboard.press('Enter');
  }
  await tabTo(page, entry);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**${path}`);
  // As a user does, Tab once the screen is drawn (until then the previous one still shows).
  await shown.waitFor();
};

run('Au clavier seul : connexion, inscription d’un candidat', () => {
  const journey = useJourney();
  let page: Page;

  it('signs in and changes the temporary password without the mouse', async () => {
    page = await journey.newPage();
    await signInByKeyboard(page, journey.url);
    await openSessionForRegistration(page, { libelle: 'CQP session de juin 2027' });
    await createCentreDepot(
      page,
      'DEP-YDE',
      'Centre de dépôt de Yaoundé',
      await departementId(page, 'Mfoundi'),
    );
  });

  it('registers a candidate from the menu, every field by the keyboard', async () => {
    await page.goto(`${journey.url}${DASHBOARD}`);
    await openByKeyboard(
      page,
      ['Inscription', 'Candidats'],
      'Inscrire un candidat',
      `${DASHBOARD}/inscription/candidats/inscrire-un-candidat`,
      page.getByText('Inscrire un candidat : nouveau dossier'),
    );
    await tabTo(page, /^Session/);
    await chooseByKeyboard(page, 'CQP session de juin 2027', 'CQP');
    await tabTo(page, /^Métier/);
    await chooseByKeyboard(page, 'Électricité', 'Élec');
    await tabTo(page, /^Centre de dépôt/);
    await chooseByKeyboard(page, 'Centre de dépôt de Yaoundé', 'Yaoundé');
    await tabTo(page, /^Catégorie/);
    await chooseByKeyboard(page, 'Candidat libre');
    await tabTo(page, /^Nom$/);
    await page.keyboard.type('MBARGA');
    await tabTo(page, /^Prénoms$/);
    await page.keyboard.type('lucie');
    await tabTo(page, /^Sexe/);
    await chooseByKeyboard(page, 'Féminin');
    await tabTo(page, /Date de naissance|^Jour/);
    await page.keyboard.type('12041999');
    await tabTo(page, /^Lieu de naissance/);
    await page.keyboard.type('Bafia');
    await tabTo(page, /^Nationalité/);
    await page.keyboard.type('Camerounaise');
    await tabTo(page, /^Téléphone/);
    await page.keyboard.type('677001122');
    await tabTo(page, /^Niveau de scolarisation/);
    await chooseByKeyboard(page, 'CEP', 'CEP');
    await shot(page, 'clavier-01-inscription');
    await tabTo(page, 'Enregistrer');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/inscription\/candidats\/liste\/[^/]+\/show$/);
    await page.getByText('Dossier CQP27-000001 — Mbarga Lucie').waitFor();
    await page.getByText('12/04/1999', { exact: true }).waitFor();
    expect(journey.pageErrors).toEqual([]);
  });
});

run('Au clavier seul : notes d’un site, résultat public', () => {
  const journey = useJourney();

  it('types a site’s marks in the grid, then a visitor looks a result up', async () => {
    const page = await journey.newPage();
    await signInByKeyboard(page, journey.url);
    const setup = await setUpDeliberation(page, {
      close: true,
      typeTheoMarks: async (numeros) => {
        await page.goto(`${journey.url}${DASHBOARD}`);
        await openByKeyboard(
          page,
          ['Espace Examen', 'Notes'],
          'Liste des notes',
          `${DASHBOARD}/espace-examen/notes/liste-des-notes`,
          page.getByRole('table', { name: 'Grille des notes' }),
        );
        await tabTo(page, /^Épreuve/);
        await chooseByKeyboard(page, 'THEO — Épreuve théorique');
        await tabTo(page, `Note de ${numeros[0]}`);
        // Entrée records a mark and goes to the next candidate's.
        for (const [index, candidate] of ADMISSION_CANDIDATES.entries()) {
          expect(await focusedName(page)).toBe(`Note de ${numeros[index]}`);
          await page.keyboard.type(String(candidate.theo));
          await page.keyboard.press('Enter');
        }
        const grid = page.getByRole('table', { name: 'Grille des notes' });
        for (const numero of numeros)
          await grid.getByRole('row').filter({ hasText: numero }).getByText('Retenue').waitFor();
        await shot(page, 'clavier-02-grille');
      },
    });
    // The office publishes the results (a PUT of the API, the screen is not this journey's).
    const { origin } = new URL(page.url());
    const { csrfToken } = (await (await page.request.get(`${origin}/api/auth/csrf`)).json()) as {
      csrfToken: string;
    };
    const published = await page.request.put(
      `${origin}/api/visibilites-resultats/${setup.session.id}`,
      { data: { visible: true, moyenneVisible: true }, headers: { 'x-csrf-token': csrfToken } },
    );
    expect(published.status()).toBe(200);

    const visitor = await journey.newPage();
    await visitor.goto(`${journey.url}/resultat-examen`);
    await tabTo(visitor, 'Numéro de candidat');
    await visitor.keyboard.type(setup.numeros[0]!);
    await tabTo(visitor, 'Date de naissance (JJ/MM/AAAA)');
    await visitor.keyboard.type('10011990');
    await visitor.keyboard.press('Enter');
    const card = visitor.getByRole('article');
    await card.waitFor();
    await expect(card.locator('.result-verdict').innerText()).resolves.toBe('Admis');
    await expect(card.innerText()).resolves.toContain('14,00 / 20');
    // The result takes the focus: read first, and Tab goes on from it to « Consulter un autre ».
    await tabTo(visitor, 'Consulter un autre résultat', { most: 10 });
    await shot(visitor, 'clavier-03-resultat');
    console.log(`[clavier] ${tabbed.length} appuis sur Tab, le focus visible à chacun`);
    expect(journey.pageErrors).toEqual([]);
  });
});
