import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { adminEnvironment, signInFirstAdministrator } from './accounts';
import {
  api,
  browserAvailable,
  launchBrowser,
  openFromMenu,
  shot,
  startProduct,
  type Product,
} from './harness';

/**
 * A list of agents submitted from « Inscrire un candidat » (seed §5): a 1,000-row list with one bad
 * row is refused with the seed's message and the row listed; once fixed, it is verified, applied,
 * its progress bar reaches the end and the session's candidates are listed.
 */
const run = browserAvailable() ? describe : describe.skip;

const DASHBOARD = '/tableau-de-bord';
const INSCRIRE = `${DASHBOARD}/inscription/candidats/inscrire-un-candidat`;
const RULE_1 = 'Sexe au mauvais format: Verifiez votre liste\nLe sexe doit être M ou F';
const HEADER =
  'nom;prenoms;sexe;nationalite;lieu_naissance;telephone;matricule;date_naissance;date_premiere_prise_service';
const letters = (k: number) =>
  Array.from({ length: 3 }, (_, i) =>
    String.fromCharCode(97 + (Math.floor(k / 26 ** i) % 26)),
  ).join('');
const listFile = (dir: string, name: string, badRow?: number) => {
  const rows = Array.from({ length: 1000 }, (_, i) =>
    [
      'NKOULOU',
      `marie-${letters(i)}ine`,
      i === badRow ? 'H' : i % 2 ? 'M' : 'F',
      'Camerounaise',
      'Bafoussam',
      '677001122',
      `MAT-${String(i).padStart(6, '0')}`,
      '14/02/1988',
      '02/01/2014',
    ].join(';'),
  );
  const path = join(dir, name);
  writeFileSync(path, `\uFEFF${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8');
  return path;
};

run('Inscription : liste d’agents', () => {
  let product: Product;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'liste-agents-'));

  beforeAll(async () => {
    product = await startProduct(adminEnvironment());
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const open = (path: string) => page.goto(`${product.url}${path}`);
  /** A choice of the list's panel (the registration form above has fields of the same names). */
  const select = async (label: RegExp, option: string) => {
    await page.getByTestId('liste-agents').getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  it('signs in and opens a session for registration', async () => {
    await open(DASHBOARD);
    await page.waitForURL(/\/connexion/);
    await signInFirstAdministrator(page, product.url);
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
    const metier = await api(page, '/api/metiers', {
      code: 'ELEC',
      libelle: 'Électricité bâtiment',
    });
    await api(page, '/api/metiers-ouverts', {
      code: 'MO-ELEC',
      libelle: 'Électricité bâtiment 2027',
      sessionId: session.id,
      metierId: metier.id,
    });
    const departement = (await (
      await page.request.get(
        `${product.url}/api/departements?filter=${encodeURIComponent(JSON.stringify({ q: 'Mifi' }))}`,
      )
    ).json()) as { id: string }[];
    await api(page, '/api/centres-depot', {
      code: 'DEP-BAF',
      libelle: 'Centre de dépôt de Bafoussam',
      departementId: departement[0]!.id,
    });
  });

  it('refuses a 1,000-row list with one bad row: the seed’s message, the row listed', async () => {
    await open(INSCRIRE);
    const panel = page.getByTestId('liste-agents');
    await panel.getByRole('button', { name: 'Soumettre une liste d’agents' }).click();
    await select(/^Session/, 'CQP session de juin 2027');
    await select(/^Métier/, 'Électricité bâtiment 2027');
    await select(/^Centre de dépôt/, 'Centre de dépôt de Bafoussam');
    await page.getByTestId('fichier-liste').setInputFiles(listFile(dir, 'agents.csv', 417));
    await panel.getByRole('button', { name: 'Vérifier' }).click();
    const error = page.getByTestId('erreur-liste');
    await error.waitFor();
    expect(await error.innerText()).toBe(RULE_1);
    const rows = page.getByTestId('lignes-refusees').getByRole('row');
    // The header, then the one offending row: sheet row 419 (header = 1).
    await expect(rows.count()).resolves.toBe(2);
    await expect(rows.nth(1).innerText()).resolves.toMatch(/^419\s+sexe\s+Sexe au mauvais format/);
    await expect(panel.getByRole('button', { name: 'Appliquer' }).isDisabled()).resolves.toBe(true);
    await shot(page, 'liste-agents-01-refusee');
  });

  it('accepts the list once fixed, follows its progress to the end, and lists the candidates', async () => {
    const panel = page.getByTestId('liste-agents');
    await page.getByTestId('fichier-liste').setInputFiles(listFile(dir, 'agents-corrigee.csv'));
    await panel.getByRole('button', { name: 'Vérifier' }).click();
    await panel.getByText('Liste valide : 1 000 lignes.').waitFor();
    await shot(page, 'liste-agents-02-valide');
    await panel.getByRole('button', { name: 'Appliquer' }).click();
    const progress = page.getByTestId('progression-liste');
    await progress.waitFor();
    await shot(page, 'liste-agents-03-en-cours');
    await progress
      // Numbers in French: 1 000 with a narrow no-break space.
      .getByText(/^Liste appliquée : 1\s000 dossiers créés \(1\s000 soumis, 0 brouillon\)/)
      .waitFor({ timeout: 60_000 });
    await expect(progress.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe(
      '100',
    );
    await shot(page, 'liste-agents-04-appliquee');
    await progress.getByRole('link', { name: 'Voir les candidats de la session' }).click();
    await page.waitForURL(/inscription\/candidats\/liste/);
    await page
      .getByText(/^Nkoulou Marie-[A-Z][a-z]{2}ine$/)
      .first()
      .waitFor();
    // Every dossier of the list, and only them: the session's 1 000 candidates.
    await page
      .getByText(/1-\d+ (sur|of) 1\s?000$/)
      .first()
      .waitFor();
    await shot(page, 'liste-agents-05-candidats');
    expect(pageErrors).toEqual([]);
  });

  it('lists the list applied under « Listes d’agents », with its counts', async () => {
    await openFromMenu(page, '/tableau-de-bord/inscription/candidats/listes-d-agents');
    const row = page.getByRole('row').filter({ hasText: 'Terminée' });
    await row.waitFor();
    await row.getByText('1 000', { exact: true }).first().waitFor();
    await shot(page, 'liste-agents-06-listes');
    expect(pageErrors).toEqual([]);
  });

  it('says the columns a métier requires, and refuses at verification what the application would', async () => {
    const first = async (path: string, q: string) =>
      (
        (await (
          await page.request.get(
            `${product.url}/api/${path}?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
          )
        ).json()) as { id: string }[]
      )[0]!.id;
    const metier = await api(page, '/api/metiers', { code: 'SOUD', libelle: 'Soudure' });
    await api(page, '/api/metiers-ouverts', {
      code: 'MO-SOUD',
      libelle: 'Soudure 2027',
      sessionId: await first('sessions', 'CQP'),
      metierId: metier.id,
    });
    const bepc = await api(page, '/api/niveaux-scolarisation', {
      code: 'BEPC',
      libelle: 'BEPC',
      rang: 2,
    });
    await api(page, '/api/niveaux-requis', {
      code: 'NR-SOUD',
      libelle: 'Soudure : BEPC',
      metierId: metier.id,
      niveauId: bepc.id,
    });
    await open(INSCRIRE);
    const panel = page.getByTestId('liste-agents');
    await panel.getByRole('button', { name: 'Soumettre une liste d’agents' }).click();
    const columns = page.getByTestId('colonnes-liste');
    await columns.getByText(/facultatives : langue, niveau\./).waitFor();
    await select(/^Session/, 'CQP session de juin 2027');
    await select(/^Métier/, 'Soudure 2027');
    await select(/^Centre de dépôt/, 'Centre de dépôt de Bafoussam');
    // The métier's level: the niveau column is required, said before any file is chosen.
    await columns
      .getByText(
        /Ce métier requiert le niveau « BEPC » ou un niveau supérieur : la colonne niveau est obligatoire\./,
      )
      .waitFor();
    expect(await columns.innerText()).toMatch(
      /date_premiere_prise_service, niveau ; facultatives : langue\./,
    );
    const path = join(dir, 'soudeurs.csv');
    const rows = ['alain', 'bruno', 'carine'].map((prenom, i) =>
      [
        'ESSOMBA',
        prenom,
        i === 2 ? 'F' : 'M',
        'Camerounaise',
        'Bafoussam',
        '677001122',
        `MAT-S0000${i}`,
        '14/02/1988',
        '02/01/2014',
      ].join(';'),
    );
    writeFileSync(path, `${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8');
    await page.getByTestId('fichier-liste').setInputFiles(path);
    await panel.getByRole('button', { name: 'Vérifier' }).click();
    const error = page.getByTestId('erreur-liste');
    await error.waitFor();
    expect(await error.innerText()).toBe(
      'Ce métier requiert le niveau « BEPC » ou un niveau supérieur.',
    );
    await expect(page.getByTestId('lignes-refusees').getByRole('row').count()).resolves.toBe(4);
    // Never « valide » beside the refused rows, and nothing to apply.
    await expect(panel.getByText(/^Liste valide/).count()).resolves.toBe(0);
    await expect(panel.getByRole('button', { name: 'Appliquer' }).isDisabled()).resolves.toBe(true);
    await shot(page, 'liste-agents-07-niveau-requis');
    expect(pageErrors).toEqual([]);
  });
});
