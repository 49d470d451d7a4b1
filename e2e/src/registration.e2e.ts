import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { adminEnvironment, signInFirstAdministrator } from './accounts';
import { fillRegistrationForm } from './examSetup';
import {
  api,
  browserAvailable,
  launchBrowser,
  menuEntry,
  shot,
  startProduct,
  typeDate,
  type Product,
} from './harness';

/**
 * Registration on a fresh embedded product, as the exam office works: a métier and a level in the
 * configuration, then a patron (an abbreviated name refused with the seed's message), an apprenti
 * under that patron, found by phone, and his history; then a candidate registered through
 * « Inscrire un candidat », submitted, rejected with a motif, and the dossier's history.
 */
const run = browserAvailable() ? describe : describe.skip;

const DASHBOARD = '/tableau-de-bord';
const METIERS = `${DASHBOARD}/configuration/metiers`;
const NIVEAUX = `${DASHBOARD}/configuration/niveaux-de-scolarisation`;
const PATRONS = `${DASHBOARD}/inscription/patrons`;
const APPRENTIS = `${DASHBOARD}/inscription/apprentis`;
const INSCRIRE = `${DASHBOARD}/inscription/candidats/inscrire-un-candidat`;
const LISTE = `${DASHBOARD}/inscription/candidats/liste`;
const RULE_3 =
  "Les noms et/ou prénoms doivent être conformes à l'acte de naissance et sans abréviation.";

