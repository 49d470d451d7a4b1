import { describe, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { audit, blocking, type Finding } from './axe';
import { DASHBOARD, useJourney } from './examSetup';
import { ARTIFACTS, browserAvailable, expandMenu, shot } from './harness';
import { countRequests, prepareSmallSession, settle, visit, walkDashboard } from './screenWalk';
import { offences, screenTexts } from './screenTexts';

/**
 * Every screen, as the administrator sees it with a small session (two candidates, an apprenti):
 * each page of the route table, each resource's creation form sent empty (its validation messages
 * shown), a record of each resource, the dialogs behind the main buttons, and every public page.
 * - Its words are French (screenTexts.ts): no translation marker, code name or technical value.
 * - WCAG 2.1 AA as axe-core reads it, in the light theme and in the dark one: no violation of
 *   serious or critical impact may remain; the others are listed (e2e/artifacts/accessibilite.json,
 *   docs/accessibility.md with a reason for each). Each field in error is described by its message.
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

run(
  'Chaque écran : textes en français, accessibilité (WCAG 2.1 AA) en thème clair et sombre',
  () => {
    const journey = useJourney();
    let page: Page;
    let visitor: Page;
    /** theme → screen → what axe found there. */
    const report: Record<Theme, Record<string, Finding[]>> = { light: {}, dark: {} };
    let screens = 0;
    /** screen → what is not French on it. */
    const notFrench: Record<string, string[]> = {};

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
          await visitor.getByRole('alert').waitFor();
          await check(visitor, theme, '/diplomes (code inconnu)');
          await visitor.goto(`${journey.url}/resultat-examen`);
          await visitor.getByLabel('Numéro de candidat').fill('ELEC-00042');
          await visitor.getByLabel('Date de naissance (JJ/MM/AAAA)').pressSequentially('01011990');
          await visitor.getByRole('button', { name: 'Afficher le résultat' }).click();
          await visitor.getByRole('alert').waitFor();
          await check(visitor, theme, '/resultat-examen (introuvable)');
          // Sent empty: each field's error tied to it.
          await visitor.goto(`${journey.url}/resultat-examen`);
          await visitor.getByRole('button', { name: 'Afficher le résultat' }).click();
          await visitor.locator('[aria-invalid="true"]').first().waitFor();
          await check(visitor, theme, '/resultat-examen (envoyé vide)');
          await visitor.goto(`${journey.url}/diplomes`);
          await visitor.getByRole('button', { name: 'Vérifier', exact: true }).click();
          await visitor.locator('[aria-invalid="true"]').first().waitFor();
          await check(visitor, theme, '/diplomes (envoyé vide)');
        }, 300_000);
      });

    /** The dashboard's theme, switched in place by the app bar's button (nothing else changes). */
    const switchTheme = async (to: Theme) => {
      await page
        .getByRole('button', { name: to === 'dark' ? 'Thème sombre' : 'Thème clair' })
        .click();
      await page.mouse.move(1, 899);
      await page.waitForFunction((mode) => document.documentElement.dataset.theme === mode, to);
      await page.evaluate(
        () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
      );
    };
    /** The screen as it shows, audited in the light theme then in the dark one. */
    const inBothThemes = async (where: string, exclude: string[] = [MENU]) => {
      await check(page, 'light', where, exclude);
      await switchTheme('dark');
      await check(page, 'dark', where, exclude);
      await switchTheme('light');
    };

    it('audits every screen of the dashboard, in both themes', async () => {
      await setTheme(page, 'light');
      await page.goto(`${journey.url}${DASHBOARD}`);
      await settle(page);
      await expandMenu(page);
      await inBothThemes(`${DASHBOARD} (menu ouvert)`, []);
      const started = Date.now();
      const count = await walkDashboard(page, journey.url, async (where) => {
        const found = offences(await screenTexts(page));
        if (found.length > 0) notFrench[where] = found;
        if (where.endsWith('/inscrire-un-candidat'))
          await shot(page, 'textes-00-inscrire-un-candidat');
        if (where === `${DASHBOARD}/configuration/metiers/create`)
          await shot(page, 'textes-01-formulaire-vide');
        await inBothThemes(where);
      });
      console.log(
        `[accessibilité] ${count.routes} écrans, ${count.forms} formulaires envoyés vides, ${count.records} fiches, chacun dans les deux thèmes, en ${Math.round((Date.now() - started) / 1000)} s`,
      );
    }, 1_200_000);

    for (const theme of THEMES)
      it(`audits the dialogs and menus behind the main buttons, ${theme === 'light' ? 'thème clair' : 'thème sombre'}`, async () => {
        await visit(page, DASHBOARD);
        if (theme === 'dark') await switchTheme('dark');
        // Each audited open, then closed.
        const opened = async (where: string, open: () => Promise<void>) => {
          await open();
          await page.locator('[role="dialog"], [role="menu"]').first().waitFor();
          await settle(page);
          await check(page, theme, where, [MENU]);
          await page.keyboard.press('Escape');
          await page
            .locator('[role="dialog"], [role="menu"]')
            .first()
            .waitFor({ state: 'detached' });
        };
        await opened('menu utilisateur', () =>
          page.getByRole('button', { name: 'Menu utilisateur' }).click(),
        );
        await visit(page, `${DASHBOARD}/configuration/signataires`);
        await opened('dialogue « Révoquer le certificat »', () =>
          page.getByRole('button', { name: 'Révoquer ce certificat' }).click(),
        );
        const metier = (
          (await (await page.request.get(`${journey.url}/api/metiers?range=[0,0]`)).json()) as {
            id: string;
          }[]
        )[0]!;
        await visit(page, `${DASHBOARD}/configuration/metiers/${metier.id}/show`);
        await opened('dialogue « Désactiver »', () =>
          page.getByRole('button', { name: 'Désactiver' }).click(),
        );
        await visit(page, `${DASHBOARD}/inscription/candidats/liste`);
        await page.locator('thead input[type="checkbox"]').check();
        await opened('menu « Actions groupées »', () =>
          page.getByRole('button', { name: /^Actions groupées/ }).click(),
        );
        await opened('dialogue d’une action groupée', async () => {
          await page.getByRole('button', { name: /^Actions groupées/ }).click();
          await page.getByRole('menuitem').first().click();
        });
        await shot(page, `accessibilite-${theme}`);
      }, 300_000);

    it('lists no screen whose texts are not French', () => {
      const lines = Object.entries(notFrench).flatMap(([where, found]) => [
        where,
        ...found.map((f) => `  ${f}`),
      ]);
      if (lines.length > 0) console.log(`[textes] écrans en défaut :\n${lines.join('\n')}`);
      expect(lines).toEqual([]);
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
  },
);
