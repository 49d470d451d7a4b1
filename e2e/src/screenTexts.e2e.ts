import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  CANDIDATURE_FIELDS,
  DASHBOARD_ROUTES,
  PERMISSIONS,
  REFERENCE_LISTS,
} from '@examens-pro/domain';
import { DASHBOARD, useJourney } from './examSetup';
import { browserAvailable, shot } from './harness';
import { countRequests, prepareSmallSession, walkDashboard } from './screenWalk';

/**
 * Every word a user reads is French: the administrator, with a small session (two candidates, an
 * apprenti), visits every page of the route table, each resource's creation form sent empty (its
 * validation messages shown) and a record's page; no screen may show a translation marker
 * (`@@react-admin@@`, `ra.…`), an i18n key, « seed » or « § », a code name of a field, a resource
 * or a permission, nor `undefined`, `null`, `NaN` or `[object Object]` (visible text, titles,
 * aria-labels and placeholders). The offending screens are listed with their texts.
 */
const run = browserAvailable() ? describe : describe.skip;

/** Code names a screen must never show: fields, resources and permissions of the domain. */
const CODE_NAMES = new Set<string>([
  ...CANDIDATURE_FIELDS.map((f) => f.name).filter((name) => /[A-Z]/.test(name)),
  ...REFERENCE_LISTS.flatMap((l) => [l.name, ...l.fields.map((f) => f.name)]).filter((name) =>
    /[A-Z-]/.test(name),
  ),
  ...DASHBOARD_ROUTES.flatMap((r) => (r.resource ? [r.resource] : [])).filter((name) =>
    name.includes('-'),
  ),
  ...PERMISSIONS.map((p) => p.code),
]);

/** What no text may hold, each with its name in the report. */
const PATTERNS: readonly (readonly [string, RegExp])[] = [
  ['marqueur de traduction', /@@|\b(?:ra|resources)\.[a-z_]+\.[\w.]+/],
  ['« seed »', /\bseed\b/i],
  ['« § »', /§/],
  ['valeur technique', /\b(?:undefined|null|NaN)\b|\[object Object\]/],
  [
    'nom de code (permission)',
    /\b[a-z]+(?:-[a-z]+)*\.(?:creer|modifier|supprimer|lister|valider|rejeter|enregistrer|soumettre|desister|affecter|payer|deposer)\b/,
  ],
  // A word of its own: not a part of an address, a file name, or two titles drawn side by side.
  ['nom de code (camelCase)', /(?<![\p{L}\d@./-])[a-z]+(?:[A-Z][a-z0-9]*)+(?![\p{L}\d@./-])/u],
];

/**
 * The screen's texts: what is displayed, and the titles, aria-labels and placeholders of its
 * elements (read by screen readers and on hovering).
 */
const screenTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    for (const element of Array.from(
      document.querySelectorAll('[title], [aria-label], [placeholder]'),
    ))
      for (const attribute of ['title', 'aria-label', 'placeholder'])
        if (element.getAttribute(attribute)) texts.push(element.getAttribute(attribute)!);
    return texts;
  });

/** What is wrong in these texts: each offending line with the rule it breaks. */
const offences = (texts: readonly string[]): string[] => {
  const found = new Set<string>();
  for (const line of texts.flatMap((t) => t.split('\n')).map((l) => l.trim())) {
    if (!line) continue;
    for (const [name, pattern] of PATTERNS)
      if (pattern.test(line)) found.add(`${name} : « ${line.slice(0, 160)} »`);
    for (const word of line.split(/[\s,;:()«»"'’]+/))
      if (CODE_NAMES.has(word.replace(/[.!?]$/, '')))
        found.add(`nom de code « ${word} » : « ${line.slice(0, 160)} »`);
  }
  return [...found];
};

run('Textes des écrans : rien que du français', () => {
  const journey = useJourney();
  let page: Page;
  const report: Record<string, string[]> = {};
  const scan = async (where: string) => {
    const found = offences(await screenTexts(page));
    if (found.length > 0) report[where] = found;
  };

  it('prepares a small session: two validated candidates, a patron and an apprenti', async () => {
    page = await journey.signInAdministrator();
    countRequests(page);
    await prepareSmallSession(page);
  });

  it('visits every screen: no marker, no code name, no technical value', async () => {
    const started = Date.now();
    const count = await walkDashboard(page, journey.url, async (where) => {
      await scan(where);
      if (where.endsWith('/inscrire-un-candidat'))
        await shot(page, 'textes-00-inscrire-un-candidat');
      if (where === `${DASHBOARD}/configuration/metiers/create`)
        await shot(page, 'textes-01-formulaire-vide');
    });
    console.log(
      `[textes] ${count.routes} écrans, ${count.forms} formulaires envoyés vides, ${count.records} fiches en ${Math.round((Date.now() - started) / 1000)} s`,
    );
  });

  it('lists no offending screen', () => {
    const lines = Object.entries(report).flatMap(([where, found]) => [
      where,
      ...found.map((f) => `  ${f}`),
    ]);
    if (lines.length > 0) console.log(`[textes] écrans en défaut :\n${lines.join('\n')}`);
    expect(journey.pageErrors).toEqual([]);
    expect(lines).toEqual([]);
  });
});
