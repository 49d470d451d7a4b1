import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  CANDIDATURE_FIELDS,
  DASHBOARD_ROUTES,
  PERMISSIONS,
  REFERENCE_LISTS,
} from '@examens-pro/domain';
import {
  createCentreDepot,
  DASHBOARD,
  departementId,
  openSessionForRegistration,
  registerCandidates,
  useJourney,
} from './examSetup';
import { api, browserAvailable, shot } from './harness';

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

/** The requests a page has in flight: a screen has settled once none is left. */
const inFlight = new WeakMap<Page, number>();
const countRequests = (page: Page): void => {
  inFlight.set(page, 0);
  const add = (n: number) => inFlight.set(page, Math.max(0, (inFlight.get(page) ?? 0) + n));
  page.on('request', () => add(1));
  page.on('requestfinished', () => add(-1));
  page.on('requestfailed', () => add(-1));
};

/** In the dashboard already: the router follows the address without reloading the page. */
const visit = async (page: Page, path: string): Promise<void> => {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page);
};

/**
 * The screen once its reads are answered and drawn: no request in flight nor progress indicator
 * for 250 ms (at most 6 s).
 */
const settle = async (page: Page): Promise<void> => {
  const deadline = Date.now() + 6000;
  let quiet = 0;
  while (quiet < 250 && Date.now() < deadline) {
    await page.waitForTimeout(50);
    const busy =
      (inFlight.get(page) ?? 0) > 0 ||
      (await page.evaluate(
        () =>
          document.querySelectorAll(
            '.MuiLinearProgress-root, .MuiCircularProgress-root, .MuiSkeleton-root',
          ).length > 0 ||
          // A lazy screen not drawn yet: its content is still empty.
          !document.querySelector('#main-content')?.textContent?.trim(),
      ));
    quiet = busy ? 0 : quiet + 50;
  }
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
    const session = await openSessionForRegistration(page, { libelle: 'CQP session de juin 2027' });
    const centre = await createCentreDepot(
      page,
      'DEP-YDE',
      'Centre de dépôt de Yaoundé',
      await departementId(page, 'Mfoundi'),
    );
    await registerCandidates(
      page,
      session,
      [
        { nom: 'ESSOMBA', prenoms: 'jean', sexe: 'M' },
        { nom: 'NGONO', prenoms: 'marie', sexe: 'F' },
      ],
      { centreDepotId: centre.id },
    );
    const patron = await api(page, '/api/patrons', {
      libelle: 'Garage Moderne',
      responsableNom: 'MBARGA',
      responsablePrenoms: 'pierre',
      responsableSexe: 'M',
      telephone: '699112233',
      metierId: session.metiers.ELEC,
      departementId: await departementId(page, 'Mfoundi'),
    });
    await api(page, '/api/apprentis', {
      nom: 'ATANGANA',
      prenoms: 'paul',
      sexe: 'M',
      dateNaissance: '2004-03-05',
      lieuNaissance: 'Yaoundé',
      nationalite: 'Camerounaise',
      patronId: patron.id,
      metierId: session.metiers.ELEC,
      dateDebutApprentissage: '2023-09-01',
      niveauId: session.niveauId,
    });
  });

  it('visits every page of the route table: no marker, no code name, no technical value', async () => {
    const started = Date.now();
    for (const route of DASHBOARD_ROUTES) {
      const path = `${DASHBOARD}${route.path ? `/${route.path}` : ''}`;
      await visit(page, path);
      await scan(path);
      if (route.path === 'inscription/candidats/inscrire-un-candidat')
        await shot(page, 'textes-00-inscrire-un-candidat');
    }
    console.log(
      `[textes] ${DASHBOARD_ROUTES.length} écrans en ${Math.round((Date.now() - started) / 1000)} s`,
    );
  });

  it('sends each creation form empty, and opens a record of each resource: the same rules', async () => {
    const started = Date.now();
    let forms = 0;
    let records = 0;
    for (const route of DASHBOARD_ROUTES.filter((r) => r.screen === 'resource')) {
      const base = `${DASHBOARD}/${route.path}`;
      await visit(page, `${base}/create`);
      // As a user would: one text typed (the form is then sendable), the rest left empty.
      const typed = page.locator('#main-content form').getByRole('textbox').first();
      if ((await typed.count()) === 1) await typed.fill('x').catch(() => undefined);
      const save = page.getByRole('button', { name: 'Enregistrer', exact: true }).first();
      if ((await save.count()) === 1 && (await save.isEnabled())) {
        await save.click();
        await settle(page);
        forms += 1;
        if (forms === 1) await shot(page, 'textes-01-formulaire-vide');
      }
      await scan(`${base}/create`);
      const answer = await page.request.get(
        `${journey.url}/api/${route.resource}?range=${encodeURIComponent('[0,0]')}`,
      );
      const [first] = answer.ok() ? ((await answer.json()) as { id?: string }[]) : [];
      if (!first?.id) continue;
      await visit(page, `${base}/${encodeURIComponent(first.id)}/show`);
      await scan(`${base}/${first.id}/show`);
      records += 1;
    }
    console.log(
      `[textes] ${forms} formulaires envoyés vides, ${records} fiches en ${Math.round((Date.now() - started) / 1000)} s`,
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
