import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { opensslPkcs12 } from '../../platform/src/testing/pkcs12';
import { adminEnvironment, signInFirstAdministrator } from './accounts';
import {
  ARTIFACTS,
  browserAvailable,
  dashboardMenu,
  imageDrawn,
  launchBrowser,
  menuEntry,
  shot,
  startProduct,
  typeDate,
  type Product,
} from './harness';

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
const SESSIONS = `${DASHBOARD}/configuration/examen-session/session`;
const EPREUVES = `${DASHBOARD}/configuration/examen-session/epreuves`;
const CENTRES_DEPOT = `${DASHBOARD}/configuration/centre-de-depot`;
const ENROLEURS = `${DASHBOARD}/utilisateurs-profils/enroleur`;
const SIGNATAIRES = `${DASHBOARD}/configuration/signataires`;
const METIERS = `${DASHBOARD}/configuration/metiers`;
const FILIERES = `${METIERS}/filieres`;

const CENTRE = 'Centre d’examen de Yaoundé I';
const SITE = 'Lycée technique de Nkolbisson';
const BTS = 'Brevet de technicien supérieur';
const SESSION_2027 = 'BTS session de juin 2027';
const SESSION_2028 = 'BTS session de juin 2028';
const CENTRE_DEPOT = 'Centre de dépôt de Douala';
const BTP = 'Bâtiment et travaux publics';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/**
 * A real PNG the browser can draw (a dark wave on white, 240×80, a signature's shape), made here
 * so that the journey needs no binary fixture.
 */
