import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { adminEnvironment, signInFirstAdministrator } from './accounts';
import { browserAvailable, launchBrowser, shot, startProduct, type Product } from './harness';

/**
 * The configuration's reference lists on a fresh embedded product: every list the menu offers
 * opens, and the lists that refer to one another (département → centre d'examen → site de
 * composition) are filled in through their screens, with the server's French refusals.
 */
const run = browserAvailable() ? describe : describe.skip;

const DASHBOARD = '/tableau-de-bord';
const CENTRES = `${DASHBOARD}/configuration/examen-session/centres-d-examen`;
const SITES = `${DASHBOARD}/configuration/examen-session/sites-de-composition`;
const EXAMENS = `${DASHBOARD}/configuration/examen-session/examens`;
const LANGUES = `${DASHBOARD}/configuration/langues`;

const CENTRE = 'Centre d’examen de Yaoundé I';
const SITE = 'Lycée technique de Nkolbisson';

run('parcours : listes de référence de la configuration (mode embarqué)', () => {
  let product: Product;
  let browser: Browser;
  let page: Page;
  /** Any error the page logs or throws: a screen that "opens" with one has not opened well. */
  const pageErrors: string[] = [];

  beforeAll(async () => {
    product = await startProduct(adminEnvironment());
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'fr-FR',
    });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const open = (p: Page, path: string) => p.goto(`${product.url}${path}`);
  /** A notification of any kind: errors are role alert, the others role status, in one bar. */
  const toast = (p: Page, text: string | RegExp) =>
    p.locator('.toasts > *').filter({ hasText: text });
  const save = (p: Page) => p.getByRole('button', { name: 'Enregistrer' }).click();
  /** Picks an active item of a referenced list: typed, searched on the server, then chosen. */
  const choose = async (p: Page, label: RegExp, search: string, option: string) => {
    const input = p.getByRole('combobox', { name: label });
    await input.click();
    await input.fill(search);
    await p.getByRole('option', { name: option, exact: true }).click();
  };
  const create = async (p: Page, list: string, code: string, libelle: string) => {
    await open(p, `${list}/create`);
    await p.getByLabel(/^Code/).fill(code);
    await p.getByLabel(/^Libellé/).fill(libelle);
  };

  it('signs in as the fresh product’s administrator', async () => {
    await open(page, DASHBOARD);
    await page.waitForURL(/\/connexion/);
    await signInFirstAdministrator(page, product.url);
  });

  it('opens every list the menu offers under Configuration, each with its title', async () => {
    await open(page, DASHBOARD);
    const entries = page.locator(`a[role="menuitem"][href^="${DASHBOARD}/configuration/"]`);
    await entries.first().waitFor();
    const screens = await entries.evaluateAll((links) =>
      links.map((link) => ({
        href: link.getAttribute('href')!,
        label: (link.textContent ?? '').trim(),
      })),
    );
    // Métiers and the eleven generic lists with a screen.
    expect(screens.length).toBeGreaterThanOrEqual(12);
    expect(screens.map((s) => s.label)).toEqual(
      expect.arrayContaining(['Langues', 'Centres d’examen', 'Sites de composition', 'Examens']),
    );
    for (const [index, screen] of screens.entries()) {
      await page.locator(`a[role="menuitem"][href="${screen.href}"]`).click();
      await page.waitForURL(`**${screen.href}`);
      await page.locator('#react-admin-title').getByText(screen.label, { exact: true }).waitFor();
      // A fresh product: each list is empty, and says so (or shows its grid once filled).
      await page
        .getByText(/^Pas encore de /)
        .or(page.locator('table'))
        .first()
        .waitFor();
      await expect(page.locator('.toasts [role="alert"]').count()).resolves.toBe(0);
      if (index < 3 || screen.label === 'Sites de composition')
        await shot(page, `configuration-01-liste-${screen.href.split('/').pop()}`);
    }
    expect(pageErrors).toEqual([]);
  });

  it('creates a centre d’examen in a département of the shipped geography', async () => {
    await create(page, CENTRES, 'CE-YDE1', CENTRE);
    await choose(page, /^Département/, 'Mfou', 'Mfoundi');
    await shot(page, 'configuration-02-centre-formulaire');
    await save(page);
    await page.waitForURL(`**${CENTRES}`);
    const row = page.getByRole('row').filter({ hasText: CENTRE });
    await row.getByText('Mfoundi').waitFor();
    await shot(page, 'configuration-03-centre-liste');
  });

  it('refuses a site without places, then saves it with 120 and lists it with its centre', async () => {
    await create(page, SITES, 'SITE-NKB', SITE);
    await choose(page, /^Centre d’examen/, 'Yaoundé', CENTRE);
    await page.getByLabel(/^Capacité/).fill('0');
    await save(page);
    // The server's message, under the field (Intl writes 100 000 with a narrow space).
    await page
      .getByText(/^« Capacité \(places\) » doit être un nombre entier entre 1 et 100.000\.$/)
      .waitFor();
    await expect(page.url()).toContain('/create');
    await shot(page, 'configuration-04-site-capacite-refusee');
    await page.getByLabel(/^Capacité/).fill('120');
    await save(page);
    await page.waitForURL(`**${SITES}`);
    const row = page.getByRole('row').filter({ hasText: SITE });
    await row.getByText(CENTRE).waitFor();
    await row.getByText('120', { exact: true }).waitFor();
    await shot(page, 'configuration-05-site-liste');
  });

  it('refuses an eliminating mark not below the pass mark, then saves the examen', async () => {
    await create(page, EXAMENS, 'CQP', 'Certificat de qualification professionnelle');
    // The declared defaults are proposed.
    await expect(page.getByLabel(/^Note de passage/).inputValue()).resolves.toBe('10');
    await expect(page.getByLabel(/^Note éliminatoire/).inputValue()).resolves.toBe('5');
    await page.getByLabel(/^Note éliminatoire/).fill('12');
    await save(page);
    await page
      .getByText('La note éliminatoire doit être inférieure à la note de passage.')
      .waitFor();
    await shot(page, 'configuration-06-examen-notes-refusees');
    await page.getByLabel(/^Note éliminatoire/).fill('5');
    await save(page);
    await page.waitForURL(`**${EXAMENS}`);
    const row = page.getByRole('row').filter({ hasText: 'CQP' });
    await row.getByText('Certificat de qualification professionnelle').waitFor();
    await expect(row.getByRole('cell').allInnerTexts()).resolves.toEqual(
      expect.arrayContaining(['10', '5']),
    );
  });

  it('creates a langue, deactivates and reactivates it, and reads it all in its history', async () => {
    await create(page, LANGUES, 'fr', 'Français');
    await save(page);
    await page.waitForURL(`**${LANGUES}`);
    await page.getByRole('cell', { name: 'FR', exact: true }).click();
    await page.waitForURL(/\/show$/);
    await page.getByText('Langue FR — Français').waitFor();

    await page.getByRole('button', { name: 'Désactiver' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await toast(page, 'Élément désactivé.').waitFor();
    await page.getByText('Inactif', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Réactiver' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await toast(page, 'Élément réactivé.').waitFor();
    await page.getByText('Actif', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Historique' }).click();
    for (const action of ['Création', 'Désactivation', 'Réactivation'])
      await page.getByRole('cell', { name: action, exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Premier Administrateur' }).first().waitFor();
    await shot(page, 'configuration-07-langue-historique');
  });

  it('refuses a second item with the same code in a list', async () => {
    await create(page, LANGUES, 'FR', 'Français (doublon)');
    await save(page);
    await page.getByText('Ce code existe déjà.').first().waitFor();
    await expect(page.url()).toContain('/create');
    await shot(page, 'configuration-08-code-en-double');
  });

  it('refuses to delete the centre d’examen a site uses, in French', async () => {
    await open(page, CENTRES);
    await page.getByRole('row').filter({ hasText: CENTRE }).getByText(CENTRE).click();
    await page.waitForURL(/\/show$/);
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    const refusal = page.locator('.toasts [role="alert"] .toast-text');
    await refusal.waitFor();
    await expect(refusal.innerText()).resolves.toMatch(
      /^Cet élément est utilisé \(1 référence\) : désactivez-le au lieu de le supprimer\.$/,
    );
    await shot(page, 'configuration-09-suppression-refusee');
    // Still there.
    await open(page, CENTRES);
    await page.getByRole('row').filter({ hasText: CENTRE }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
