import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfText } from '../../workers/src/testing/pdfText';
import { ADMIN, adminEnvironment, signInFirstAdministrator } from './accounts';
import {
  ARTIFACTS,
  browserAvailable,
  launchBrowser,
  menuEntry,
  shot,
  startProduct,
  type Product,
} from './harness';

/**
 * The journey runs on the embedded product, then in mixed mode: SQLite event store, MongoDB read
 * store (the FerretDB the project builds) and BullMQ queue (Redis), as the distributed mode would.
 */
const modes: [string, () => Record<string, string>][] = [['mode embarqué', () => ({})]];
if (process.env.TEST_MONGODB_URL && process.env.TEST_REDIS_URL) {
  modes.push([
    'mode mixte (SQLite, MongoDB/FerretDB, BullMQ)',
    () => {
      const url = new URL(process.env.TEST_MONGODB_URL!);
      url.pathname = `/e2e_${Date.now()}`;
      return { MONGODB_URL: url.toString(), REDIS_URL: process.env.TEST_REDIS_URL! };
    },
  ]);
} else {
  console.warn('\n*** PARCOURS EN MODE MIXTE IGNORÉ : FerretDB ou Redis indisponible ***\n');
}

const run = browserAvailable() ? describe.each(modes) : describe.skip.each(modes);