const signaturePng = (): Buffer => {
  const [width, height] = [240, 80];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 0xff);
    row[0] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const curve = height / 2 + Math.sin(x / 14) * 22 * Math.cos(x / 60);
      if (Math.abs(y - curve) < 2.5) row.fill(0x1a, 1 + x * 3, 4 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A session's steps after "Préparation", in the order the server accepts them. */
const NEXT_STEPS = [
  'Inscriptions ouvertes',
  'Inscriptions closes',
  'Composition',
  'Délibération',
  'Clôturée',
];

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
      acceptDownloads: true,
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

  it('offers the menu as collapsible sections nested by path, the current one open, its scroll kept', async () => {
    await open(page, DASHBOARD);
    const menu = dashboardMenu(page);
    const group = (name: string) => menu.getByRole('button', { name, exact: true });
    const entry = (path: string) => menu.locator(`a[href="${DASHBOARD}/${path}"]`);
    // The seed's sections in order, those with a screen in this build: Mon compte is a link,
    // the others are groups.
    const sections = [
      'Tableau de bord',
      'Utilisateurs & profils',
      'Inscription',
      'Espace Examen',
      'Rapports statistiques',
      'Configuration',
    ];
    await expect(menu.getByRole('link').first().innerText()).resolves.toBe('Mon compte');
    const shown = await menu.getByRole('button').allInnerTexts();
    expect(shown).toEqual(sections.filter((section) => shown.includes(section)));
    expect(shown).toEqual(
      expect.arrayContaining([
        'Tableau de bord',
        'Utilisateurs & profils',
        'Inscription',
        'Configuration',
      ]),
    );
    // On the home page, its section is open and the others closed.
    await expect(group('Tableau de bord').getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(group('Inscription').getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(entry('inscription/candidats/liste').isVisible()).resolves.toBe(false);

    // Inscription opens on a click; Candidats is a group of its own, with its screens below it.
    await group('Inscription').click();
    await expect(group('Inscription').getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(group('Candidats').getAttribute('aria-expanded')).resolves.toBe('false');
    await group('Candidats').click();
    await entry('inscription/candidats/liste').waitFor();
    await menu
      .locator('[data-menu-group="inscription/candidats"] > .MuiCollapse-entered')
      .waitFor();
    const candidats = menu.locator('[data-menu-group="inscription/candidats"] a');
    const names = await candidats.allInnerTexts();
    expect(names[0]).toBe('Vue d’ensemble');
    expect(names).toEqual(
      expect.arrayContaining([
        'Inscrire un candidat',
        'Liste des candidats',
        'Historique d’un dossier',
      ]),
    );
    expect(names.indexOf('Inscrire un candidat')).toBeLessThan(
      names.indexOf('Liste des candidats'),
    );
    await shot(page, 'menu-01-inscription-candidats');

    // Closed again, then a screen under it reached from elsewhere (the home's shortcut): the
    // groups holding the current screen open, its entry marked as the current page.
    await group('Inscription').click();
    await entry('inscription/candidats/liste').waitFor({ state: 'hidden' });
    await page
      .getByRole('navigation', { name: 'Raccourcis' })
      .getByRole('link', { name: 'Liste des candidats' })
      .click();
    await page.waitForURL(`**${DASHBOARD}/inscription/candidats/liste`);
    await entry('inscription/candidats/liste').waitFor();
    await expect(group('Inscription').getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(group('Candidats').getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(entry('inscription/candidats/liste').getAttribute('aria-current')).resolves.toBe(
      'page',
    );

    // Keyboard: a closed group opens with Enter from the keyboard focus.
    await group('Configuration').focus();
    await page.keyboard.press('Enter');
    await expect(group('Configuration').getAttribute('aria-expanded')).resolves.toBe('true');
    await group('Examen & session').click();
    // Once unfolded (the entries move while the group opens).
    await menu
      .locator('[data-menu-group="configuration/examen-session"] > .MuiCollapse-entered')
      .waitFor();
    // Its last entry, low in the menu: scrolled to, clicked, and the menu has not moved.
    const last = entry('configuration/examen-session/type-des-incidents-examen');
    await last.scrollIntoViewIfNeeded();
    const scrollOf = () =>
      menu.evaluate((nav) => {
        let box: Element | null = nav;
        while (
          box &&
          !(box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY !== 'visible')
        )
          box = box.parentElement;
        return box ? box.scrollTop : -1;
      });
    const before = await scrollOf();
    expect(before).toBeGreaterThan(0);
    await last.click();
    await page.waitForURL(`**${DASHBOARD}/configuration/examen-session/type-des-incidents-examen`);
    await page.locator('#react-admin-title').getByText('Types d’incidents d’examen').waitFor();
    await expect(last.getAttribute('aria-current')).resolves.toBe('page');
    await expect(scrollOf()).resolves.toBe(before);
    await expect(last.isVisible()).resolves.toBe(true);
    await shot(page, 'menu-02-defilement-conserve');
    // The groups opened stay open across screens (remembered for the session).
    await expect(group('Inscription').getAttribute('aria-expanded')).resolves.toBe('true');
  });

  it('opens every list the menu offers under Configuration, each with its title', async () => {
    await open(page, DASHBOARD);
    // Every entry of the menu, shown or inside a group still closed.
    const entries = page.locator(`a[href^="${DASHBOARD}/configuration/"]`);
    await entries.first().waitFor({ state: 'attached' });
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
      await (await menuEntry(page, screen.href)).click();
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
  /** A session's form: the examen among the active ones, the year and the four dates. */
  const fillSession = async (
    p: Page,
    libelle: string,
    annee: number,
    dates: [string, string, string, string],
  ) => {
    await open(p, `${SESSIONS}/create`);
    await choose(p, /^Examen/, 'Brevet', BTS);
    await p.getByRole('textbox', { name: /^Année/ }).fill(String(annee));
    await p.getByLabel(/^Libellé/).fill(libelle);
    const [ouverture, cloture, debut, fin] = dates;
    await typeDate(p, /^Ouverture des inscriptions/, ouverture);
    await typeDate(p, /^Clôture des inscriptions/, cloture);
    await typeDate(p, /^Début de la composition/, debut);
    await typeDate(p, /^Fin de la composition/, fin);
  };
  /** The step chip of a session's page (the only chip of its details). */
  const stepChip = (p: Page, label: string) =>
    p.locator('.MuiChip-root').filter({ hasText: new RegExp(`^${label}$`) });
  /** "Passer à l’étape « … »", the dialog read, then confirmed. */
  const advanceTo = async (p: Page, label: string, screenshot?: string) => {
    await p.getByRole('button', { name: `Passer à l’étape « ${label} »` }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByText(`Passer à l’étape « ${label} » ?`).waitFor();
    await dialog.getByText('On ne revient pas à une étape précédente.').waitFor();
    if (screenshot) await shot(p, screenshot);
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await dialog.waitFor({ state: 'detached' });
  };

  it('creates a session, refusing dates out of order under the field', async () => {
    await create(page, EXAMENS, 'BTS', BTS);
    await save(page);
    await page.waitForURL(`**${EXAMENS}`);
    await page.getByRole('row').filter({ hasText: BTS }).waitFor();

    await fillSession(page, SESSION_2027, 2027, [
      '01/03/2027',
      '15/02/2027',
      '01/06/2027',
      '05/06/2027',
    ]);
    await save(page);
    await page.getByText('La clôture des inscriptions doit suivre leur ouverture.').waitFor();
    await expect(page.url()).toContain('/create');
    await shot(page, 'configuration-10-session-dates-refusees');

    await typeDate(page, /^Clôture des inscriptions/, '15/04/2027');
    await save(page);
    await page.waitForURL(/\/show$/);
    await page.getByText(`Session ${SESSION_2027} (2027)`).waitFor();
    await stepChip(page, 'Préparation').waitFor();
    for (const date of ['01/03/2027', '15/04/2027', '01/06/2027', '05/06/2027'])
      await page.getByText(date, { exact: true }).waitFor();
    await page.getByRole('link', { name: BTS }).waitFor();
    await shot(page, 'configuration-11-session-fiche');
  });

  it('opens its registration after confirmation, and refuses a second open session of the examen', async () => {
    await advanceTo(page, 'Inscriptions ouvertes', 'configuration-12-session-confirmation');
    await toast(page, 'La session est passée à l’étape « Inscriptions ouvertes ».').waitFor();
    await stepChip(page, 'Inscriptions ouvertes').waitFor();
    const first = page.url();

    await fillSession(page, SESSION_2028, 2028, [
      '01/03/2028',
      '15/04/2028',
      '01/06/2028',
      '01/06/2028',
    ]);
    await save(page);
    await page.waitForURL(/\/show$/);
    await page.getByText(`Session ${SESSION_2028} (2028)`).waitFor();
    await advanceTo(page, 'Inscriptions ouvertes');
    const refusal = page.locator('.toasts [role="alert"] .toast-text');
    await refusal.filter({ hasText: 'Une autre session' }).waitFor();
    await expect(
      refusal.filter({ hasText: 'Une autre session' }).first().innerText(),
    ).resolves.toBe('Une autre session de cet examen est déjà ouverte aux inscriptions.');
    await stepChip(page, 'Préparation').waitFor();
    await shot(page, 'configuration-13-deuxieme-session-refusee');

    // Both sessions listed with their step, the most recent registration window first.
    await open(page, SESSIONS);
    const rows = page.locator('tbody tr');
    await rows.nth(1).waitFor();
    await expect(rows.nth(0).innerText()).resolves.toContain(SESSION_2028);
    await rows.filter({ hasText: SESSION_2027 }).getByText('Inscriptions ouvertes').waitFor();
    await rows.filter({ hasText: SESSION_2028 }).getByText('Préparation').waitFor();
    await rows.filter({ hasText: SESSION_2027 }).getByText('15/04/2027').waitFor();
    await shot(page, 'configuration-14-sessions-liste');
    await open(page, first.slice(product.url.length));
  });

  it('moves the session through every step to its closing, then reads them in its history', async () => {
    await stepChip(page, 'Inscriptions ouvertes').waitFor();
    for (const label of NEXT_STEPS.slice(1)) {
      await advanceTo(page, label);
      await toast(page, `La session est passée à l’étape « ${label} ».`).waitFor();
      await stepChip(page, label).waitFor();
    }
    // Closed for good: neither a next step nor a modification is offered.
    await expect(page.getByRole('button', { name: /^Passer à l’étape/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Éditer' }).count()).resolves.toBe(0);
    await shot(page, 'configuration-15-session-cloturee');

    await page.getByRole('tab', { name: 'Historique' }).click();
    await page.getByRole('cell', { name: 'Création', exact: true }).waitFor();
    const steps = page.getByRole('row').filter({
      has: page.getByRole('cell', { name: 'Changement d’étape', exact: true }),
    });
    await steps.nth(NEXT_STEPS.length - 1).waitFor();
    await expect(steps.count()).resolves.toBe(NEXT_STEPS.length);
    await steps.filter({ hasText: 'Délibération → Clôturée' }).waitFor();
    await shot(page, 'configuration-16-session-historique');
  });

  it('refuses an épreuve with coefficient 0, then saves 2,5 and lists it', async () => {
    await create(page, EPREUVES, 'BTS-MATH', 'Mathématiques appliquées');
    await choose(page, /^Examen/, 'Brevet', BTS);
    await expect(page.getByLabel(/^Coefficient/).inputValue()).resolves.toBe('1');
    await page.getByLabel(/^Type d’épreuve/).click();
    await page.getByRole('option', { name: 'Orale', exact: true }).click();
    await page.getByLabel(/^Coefficient/).fill('0');
    await save(page);
    await page
      .getByText('« Coefficient » doit être un nombre supérieur à 0 et au plus 100.', {
        exact: true,
      })
      .waitFor();
    await expect(page.url()).toContain('/create');
    await shot(page, 'configuration-17-epreuve-coefficient-refuse');
    // What is no number is refused under the field, in French, and nothing is sent.
    await page.getByLabel(/^Coefficient/).fill('2,5,1');
    await save(page);
    await page.getByText('Nombre invalide : saisissez par exemple 2,5 ou 12.').waitFor();
    await expect(page.url()).toContain('/create');
    // Typed as staff write it, with a comma, in a browser of any language; shown the same way.
    await page.getByLabel(/^Coefficient/).fill('2,5');
    await save(page);
    await page.waitForURL(`**${EPREUVES}`);
    const row = page.getByRole('row').filter({ hasText: 'BTS-MATH' });
    await row.getByText(BTS).waitFor();
    await expect(row.getByRole('cell').allInnerTexts()).resolves.toEqual(
      expect.arrayContaining(['2,5', 'Orale', 'Non']),
    );
    await shot(page, 'configuration-18-epreuve-liste');
  });

  it('creates a centre de dépôt, then an enrôleur attached to it', async () => {
    await create(page, CENTRES_DEPOT, 'CD-DLA', CENTRE_DEPOT);
    await choose(page, /^Département/, 'Wou', 'Wouri');
    await save(page);
    await page.waitForURL(`**${CENTRES_DEPOT}`);
    await page.getByRole('row').filter({ hasText: CENTRE_DEPOT }).waitFor();

    await open(page, `${ENROLEURS}/create`);
    await page.getByLabel(/^Nom/).fill('Ngo Biyong');
    await page.getByLabel(/^Prénoms/).fill('Esther');
    await page.getByLabel(/^Identifiant/).fill('esther.ngo@examens.local');
    await page.getByLabel(/^Téléphone/).fill('+237 699 00 11 22');
    await page.getByLabel(/^Profil/).click();
    await page.getByRole('option', { name: 'Administrateur', exact: true }).click();
    await page.getByLabel(/^Mot de passe provisoire/).fill('Enroleur-Provisoire-2026');
    await page
      .getByLabel(/^Confirmation du mot de passe provisoire/)
      .fill('Enroleur-Provisoire-2026');
    // The centre is required before anything is sent.
    await save(page);
    await page.getByText('« Centre de dépôt » est obligatoire.').waitFor();
    await choose(page, /^Centre de dépôt/, 'Douala', CENTRE_DEPOT);
    await shot(page, 'configuration-19-enroleur-formulaire');
    await save(page);
    await page.waitForURL(/\/show$/);
    await page.getByText('Enrôleur Esther Ngo Biyong').waitFor();
    await page.getByRole('link', { name: CENTRE_DEPOT }).waitFor();

    await open(page, ENROLEURS);
    const row = page.getByRole('row').filter({ hasText: 'esther.ngo@examens.local' });
    await row.getByText(CENTRE_DEPOT).waitFor();
    await row.getByText('Actif', { exact: true }).waitFor();
    await shot(page, 'configuration-20-enroleurs-liste');
    expect(pageErrors).toEqual([]);
  });
  /** Whether an image of the page was fetched and decoded (a refused or missing one has no size). */
  const drawn = imageDrawn;
  const fileInput = (p: Page) => p.locator('input[type="file"]');

  it('creates a signatory with the image of their signature, refusing what is not an image', async () => {
    await create(page, SIGNATAIRES, 'MIN', 'Le Ministre');
    await page.getByLabel(/^Titre ou fonction/).fill('Ministre de l’Emploi');
    await page.getByLabel('Signe les diplômes').check();
    await page.getByRole('button', { name: 'Choisir une image' }).waitFor();

    // A text file named .png: judged on its bytes by the server, refused in French.
    await fileInput(page).setInputFiles({
      name: 'signature.png',
      mimeType: 'image/png',
      buffer: Buffer.from('Ceci est un texte, pas une image.\n'),
    });
    await page.getByText('Le fichier doit être une image PNG ou JPEG.', { exact: true }).waitFor();
    await shot(page, 'configuration-21-signature-refusee');
    // Over 1 MB: refused before sending, in the server's words.
    await fileInput(page).setInputFiles({
      name: 'grande.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([signaturePng(), Buffer.alloc(1024 * 1024)]),
    });
    await page.getByText('Le contenu envoyé est trop volumineux.', { exact: true }).waitFor();
    // Nothing kept: the form is not sent without its image.
    await save(page);
    await page.getByText('Le contenu envoyé est trop volumineux.', { exact: true }).waitFor();
    await expect(page.url()).toContain('/create');

    await fileInput(page).setInputFiles({
      name: 'signature.png',
      mimeType: 'image/png',
      buffer: signaturePng(),
    });
    const preview = 'Aperçu : Signature (image)';
    await page.getByRole('img', { name: preview }).waitFor();
    await expect(drawn(page, preview)).resolves.toBe(true);
    await expect(page.getByText('Le contenu envoyé est trop volumineux.').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Choisir une autre image' }).waitFor();
    await shot(page, 'configuration-22-signature-apercu');

    await save(page);
    await page.waitForURL(`**${SIGNATAIRES}`);
    const row = page.getByRole('row').filter({ hasText: 'Le Ministre' });
    await row.getByText('Ministre de l’Emploi').waitFor();
    await row.getByText('Le Ministre').click();
    await page.waitForURL(/\/show$/);
    await page.getByText('Signataire MIN — Le Ministre').waitFor();
    await page.getByRole('img', { name: 'Signature (image)', exact: true }).waitFor();
    await expect(drawn(page, 'Signature (image)')).resolves.toBe(true);
    await shot(page, 'configuration-23-signataire-fiche');
    expect(pageErrors).toEqual([]);
  });

  it('shows the documents’ demonstration certificate above the signatories, deposits the office’s own, then revokes it', async () => {
    await open(page, SIGNATAIRES);
    const panel = page.getByRole('region', { name: 'Certificat de signature du document' });
    await panel.getByText('certificat de démonstration', { exact: true }).waitFor();
    await panel
      .getByText(/CN=Examens Pro — certificat de démonstration/)
      .first()
      .waitFor();
    await panel.getByText(/Déposez le certificat du bureau des examens/).waitFor();
    await shot(page, 'configuration-24-certificat-demonstration');

    // The office's PKCS#12, as a certification authority would hand it over.
    const p12 = opensslPkcs12(
      '/CN=Bureau des examens/O=Ministère de l’Emploi/C=CM',
      'Secret-Du-Bureau-2026',
    );
    await panel.getByLabel('Fichier du certificat (.p12 ou .pfx)').setInputFiles({
      name: 'bureau.p12',
      mimeType: 'application/x-pkcs12',
      buffer: p12,
    });
    await panel.getByText('bureau.p12', { exact: true }).waitFor();
    await panel.getByLabel('Mot de passe du certificat').fill('mauvais');
    await panel.getByRole('button', { name: 'Déposer ce certificat' }).click();
    // Refused under the password field, nothing changed.
    await panel
      .getByText('Le mot de passe du certificat est incorrect.', { exact: true })
      .waitFor();
    await expect(
      panel.getByLabel('Mot de passe du certificat').getAttribute('aria-invalid'),
    ).resolves.toBe('true');
    await shot(page, 'configuration-25-certificat-mot-de-passe');
    await panel.getByLabel('Mot de passe du certificat').fill('Secret-Du-Bureau-2026');
    await panel.getByRole('button', { name: 'Déposer ce certificat' }).click();
    await toast(page, 'Certificat de signature déposé (version 2).').waitFor();
    await panel
      .getByText('CN=Bureau des examens, O=Ministère de l’Emploi, C=CM', { exact: true })
      .first()
      .waitFor();
    await expect(
      panel.getByText('certificat de démonstration', { exact: true }).count(),
    ).resolves.toBe(0);
    await panel.getByText(/^2, déposée le .* par /).waitFor();
    // Its validity in French, to the minute.
    await panel
      .getByText(/^du \d\d\/\d\d\/\d{4} à \d\d h \d\d au \d\d\/\d\d\/\d{4} à \d\d h \d\d$/)
      .waitFor();
    await shot(page, 'configuration-26-certificat-depose');

    await panel.getByRole('button', { name: 'Révoquer ce certificat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Révoquer le certificat de signature ?' });
    await dialog.getByRole('button', { name: 'Révoquer' }).click();
    await dialog.getByText('Indiquez le motif de la révocation.').waitFor();
    await dialog.getByLabel('Motif de la révocation').fill('Clé remise à un agent parti');
    await dialog.getByRole('button', { name: 'Révoquer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByText('révoqué', { exact: true }).waitFor();
    await panel.getByText(/motif : Clé remise à un agent parti/).waitFor();
    await shot(page, 'configuration-27-certificat-revoque');
    expect(pageErrors).toEqual([]);
  });

  it('creates a filière in the métiers’ tab, then a métier of that filière', async () => {
    await open(page, METIERS);
    for (const tab of ['Métiers', 'Filières', 'Corps de métiers'])
      await page.getByRole('tab', { name: tab, exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Filières', exact: true }).click();
    await page.waitForURL(`**${FILIERES}`);
    await page.getByRole('tab', { name: 'Filières', exact: true, selected: true }).waitFor();
    await page.getByText(/^Pas encore de /).waitFor();
    await page.getByRole('link', { name: 'Créer' }).click();
    await page.waitForURL(`**${FILIERES}/create`);
    await page.getByLabel(/^Code/).fill('btp');
    await page.getByLabel(/^Libellé/).fill(BTP);
    await save(page);
    await page.waitForURL(`**${FILIERES}`);
    await page.getByRole('row').filter({ hasText: BTP }).getByText('BTP').waitFor();
    await shot(page, 'configuration-24-filieres');

    // Its page, with its history, like any list's.
    await page.getByRole('row').filter({ hasText: BTP }).getByText(BTP).click();
    await page.waitForURL(/\/filieres\/.+\/show$/);
    await page.getByText(`Filière BTP — ${BTP}`).waitFor();
    await page.getByRole('tab', { name: 'Historique' }).click();
    await page.getByRole('cell', { name: 'Création', exact: true }).waitFor();

    await open(page, FILIERES);
    await page.getByRole('tab', { name: 'Métiers', exact: true }).click();
    await page.waitForURL(`**${METIERS}`);
    await open(page, `${METIERS}/create`);
    await page.getByLabel(/^Code/).fill('MACON');
    await page.getByLabel(/^Libellé/).fill('Maçonnerie');
    await choose(page, /^Filière/, 'Bâti', BTP);
    await shot(page, 'configuration-25-metier-filiere');
    await save(page);
    await page.waitForURL(`**${METIERS}`);
    const row = page.getByRole('row').filter({ hasText: 'Maçonnerie' });
    await row.getByText(BTP).waitFor();
    await shot(page, 'configuration-26-metiers-liste');
    expect(pageErrors).toEqual([]);
  });

  /** Clicks an export button and opens the downloaded workbook's first sheet. */
  const downloadXlsx = async (p: Page, name: string) => {
    const downloaded = p.waitForEvent('download');
    await p.getByRole('button', { name: 'Exporter (XLSX)' }).click();
    const download = await downloaded;
    // Written by the server, named after the list and the day: `metiers-DD-MM-YYYY.xlsx`.
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${name}-\\d{2}-\\d{2}-\\d{4}\\.xlsx$`),
    );
    const file = join(ARTIFACTS, `configuration-${name}.xlsx`);
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    return {
      sheet,
      /** Cells of a row as values, first column first. */
      row: (n: number) => (sheet.getRow(n).values as unknown[]).slice(1),
    };
  };

  it('exports the métiers as XLSX, same columns as the CSV, references by their libellé', async () => {
    await open(page, METIERS);
    await page.getByRole('row').filter({ hasText: 'Maçonnerie' }).waitFor();
    await page.getByRole('button', { name: 'Exporter (CSV)' }).waitFor();
    const { sheet, row } = await downloadXlsx(page, 'metiers');
    expect(row(1)).toEqual([
      'Code',
      'Libellé',
      'Filière',
      'Corps de métier',
      'Statut',
      'Modifié le',
      'Modifié par',
    ]);
    expect(sheet.rowCount).toBe(2);
    const [code, libelle, filiere, , statut, modifie, par] = row(2);
    expect([code, libelle, filiere, statut, par]).toEqual([
      'MACON',
      'Maçonnerie',
      BTP,
      'Actif',
      'Premier Administrateur',
    ]);
    // A real date, shown as staff read it.
    expect(modifie).toBeInstanceOf(Date);
    expect(sheet.getRow(2).getCell(6).numFmt).toMatch(/^dd\/mm\/yyyy/);
  });

  it('exports the sessions as XLSX with numbers and dates as such', async () => {
    await open(page, SESSIONS);
    await page.locator('tbody tr').nth(1).waitFor();
    const { row } = await downloadXlsx(page, 'sessions');
    expect(row(1).slice(0, 4)).toEqual([
      'Libellé',
      'Examen',
      'Année',
      'Ouverture des inscriptions',
    ]);
    const [libelle, examen, annee, ouverture] = row(2);
    expect([libelle, examen, annee]).toEqual([SESSION_2028, BTS, 2028]);
    expect((ouverture as Date).toISOString().slice(0, 10)).toBe('2028-03-01');
    await shot(page, 'configuration-27-sessions-export');
    expect(pageErrors).toEqual([]);
  });
});
