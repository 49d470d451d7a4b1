import { describe, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { audit, blocking, type Finding } from './axe';
import { DASHBOARD, useJourney } from './examSetup';
import { ARTIFACTS, browserAvailable, expandMenu, shot } from './harness';
import { countRequests, prepareSmallSession, settle, visit, walkDashboard } from './screenWalk';

/**
 * WCAG 2.1 AA, as axe-core reads it: every screen of the dashboard (each page of the route table,
 * each creation form sent empty, a record of each resource, the dialogs behind the main buttons)
 * and every public page, in the light theme then the dark one. No violation of serious or critical
 * impact may remain; the others are listed (e2e/artifacts/accessibilite.json, and docs/accessibility.md
 * with a reason for each).
 */
const run = browserAvailable() ? describe : describe.skip;

type Theme = 'light' | 'dark';
const THEMES: readonly Theme[] = ['light', 'dark'];

/** The public pages, each opened as a visitor (not signed in). */
const PUBLIC_PAGES = [
  '/',
  '/connexion',
  '/change-password',
  '/paiement',
  '/resultat-examen',
  '/diplomes',
  '/maintenance',
  '/acces-non-autorise',
  '/page-inexistante',
];

run('Accessibilité (WCAG 2.1 AA) : chaque écran, thème clair et sombre', () => {
  const journey = useJourney();
  let page: Page;
  let visitor: Page;
  /** theme → screen → what axe found there. */
  const report: Record<Theme, Record<string, Finding[]>> = { light: {}, dark: {} };
  let screens = 0;

  /** The menu, audited once per theme with every group open, is left out of the other screens. */
  const MENU = 'nav[aria-label="Menu principal"]';
  const check = async (on: Page, theme: Theme, where: string, exclude: string[] = []) => {
    const findings = await audit(on, exclude);
    screens += 1;
    if (findings.length > 0) report[theme][where] = findings;
  };

  const setTheme = async (on: Page, theme: Theme): Promise<void> => {
    await on.context().addCookies([{ name: 'theme', value: theme, url: journey.url }]);
  };

  it('prepares a small session to show', async () => {
    page = await journey.signInAdministrator();
    countRequests(page);
    await prepareSmallSession(page);
    visitor = await journey.newPage();
  });

  for (const theme of THEMES)
    describe(`thème ${theme === 'light' ? 'clair' : 'sombre'}`, () => {
      it('audits every public page', async () => {
        await setTheme(visitor, theme);
        for (const path of PUBLIC_PAGES) {
          await visitor.goto(`${journey.url}${path}`);
          await visitor.waitForLoadState('networkidle');
          await check(visitor, theme, path);
        }
        // The answers' states: a code that matches no document, a result not found.
        await visitor.goto(`${journey.url}/diplomes?code=AAAAAAAAAAAAA`);
        await visitor.locator('.verification').waitFor();
        await check(visitor, theme, '/diplomes (code inconnu)');
        await visitor.goto(`${journey.url}/resultat-examen`);
        await visitor.getByLabel('Numéro de candidat').fill('ELEC-00042');
        await visitor.getByLabel('Date de naissance (JJ/MM/AAAA)').pressSequentially('01011990');
        await visitor.getByRole('button', { name: 'Afficher le résultat' }).click();
        await visitor.getByRole('alert').waitFor();
        await check(visitor, theme, '/resultat-examen (introuvable)');
      }, 300_000);

      it('audits every screen of the dashboard', async () => {
        await setTheme(page, theme);
        await page.goto(`${journey.url}${DASHBOARD}`);
        await settle(page);
        await expandMenu(page);
        await check(page, theme, `${DASHBOARD} (menu ouvert)`);
        const started = Date.now();
        const count = await walkDashboard(page, journey.url, (where) =>
          check(page, theme, where, [MENU]),
        );
        if (theme === 'dark') await shot(page, 'accessibilite-sombre');
        await visit(page, DASHBOARD);
        console.log(
          `[accessibilité] ${theme} : ${count.routes} écrans, ${count.forms} formulaires envoyés vides, ${count.records} fiches en ${Math.round((Date.now() - started) / 1000)} s`,
        );
      }, 900_000);
    });

  it('finds no violation of serious or critical impact', () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'accessibilite.json'), JSON.stringify(report, null, 2));
    const byRule = new Map<string, { impact: string; screens: number; nodes: number }>();
    const found: string[] = [];
    for (const theme of THEMES)
      for (const [where, findings] of Object.entries(report[theme])) {
        found.push(...blocking(`${theme} ${where}`, findings));
        for (const f of findings) {
          const key = `${theme} ${f.rule}`;
          const seen = byRule.get(key) ?? { impact: f.impact, screens: 0, nodes: 0 };
          byRule.set(key, { ...seen, screens: seen.screens + 1, nodes: seen.nodes + f.nodes });
        }
      }
    console.log(
      `[accessibilité] ${screens} audits ; par règle :\n${[...byRule]
        .map(([key, v]) => `  ${key} — ${v.impact}, ${v.screens} écrans, ${v.nodes} éléments`)
        .join('\n')}`,
    );
    if (found.length > 0) console.log(`[accessibilité] bloquants :\n${found.join('\n')}`);
    expect(journey.pageErrors).toEqual([]);
    expect(found).toEqual([]);
  });
});
