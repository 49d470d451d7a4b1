import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { signIn } from './accounts';
import {
  browserAvailable,
  launchBrowser,
  startProduct,
  takeCspViolations,
  type Product,
} from './harness';

/**
 * The product's security headers as a browser applies them, and the check every journey relies
 * on: a CSP violation is seen (and would fail the step that caused it).
 */
const run = browserAvailable() ? describe : describe.skip;

run('parcours : en-têtes de sécurité et limite des connexions (mode embarqué)', () => {
  let product: Product;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // A low limit, so that the journey reaches it in a few attempts.
    product = await startProduct({ AUTH_RATE_LIMIT_MAX: '3' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('serves the sign-in page under the policy, and it runs without a violation', async () => {
    const response = await page.goto(`${product.url}/connexion`);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(takeCspViolations()).toEqual([]);
  });

  it('refuses an inline script, and the journeys see the violation', async () => {
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.body.append(script);
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    const deadline = Date.now() + 5000;
    let seen: string[] = [];
    while (seen.length === 0 && Date.now() < deadline) {
      seen = takeCspViolations();
      if (seen.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen.join('\n')).toMatch(/script-src-elem : inline/);
    // The console's report of the same refusal may come a little later.
    await new Promise((r) => setTimeout(r, 200));
    takeCspViolations();
  });

  it('cannot be shown in a frame of another site', async () => {
    const other = await browser.newPage();
    await other.setContent(`<iframe src="${product.url}/connexion"></iframe>`);
    const deadline = Date.now() + 5000;
    let seen: string[] = [];
    while (!/frame-ancestors/.test(seen.join('\n')) && Date.now() < deadline) {
      seen = [...seen, ...takeCspViolations()];
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen.join('\n')).toMatch(/frame-ancestors 'none'/);
    const frame = other.frames().find((f) => f !== other.mainFrame());
    expect(await frame?.getByRole('button', { name: 'Se connecter' }).count()).toBe(0);
    await other.close();
    takeCspViolations();
  });

  it('refuses the sign-ins past the limit per address, in French', async () => {
    for (let i = 0; i < 3; i += 1) {
      await page.goto(`${product.url}/connexion`);
      await signIn(page, product.url, `inconnu-${i}@examens.local`, 'Pas-le-bon-2026');
      await page
        .getByRole('alert')
        .filter({ hasText: 'Identifiant ou mot de passe incorrect.' })
        .waitFor();
    }
    await page.goto(`${product.url}/connexion`);
    await signIn(page, product.url, 'inconnu-4@examens.local', 'Pas-le-bon-2026');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Trop de tentatives depuis cette adresse. Réessayez dans une minute.' })
      .waitFor();
    // The session keeps being read (the UI reads it on every focus): never limited.
    const session = await page.request.get(`${product.url}/api/auth/session`);
    expect(session.status()).toBe(200);
  });
});
