import { DASHBOARD_ROUTES } from '@examens-pro/domain';
import type { Page } from 'playwright-core';
import {
  createCentreDepot,
  DASHBOARD,
  departementId,
  openSessionForRegistration,
  registerCandidates,
} from './examSetup';
import { api } from './harness';

/**
 * A walk over every screen of the dashboard, shared by the journeys that check each of them (its
 * texts, its accessibility): each page of the route table, each resource's creation form sent
 * empty (its validation messages shown) and a record's page.
 */

/** The requests a page has in flight: a screen has settled once none is left. */
const inFlight = new WeakMap<Page, number>();

/** Counts the page's requests from now on (once per page, before its first `visit`). */
export const countRequests = (page: Page): void => {
  inFlight.set(page, 0);
  const add = (n: number) => inFlight.set(page, Math.max(0, (inFlight.get(page) ?? 0) + n));
  page.on('request', () => add(1));
  page.on('requestfinished', () => add(-1));
  page.on('requestfailed', () => add(-1));
};

/**
 * The screen once its reads are answered and drawn: no request in flight nor progress indicator
 * for 250 ms (at most 6 s).
 */
export const settle = async (page: Page): Promise<void> => {
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

/** In the dashboard already: the router follows the address without reloading the page. */
export const visit = async (page: Page, path: string): Promise<void> => {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page);
};

/** What the walk saw: how many pages, forms sent and records opened. */
export interface WalkCount {
  routes: number;
  forms: number;
  records: number;
}

/**
 * Visits every page of the route table, then each resource's creation form (one text typed, sent:
 * its validation messages shown) and its first record; `scan` is called on each, settled, with its
 * address. `url`: the product's (the first record is read from the API).
 */
export const walkDashboard = async (
  page: Page,
  url: string,
  scan: (where: string) => Promise<void>,
): Promise<WalkCount> => {
  const count: WalkCount = { routes: 0, forms: 0, records: 0 };
  for (const route of DASHBOARD_ROUTES) {
    const path = `${DASHBOARD}${route.path ? `/${route.path}` : ''}`;
    await visit(page, path);
    await scan(path);
    count.routes += 1;
  }
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
      count.forms += 1;
    }
    await scan(`${base}/create`);
    const answer = await page.request.get(
      `${url}/api/${route.resource}?range=${encodeURIComponent('[0,0]')}`,
    );
    const [first] = answer.ok() ? ((await answer.json()) as { id?: string }[]) : [];
    if (!first?.id) continue;
    await visit(page, `${base}/${encodeURIComponent(first.id)}/show`);
    await scan(`${base}/${first.id}/show`);
    count.records += 1;
  }
  return count;
};

/**
 * A small session whose screens have something to show: two validated candidates (ESSOMBA, NGONO)
 * at a deposit centre of Yaoundé, a patron and an apprenti; `page` is the administrator's.
 */
export const prepareSmallSession = async (page: Page): Promise<void> => {
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
};
