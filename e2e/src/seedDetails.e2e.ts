import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminEnvironment, signInAndChangePassword, signInFirstAdministrator } from './accounts';
import { api, browserAvailable, launchBrowser, shot, startProduct, type Product } from './harness';

/**
 * The seed's remaining details (issue #32): a redirection set by staff then followed (in the app
 * and by a full page load), scroll kept on back, a `#anchor` scrolled into view, a notification's
 * place and time, §9's dialog size, and a staff user refused a screen during maintenance.
 */
const run = browserAvailable() ? describe : describe.skip;

const DASHBOARD = '/tableau-de-bord';
const REDIRECTIONS = `${DASHBOARD}/configuration/redirections`;

run('parcours : redirections, défilement, notifications, maintenance (mode embarqué)', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    product = await startProduct(adminEnvironment());
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const open = (p: Page, path: string) => p.goto(`${product.url}${path}`);
  const toast = (p: Page, text: string | RegExp) =>
    p.locator('.toasts > *').filter({ hasText: text });
  /** A value kept by the page's JavaScript: gone after a full page load, kept by in-app navigation. */
  const mark = (p: Page) => p.evaluate(() => ((window as { marque?: number }).marque = 1));
  const marked = (p: Page) => p.evaluate(() => (window as { marque?: number }).marque === 1);
  /** Waits until the window is scrolled to `y` (a page loads its rows after it shows). */
  const scrolledTo = (p: Page, y: number) =>
    p.waitForFunction((at) => window.scrollY === at, y, { timeout: 5000 });
  /** An in-app navigation, as a link of the app does it (react-router listens to popstate). */
  const navigateInApp = (p: Page, path: string) =>
    p.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);

  it('signs in as the administrator, who holds « Activer ou désactiver le mode maintenance »', async () => {
    await open(page, DASHBOARD);
    await page.waitForURL(/\/connexion/);
    await signInFirstAdministrator(page, product.url);
  });

  it('sets a redirection on its screen: a French refusal, then saved with a notification at the top centre for 3000 ms', async () => {
    await open(page, `${REDIRECTIONS}/create`);
    await page.getByLabel(/^Chemin/).fill('ancienne-offre');
    await page.getByLabel(/^Destination/).fill('/diplomes');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page
      .getByText('Le chemin commence par « / » et ne contient ni espace, ni « ? », ni « # »', {
        exact: false,
      })
      .first()
      .waitFor();
    await shot(page, 'seed-details-redirection-refusee');

    await page.getByLabel(/^Chemin/).fill('/ancienne-offre');
    const saved = Date.now();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const notification = toast(page, /./).first();
    await notification.waitFor();
    await expect(notification.getAttribute('data-timeout')).resolves.toBe('3000');
    // Once faded in (300 ms): 16 px from the top, centred.
    await page.locator('.toast-shown').first().waitFor();
    await page.waitForTimeout(400);
    const box = (await notification.boundingBox())!;
    expect(box.y).toBe(16);
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThanOrEqual(1);
    await shot(page, 'seed-details-notification');
    await notification.waitFor({ state: 'detached', timeout: 6000 });
    const shownFor = Date.now() - saved;
    expect(shownFor).toBeGreaterThanOrEqual(3000);
    expect(shownFor).toBeLessThan(5000);
  });

  it('follows a redirection to a path within the app (no page load)', async () => {
    await open(page, '/');
    await page.getByRole('link', { name: 'Tableau de bord' }).first().waitFor();
    await mark(page);
    await navigateInApp(page, '/ancienne-offre');
    await page.waitForURL(`${product.url}/diplomes`);
    await page.getByRole('heading', { name: 'Examens et métiers' }).waitFor();
    expect(await marked(page)).toBe(true);
  });

  it('follows a redirection to an absolute address with a full page load', async () => {
    await api(page, '/api/redirections', {
      chemin: '/partir',
      cible: `${product.url}/paiement?depuis=redirection`,
    });
    await open(page, '/');
    await page.getByRole('link', { name: 'Tableau de bord' }).first().waitFor();
    await mark(page);
    await navigateInApp(page, '/partir');
    await page.waitForURL(`${product.url}/paiement?depuis=redirection`);
    await page.locator('main').first().waitFor();
    expect(await marked(page)).toBe(false);
  });

  it('scrolls a #anchor into view, even reached through a redirection', async () => {
    await api(page, '/api/redirections', { chemin: '/vers-offre', cible: '/diplomes#offre-titre' });
    const small = await browser.newContext({ viewport: { width: 1280, height: 420 } });
    const visitor = await small.newPage();
    const heading = visitor.locator('#offre-titre');
    const inView = () =>
      heading.evaluate((el) => {
        const { top, bottom } = el.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      });
    await open(visitor, '/diplomes');
    await heading.waitFor();
    expect(await inView()).toBe(false);
    await open(visitor, '/vers-offre');
    await visitor.waitForURL(`${product.url}/diplomes#offre-titre`);
    await visitor.waitForFunction(
      () => {
        const box = document.getElementById('offre-titre')!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      },
      null,
      { timeout: 5000 },
    );
    expect(await inView()).toBe(true);
    expect(await visitor.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await shot(visitor, 'seed-details-ancre');
    await small.close();
  });

  it('keeps the scroll position on back and forward', async () => {
    for (let n = 1; n <= 40; n++)
      await api(page, '/api/redirections', {
        chemin: `/defilement-${String(n).padStart(2, '0')}`,
        cible: '/diplomes',
      });
    await open(page, REDIRECTIONS);
    await page.getByText('/defilement-20').first().waitFor();
    // Down the list (as far as it goes, 300 px at most).
    const y = await page.evaluate(() => {
      window.scrollTo(0, 300);
      return window.scrollY;
    });
    expect(y).toBeGreaterThan(100);
    // A row in the middle of the window, clicked where it is (no scrolling to it).
    await page.mouse.click(700, 450);
    await page.waitForURL(/\/configuration\/redirections\/[^/]+\/show$/);
    await scrolledTo(page, 0);
    await page.goBack();
    await page.waitForURL(`${product.url}${REDIRECTIONS}`);
    await scrolledTo(page, y);
    await shot(page, 'seed-details-defilement-retour');
    await page.goForward();
    await page.waitForURL(/\/show$/);
    await scrolledTo(page, 0);
  });

  it('opens a confirmation dialog at §9’s small size (576 px) over a 0.6 overlay', async () => {
    await page.getByRole('button', { name: 'Supprimer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const paper = page.locator('.MuiDialog-paper');
    await expect(paper.evaluate((el) => getComputedStyle(el).maxWidth)).resolves.toBe('576px');
    await expect(
      page
        .locator('.MuiDialog-root .MuiBackdrop-root')
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).resolves.toBe('rgba(0, 0, 0, 0.6)');
    await shot(page, 'seed-details-dialogue');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('sends a staff user refused a screen to /acces-non-autorise during maintenance, not /maintenance', async () => {
    const profile = await api(page, '/api/profils', {
      libelle: 'Métiers seulement',
      permissions: ['configuration.metiers'],
    });
    await api(page, '/api/utilisateurs', {
      nom: 'Ngono',
      prenoms: 'Claire',
      login: 'claire.ngono@examens.local',
      telephone: '699001122',
      profilId: profile.id,
      motDePasse: 'Temporaire-Claire-1',
    });
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staff = await other.newPage();
    await open(staff, DASHBOARD);
    await staff.waitForURL(/\/connexion/);
    await signInAndChangePassword(
      staff,
      product.url,
      'claire.ngono@examens.local',
      'Temporaire-Claire-1',
      'Definitif-Claire-2026',
    );
    await api(page, '/api/maintenance/activer', { message: 'Migration en cours.' });
    try {
      await open(staff, `${DASHBOARD}/utilisateurs-profils/utilisateurs`);
      await staff.waitForURL(`${product.url}/acces-non-autorise`);
      await staff.getByText('Accès Interdit').first().waitFor();
      await shot(staff, 'seed-details-maintenance-refus');
      // The same user on a public page during maintenance: the notice.
      await open(staff, '/diplomes');
      await staff.waitForURL(`${product.url}/maintenance`);
    } finally {
      await api(page, '/api/maintenance/desactiver', {});
      await other.close();
    }
  });

  it('logged no page error', () => {
    expect(pageErrors).toEqual([]);
  });
});