run('parcours : configuration des métiers, %s', (mode, environment) => {
  const prefix = mode.startsWith('mode mixte') ? 'mixte' : 'embarque';
  let product: Product;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct({ ...environment(), ...adminEnvironment() });
    browser = await launchBrowser();
    // A context of its own rather than browser.newPage(): the conflict step opens a second tab
    // of the same signed-in session in it.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'fr-FR',
      acceptDownloads: true,
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const list = `/tableau-de-bord/configuration/metiers`;
  const open = (p: Page, path: string) => p.goto(`${product.url}${path}`);

  const createMetier = async (p: Page, code: string, libelle: string) => {
    await open(p, `${list}/create`);
    await p.getByLabel('Code').fill(code);
    await p.getByLabel('Libellé').fill(libelle);
    await p.getByRole('button', { name: 'Enregistrer' }).click();
  };

  it('signs in as the fresh product’s administrator, replacing the temporary password', async () => {
    // Every dashboard page now needs a session: the journey starts where a new office starts.
    await open(page, '/tableau-de-bord');
    await page.waitForURL(/\/connexion\?error=SessionRequired/);
    await signInFirstAdministrator(page, product.url);
    await open(page, '/tableau-de-bord');
    await page.getByText(`Bonjour, ${ADMIN.displayName}`).waitFor();
  });

  it('opens the empty list from the menu of the dashboard', async () => {
    await open(page, '/tableau-de-bord');
    await (await menuEntry(page, { name: 'Métiers' })).click();
    await page.waitForURL(`**${list}`);
    // The list's screen, loaded on first use, drawn empty: its creation button and no row.
    const create = page
      .getByRole('button', { name: 'Créer' })
      .or(page.getByRole('link', { name: 'Créer' }))
      .first();
    await create.waitFor({ state: 'visible' });
    expect(await page.getByRole('row').count()).toBe(0);
    await shot(page, prefix + '-01-liste-vide');
  });

  it('creates a métier and sees it listed at once', async () => {
    await createMetier(page, 'elec', 'Électricité bâtiment');
    await page.waitForURL(`**${list}`);
    await page.getByText('Électricité bâtiment').waitFor();
    await expect(page.getByRole('cell', { name: 'ELEC', exact: true }).count()).resolves.toBe(1);
    await shot(page, prefix + '-02-cree-et-liste');
  });

  it('edits it and sees the change, with its history', async () => {
    await page.getByText('Électricité bâtiment').click();
    await page.waitForURL(/\/show$/);
    await page.getByRole('link', { name: 'Éditer' }).click();
    await page.getByLabel('Libellé').fill('Électricité du bâtiment');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/show$/);
    await page.getByText('Électricité du bâtiment').first().waitFor();
    await page.getByRole('tab', { name: 'Historique' }).click();
    await page
      .getByText('Libellé : Électricité bâtiment → Électricité du bâtiment')
      .waitFor({ timeout: 60_000 });
    // Signed in, the change is the administrator's, no longer the system's.
    await page.getByRole('cell', { name: 'Premier Administrateur' }).first().waitFor();
    await shot(page, prefix + '-03-historique');
  });

  it('shows the French conflict message when someone else saved in between', async () => {
    await open(page, list);
    await page.getByText('Électricité du bâtiment').click();
    await page.waitForURL(/\/show$/);
    const editUrl = page.url().replace(/\/show$/, '');
    await page.goto(editUrl);
    await page.getByLabel('Libellé').waitFor();

    // A second tab of the same signed-in session: a new browser context would have no session.
    const other = await page.context().newPage();
    await other.goto(editUrl);
    await other.getByLabel('Libellé').fill('Électricité (modifié ailleurs)');
    await other.getByRole('button', { name: 'Enregistrer' }).click();
    await other.waitForURL(/\/show$/);
    await other.close();

    await page.getByLabel('Libellé').fill('Électricité (ma version)');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page
      .getByText('Cet élément a été modifié entre-temps. Rechargez la page et réessayez.')
      .waitFor();
    await shot(page, prefix + '-04-conflit');
  });

  it('refuses a duplicate code with "Ce code existe déjà."', async () => {
    await createMetier(page, 'ELEC', 'Doublon');
    await page.getByText('Ce code existe déjà.').waitFor();
    await shot(page, prefix + '-05-doublon');
  });

  it('deactivates the métier after confirmation', async () => {
    await open(page, list);
    await page.getByText('Électricité (modifié ailleurs)').click();
    await page.waitForURL(/\/show$/);
    await page.getByRole('button', { name: 'Désactiver' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Élément désactivé.').waitFor();
    await page.getByText('Inactif').first().waitFor();
    await shot(page, prefix + '-06-desactive');
  });

  it('searches without accents and finds the métier', async () => {
    await createMetier(page, 'MACON', 'Maçonnerie');
    await page.waitForURL(`**${list}`);
    await page.getByPlaceholder('Rechercher (code, libellé)').fill('maconn');
    await page.getByText('Maçonnerie').waitFor();
    await page.waitForFunction(
      () => !document.body.innerText.includes('Électricité (modifié ailleurs)'),
    );
    await shot(page, prefix + '-07-recherche');
  });

  it('exports the list as CSV for French spreadsheets, formulas neutralised', async () => {
    await createMetier(page, 'FORMULE', '=SOMME(A1:A9)');
    await page.waitForURL(`**${list}`);
    // The list keeps the search typed before: clear it to export everything.
    await open(page, `${list}?filter=%7B%7D`);
    await page.getByText('=SOMME(A1:A9)').waitFor();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter (CSV)' }).click();
    const file = join(ARTIFACTS, `${prefix}-metiers.csv`);
    const download = await downloaded;
    // Written by the server, every row, named after the list and the day.
    expect(download.suggestedFilename()).toMatch(/^metiers-\d{2}-\d{2}-\d{4}\.csv$/);
    await download.saveAs(file);
    const csv = readFileSync(file, 'utf8');
    expect(
      csv.startsWith('\ufeffCode;Libellé;Filière;Corps de métier;Statut;Modifié le;Modifié par'),
    ).toBe(true);
    expect(csv).toContain("FORMULE;'=SOMME(A1:A9);;;Actif");
    expect(csv).toMatch(/^MACON;Maçonnerie;;;Actif;[^;]+;Premier Administrateur\r?$/m);

    // The XLSX beside it: same columns, the formula neutralised the same way.
    const workbook = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter (XLSX)' }).click();
    const xlsx = join(ARTIFACTS, `${prefix}-metiers.xlsx`);
    await (await workbook).saveAs(xlsx);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['Code', 'Libellé']);
    const formula = sheet
      .getSheetValues()
      .find((values) => Array.isArray(values) && values[1] === 'FORMULE') as unknown[];
    expect(formula[2]).toBe("'=SOMME(A1:A9)");
    expect(sheet.getRow(2).getCell(2).formula).toBeUndefined();
  });

  it('downloads the list as a PDF after its progress bar, and the PDF lists the métiers', async () => {
    await open(page, list);
    const downloaded = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Télécharger la liste (PDF)' }).click();
    await page
      .getByText('Document prêt : le téléchargement commence.')
      .waitFor({ timeout: 60_000 });
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('liste-des-metiers.pdf');
    const file = join(ARTIFACTS, `${prefix}-liste-des-metiers.pdf`);
    await download.saveAs(file);
    const [text] = pdfText(readFileSync(file));
    expect(text).toContain('Liste des métiers');
    expect(text).toContain('Maçonnerie');
    expect(text).toContain('Électricité (modifié ailleurs)');
    expect(text).toContain('Inactif');
    expect(text).toContain('Page 1 sur 1');
    await shot(page, prefix + '-08-pdf-telecharge');
  });

  it('shows the 404 screen for an unknown page, with a way home', async () => {
    await open(page, '/page-qui-n-existe-pas');
    await page.getByRole('heading', { name: 'Oups ! Page Introuvable' }).waitFor();
    await shot(page, prefix + '-09-page-introuvable');
    await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await page.waitForURL(`${product.url}/`);
    await page.getByRole('link', { name: 'Accéder au tableau de bord' }).waitFor();
  });
});