run('Inscription : patrons et apprentis', () => {
  let product: Product;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  /** An instant between the dossier's submission and its rejection (ms since 1970). */
  let betweenMs = 0;

  beforeAll(async () => {
    product = await startProduct(adminEnvironment());
    browser = await launchBrowser();
    // An English-language browser: dates are still typed and shown DD/MM/YYYY (seed §9); in
    // another time zone than the office's: times are still the office's.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      timezoneId: 'America/New_York',
    });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const open = (path: string) => page.goto(`${product.url}${path}`);
  const save = () => page.getByRole('button', { name: 'Enregistrer' }).click();
  const choose = async (label: RegExp, search: string, option: string) => {
    const input = page.getByRole('combobox', { name: label });
    await input.click();
    await input.fill(search);
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const select = async (label: RegExp, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  it('signs in and configures a métier and a level of schooling', async () => {
    await open(DASHBOARD);
    await page.waitForURL(/\/connexion/);
    await signInFirstAdministrator(page, product.url);
    for (const [path, code, libelle] of [
      [METIERS, 'MECA', 'Mécanique automobile'],
      [NIVEAUX, 'CEP', 'Certificat d’études primaires'],
    ] as const) {
      await open(`${path}/create`);
      await page.getByLabel(/^Code/).fill(code);
      await page.getByLabel(/^Libellé/).fill(libelle);
      await save();
      await page.waitForURL(`**${path}`);
      await page.getByRole('row').filter({ hasText: libelle }).waitFor();
    }
  });

  it('opens Patrons from the Inscription menu, refuses an abbreviated name, then registers the patron', async () => {
    await open(DASHBOARD);
    await (await menuEntry(page, PATRONS)).click();
    await page.waitForURL(`**${PATRONS}`);
    await page.getByText(/^Pas encore de /).waitFor();
    await shot(page, 'inscription-01-patrons-vide');
    await open(`${PATRONS}/create`);
    await page.getByText('Patrons : nouveau patron').waitFor();
    // No code: a patron is named by its raison sociale.
    await expect(page.getByLabel(/^Code/).count()).resolves.toBe(0);
    await page.getByLabel(/^Raison sociale/).fill('Garage Moderne de Mvog-Mbi');
    await page.getByLabel(/^Nom du responsable/).fill('MBARGA');
    await page.getByLabel(/^Prénoms du responsable/).fill('J. Pierre');
    await select(/^Sexe du responsable/, 'Masculin');
    await page.getByLabel(/^Téléphone/).fill('699 11 22 33');
    await page.getByLabel(/^E-mail/).fill('contact@garage-moderne.cm');
    await choose(/^Métier/, 'Méca', 'Mécanique automobile');
    await choose(/^Département/, 'Mfou', 'Mfoundi');
    await save();
    await page.getByText(RULE_3).first().waitFor();
    expect(page.url()).toContain('/create');
    await shot(page, 'inscription-02-patron-abreviation-refusee');
    await page.getByLabel(/^Prénoms du responsable/).fill('jean-pierre');
    await save();
    await page.waitForURL(`**${PATRONS}`);
    const row = page.getByRole('row').filter({ hasText: 'Garage Moderne de Mvog-Mbi' });
    await row.getByText('699112233').waitFor();
    await row.getByText('Mécanique automobile').waitFor();
    await shot(page, 'inscription-03-patrons-liste');
  });

  it('registers an apprenti under that patron, named from nom and prénoms', async () => {
    await open(`${APPRENTIS}/create`);
    await page.getByText('Apprentis : nouvel apprenti').waitFor();
    await page.getByLabel(/^Nom\s*\*?$/).fill('ngono');
    await page.getByLabel(/^Prénoms\s*\*?$/).fill('éloïse marie');
    await select(/^Sexe/, 'Féminin');
    await typeDate(page, /^Date de naissance/, '05/03/2004');
    await page.getByLabel(/^Lieu de naissance/).fill('Yaoundé');
    await page.getByLabel(/^Nationalité/).fill('Camerounaise');
    await page.getByLabel(/^Téléphone/).fill('677 44 55 66');
    await choose(/^Patron/, 'Garage', 'Garage Moderne de Mvog-Mbi');
    await choose(/^Métier/, 'Méca', 'Mécanique automobile');
    await typeDate(page, /^Début de l’apprentissage/, '01/09/2023');
    await choose(/^Niveau de scolarisation/, 'Certificat', 'Certificat d’études primaires');
    await shot(page, 'inscription-04-apprenti-formulaire');
    await save();
    await page.waitForURL(`**${APPRENTIS}`);
    const row = page.getByRole('row').filter({ hasText: 'Ngono Éloïse Marie' });
    await row.getByText('Garage Moderne de Mvog-Mbi').waitFor();
    await shot(page, 'inscription-05-apprentis-liste');
  });

  const first = async (path: string, q: string) => {
    const response = await page.request.get(
      `${product.url}/api/${path}?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
    );
    return ((await response.json()) as { id: string }[])[0]!.id;
  };

  it('opens a session for registration (its examen, paramètres d’édition, métier opened, centre, motif)', async () => {
    const examen = await api(page, '/api/examens', {
      code: 'CQP',
      libelle: 'Certificat de qualification professionnelle',
      noteDePassage: 10,
      noteEliminatoire: 5,
    });
    const session = await api(page, '/api/sessions', {
      examenId: examen.id,
      annee: 2027,
      libelle: 'CQP session de juin 2027',
      ouvertureInscriptions: '2026-10-01',
      clotureInscriptions: '2027-02-26',
      debutComposition: '2027-06-14',
      finComposition: '2027-06-18',
    });
    await api(page, `/api/sessions/${session.id}/avancer`, { statut: 'inscriptions-ouvertes' }, 0);
    await api(page, '/api/parametres-edition', {
      code: 'PE-CQP27',
      libelle: 'Paramètres CQP 2027',
      sessionId: session.id,
      dateLimiteModification: '2027-02-26',
      modificationApresValidation: false,
      prefixeDossier: 'CQP27',
      ageMinimum: 15,
    });
    await api(page, '/api/metiers-ouverts', {
      code: 'MO-MECA',
      libelle: 'Mécanique automobile 2027',
      sessionId: session.id,
      metierId: await first('metiers', 'MECA'),
    });
    await api(page, '/api/centres-depot', {
      code: 'DEP-YDE',
      libelle: 'Centre de dépôt de Yaoundé',
      departementId: await first('departements', 'Mfoundi'),
    });
    await api(page, '/api/motifs-rejet', {
      code: 'ILLISIBLE',
      libelle: 'Acte de naissance illisible',
    });
  });

  it('offers the session’s opened métiers only, says a missing date in French, fills an apprenti’s identity', async () => {
    // A métier of the configuration not opened for the session.
    await api(page, '/api/metiers', { code: 'SOUD', libelle: 'Soudure' });
    await open(INSCRIRE);
    await page.getByText('Inscrire un candidat : nouveau dossier').waitFor();
    const main = page.locator('.RaCreate-main');
    // Sent with the name only: each required field says so in French, never a translation marker.
    await main.getByLabel(/^Nom\s*\*?$/).fill('ATANGANA');
    await save();
    await main.getByText('« Date de naissance » est obligatoire.').first().waitFor();
    expect(await main.innerText()).not.toMatch(/@@|ra\.|undefined/);
    await shot(page, 'inscription-06a-formulaire-vide');
    // The métier: none before the session, then the session's opened ones only.
    const metier = main.getByRole('combobox', { name: /^Métier/ });
    await expect(metier.isDisabled()).resolves.toBe(true);
    const session = main.getByRole('combobox', { name: /^Session/ });
    await session.click();
    await session.fill('CQP');
    await page.getByRole('option', { name: 'CQP session de juin 2027', exact: true }).click();
    await metier.click();
    await page.getByRole('option').first().waitFor();
    await expect(page.getByRole('option').allInnerTexts()).resolves.toEqual([
      'Mécanique automobile',
    ]);
    await page.keyboard.press('Escape');
    // An apprenti, told apart by birth date and patron, fills the identity once chosen.
    await main.getByRole('combobox', { name: /^Catégorie/ }).click();
    await page.getByRole('option', { name: 'Apprenti', exact: true }).click();
    const apprenti = main.getByRole('combobox', { name: /^Apprenti/ });
    await apprenti.click();
    await apprenti.fill('Ngono');
    const option = page.getByRole('option', {
      name: 'Ngono Éloïse Marie — né(e) le 05/03/2004 — patron : Garage Moderne de Mvog-Mbi',
    });
    await option.waitFor();
    await shot(page, 'inscription-06b-choix-apprenti');
    await option.click();
    await expect(main.getByLabel(/^Nom\s*\*?$/).inputValue()).resolves.toBe('Ngono');
    await expect(main.getByLabel(/^Prénoms\s*\*?$/).inputValue()).resolves.toBe('Éloïse Marie');
    const born = await main.getByRole('group', { name: /^Date de naissance/ }).innerText();
    expect(born.replace(/[^\d/]/g, '')).toBe('05/03/2004');
    await expect(main.getByLabel(/^Lieu de naissance/).inputValue()).resolves.toBe('Yaoundé');
    await expect(main.getByLabel(/^Nationalité/).inputValue()).resolves.toBe('Camerounaise');
    await expect(main.getByLabel(/^Téléphone/).inputValue()).resolves.toBe('677445566');
    await shot(page, 'inscription-06c-identite-remplie');
  });

  it('registers a candidate through « Inscrire un candidat »: a brouillon numbered CQP27-000001', async () => {
    await open(DASHBOARD);
    await (await menuEntry(page, INSCRIRE)).click();
    await page.waitForURL(`**${INSCRIRE}`);
    await page.getByText('Inscrire un candidat : nouveau dossier').waitFor();
    await fillRegistrationForm(page, {
      session: ['CQP', 'CQP session de juin 2027'],
      metier: ['Méca', 'Mécanique automobile'],
      centreDepot: ['Yaoundé', 'Centre de dépôt de Yaoundé'],
      nom: 'ATANGANA',
      prenoms: 'paul-éric',
      sexe: 'Masculin',
      dateNaissance: '05/03/1998',
      lieuNaissance: 'Douala',
      telephone: '677 00 11 22',
      niveau: ['Certificat', 'Certificat d’études primaires'],
    });
    await shot(page, 'inscription-07-inscrire-un-candidat');
    await save();
    await page.waitForURL(/\/inscription\/candidats\/liste\/[^/]+\/show$/);
    await page.getByText('Dossier CQP27-000001 — Atangana Paul-Éric').waitFor();
    // Typed 05/03/1998 in an English-language browser, stored 1998-03-05, shown 05/03/1998.
    const id = page.url().split('/').slice(-2)[0]!;
    const stored = (await (
      await page.request.get(`${product.url}/api/candidatures/${id}`)
    ).json()) as { dateNaissance: string };
    expect(stored.dateNaissance).toBe('1998-03-05');
    await page.getByText('05/03/1998', { exact: true }).waitFor();
    await page.getByText('Brouillon', { exact: true }).waitFor();
    await shot(page, 'inscription-08-dossier-brouillon');
  });

  it('submits the dossier, then rejects it with a motif; the history tells each step and who took it', async () => {
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Soumis', { exact: true }).waitFor();
    // An instant between the submission and the rejection, to the second (the as-at view's).
    betweenMs = Math.ceil(Date.now() / 1000) * 1000;
    await page.waitForTimeout(Math.max(0, betweenMs - Date.now()) + 300);
    await page.getByRole('button', { name: 'Rejeter' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /Motif du rejet/ }).click();
    await page.getByRole('option', { name: 'Acte de naissance illisible' }).click();
    await dialog.getByLabel('Commentaire').fill('Photocopie illisible, à refaire.');
    await shot(page, 'inscription-09-rejet-motif');
    await dialog.getByRole('button', { name: 'Rejeter' }).click();
    await page.getByText('Rejeté', { exact: true }).waitFor();
    await page.getByText('Photocopie illisible, à refaire.').waitFor();
    await page.getByRole('tab', { name: 'Historique' }).click();
    for (const action of ['Création', 'Soumission', 'Rejet'])
      await page.getByRole('cell', { name: action, exact: true }).waitFor();
    await page.getByText('Statut : Soumis → Rejeté').waitFor();
    await shot(page, 'inscription-10-dossier-historique');
  });

  it('shows the dossier’s timeline and the dossier as it stood before the rejection', async () => {
    await open(DASHBOARD);
    await (await menuEntry(page, `${DASHBOARD}/inscription/candidats/histo`)).click();
    await page.waitForURL('**/inscription/candidats/histo');
    const dossier = page.getByRole('combobox', { name: /Dossier/ });
    await dossier.click();
    await dossier.fill('CQP27');
    await page.getByRole('option', { name: 'CQP27-000001 — Atangana Paul-Éric' }).click();
    await page.getByRole('cell', { name: 'Rejet', exact: true }).waitFor();
    // The office's time (TIME_ZONE, Africa/Douala by default), whatever the browser's zone, typed
    // as in France (DD/MM/YYYY HH:mm:ss), to the second.
    const part = (type: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: process.env.TIME_ZONE || 'Africa/Douala',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(betweenMs))
        .find((p) => p.type === type)!.value;
    const local = `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
    await typeDate(page, /^Le dossier à la date du/, local);
    await page.getByText(/^Le dossier au .* \(version 2\)$/).waitFor();
    await page.getByText('Soumis', { exact: true }).waitFor();
    await shot(page, 'inscription-11-dossier-a-la-date');
  });

  it('lists the dossier among the candidates, found by its number and its statut', async () => {
    await open(LISTE);
    await page.getByPlaceholder(/^Rechercher/).fill('CQP27-000001');
    // The search reaches the address once typed (react-admin waits for the typing to stop).
    await page.waitForURL(/CQP27-000001/);
    const row = page.getByRole('row').filter({ hasText: 'CQP27-000001' });
    await row.getByText('Atangana Paul-Éric').waitFor();
    await row.getByText('Rejeté').waitFor();
    await shot(page, 'inscription-12-liste-des-candidats');
    // The landing page counts the open session's dossiers by statut, each a link to the list.
    await (await menuEntry(page, `${DASHBOARD}/inscription/candidats`)).click();
    await page.waitForURL(`**${DASHBOARD}/inscription/candidats`);
    await page.getByRole('link', { name: 'Rejeté : 1' }).waitFor();
    await page.getByRole('link', { name: 'Total : 1' }).waitFor();
    await shot(page, 'inscription-13-candidats-par-statut');
    await page.getByRole('link', { name: 'Rejeté : 1' }).click();
    await page.getByRole('row').filter({ hasText: 'CQP27-000001' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('finds the apprenti by phone, changes a first name and reads it in the history', async () => {
    await open(APPRENTIS);
    await page.getByPlaceholder(/^Rechercher/).fill('677445566');
    // The search applies after a pause (react-admin's debounce): clicked before, the row opens
    // the apprenti and the late search then takes the screen back to the list.
    await page.waitForURL(/677445566/);
    await page.getByRole('row').filter({ hasText: 'Ngono Éloïse Marie' }).waitFor();
    await page.getByRole('cell', { name: 'Ngono Éloïse Marie' }).click();
    await page.waitForURL(/\/show$/);
    await page.getByRole('link', { name: 'Éditer' }).click();
    await page.waitForURL(/\/apprentis\/[^/]+$/);
    await page.getByLabel(/^Prénoms\s*\*?$/).fill('Éloïse');
    await save();
    await page.waitForURL(/\/show$/);
    await page.getByText('Apprenti Ngono Éloïse', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Historique' }).click();
    await page.getByRole('cell', { name: 'Modification', exact: true }).waitFor();
    await page.getByText('Prénoms : Éloïse Marie → Éloïse').waitFor();
    await shot(page, 'inscription-06-apprenti-historique');
    expect(pageErrors).toEqual([]);
  });
});
