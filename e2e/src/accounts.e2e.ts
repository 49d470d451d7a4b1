import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ADMIN,
  adminEnvironment,
  signIn,
  signInAndChangePassword,
  submitPasswordChange,
} from './accounts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ARTIFACTS,
  browserAvailable,
  dashboardMenu,
  expandMenu,
  launchBrowser,
  menuEntry,
  shot,
  startProduct,
  type Product,
} from './harness';

/**
 * Accounts, sign-in and the dashboard's shell, on the embedded product started on empty data: the
 * first administrator is all there is, as on an office's first day.
 */
const run = browserAvailable() ? describe : describe.skip;

const PROFILE = 'Consultation des listes';
const USER = {
  nom: 'Kouassi',
  prenoms: 'Awa Mariam',
  login: 'awa.kouassi@examens.local',
  telephone: '+225 07 08 09 10 11',
  temporaryPassword: 'Bienvenue-Examens-2026',
  password: 'Awa-Kouassi-2026!',
  displayName: 'Awa Mariam KOUASSI',
};
const MAINTENANCE_MESSAGE = 'Mise à jour des listes en cours : retour prévu à 14 h.';

const METIERS = '/tableau-de-bord/configuration/metiers';
const NOTES = '/tableau-de-bord/espace-examen/notes/liste-des-notes';
const UTILISATEURS = '/tableau-de-bord/utilisateurs-profils/utilisateurs';
const PROFILS = '/tableau-de-bord/utilisateurs-profils/profils';
const JOURNAL = '/tableau-de-bord/utilisateurs-profils/journal-des-connexions';

run('parcours : comptes, connexion et tableau de bord (mode embarqué)', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct(adminEnvironment());
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const open = (p: Page, path: string) => p.goto(`${product.url}${path}`);
  const pathOf = (p: Page) => new URL(p.url()).pathname;
  /** A notification of any kind: errors are role alert, the others role status, in one bar. */
  const toast = (p: Page, text: string) => p.locator('.toasts > *').filter({ hasText: text });
  /** Waits (at most 10 s) until the page shows what `check` looks for. */
  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('La page n’a pas atteint l’état attendu.');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('sends an anonymous visitor of a dashboard page to the sign-in page, in French', async () => {
    await open(page, METIERS);
    await page.waitForURL(/\/connexion\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('error')).toBe('SessionRequired');
    expect(url.searchParams.get('callbackUrl')).toBe(METIERS);
    await expect(page.getByRole('alert').innerText()).resolves.toBe(
      'Veuillez vous connecter pour accéder à cette page.',
    );
    await shot(page, 'comptes-01-connexion-requise');
  });

  it('confines the first administrator to the password change until a good password is chosen', async () => {
    // A wrong password first: refused with the French message, the form stays.
    await signIn(page, product.url, ADMIN.login, 'Pas-le-bon-2026');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Identifiant ou mot de passe incorrect.' })
      .waitFor();
    expect(pathOf(page)).toBe('/connexion');

    await signIn(page, product.url, ADMIN.login, ADMIN.temporaryPassword);
    await page.waitForURL(`${product.url}/change-password`);
    await page.getByText('Votre mot de passe est provisoire').waitFor();
    await shot(page, 'comptes-02-changement-impose');

    // Any other page sends them back while the password is temporary.
    await open(page, '/tableau-de-bord');
    await page.waitForURL(`${product.url}/change-password`);

    await submitPasswordChange(page, ADMIN.temporaryPassword, 'azerty123');
    await page
      .getByRole('alert')
      .filter({
        hasText: 'Ce mot de passe fait partie des plus courants : choisissez-en un autre.',
      })
      .waitFor();
    expect(pathOf(page)).toBe('/change-password');
    await shot(page, 'comptes-03-mot-de-passe-trop-courant');

    // The password chosen, the user lands on the dashboard, not on the public home.
    await submitPasswordChange(page, ADMIN.temporaryPassword, ADMIN.password);
    await page.waitForURL((url) => url.href.startsWith(`${product.url}/tableau-de-bord`));
    await toast(page, 'Votre mot de passe a été changé.').waitFor();
    await page.getByRole('heading', { name: `Bonjour, ${ADMIN.displayName}` }).waitFor();

    await open(page, '/tableau-de-bord');
    await page.getByRole('heading', { name: `Bonjour, ${ADMIN.displayName}` }).waitFor();
    await shot(page, 'comptes-04-accueil-administrateur');
  });

  it('creates a read-only profile, then a user with it and a temporary password', async () => {
    await (await menuEntry(page, { name: 'Profils' })).click();
    await page.waitForURL(`**${PROFILS}`);
    await page.getByRole('link', { name: 'Créer' }).click();
    await page.waitForURL(`**${PROFILS}/create`);
    await page.getByLabel(/^Libellé/).fill(PROFILE);
    await page.getByLabel('Lister les utilisateurs', { exact: true }).check();
    await page.getByLabel('Lister les profils', { exact: true }).check();
    await page.getByText('Permissions (2 cochées)').waitFor();
    await shot(page, 'comptes-05-profil-a-creer');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/show$/);
    await toast(page, 'Élément créé').waitFor();
    // The show page reads the permissions as sentences, and only the two chosen.
    const permissions = page.locator('#main-content li');
    await permissions.first().waitFor();
    await expect(permissions.allInnerTexts()).resolves.toEqual([
      'Lister les profils',
      'Lister les utilisateurs',
    ]);

    await (await menuEntry(page, { name: 'Utilisateurs' })).click();
    await page.waitForURL(`**${UTILISATEURS}`);
    await page.getByRole('link', { name: 'Créer' }).click();
    await page.waitForURL(`**${UTILISATEURS}/create`);
    await page.getByLabel(/^Nom/).fill(USER.nom);
    await page.getByLabel(/^Prénoms/).fill(USER.prenoms);
    await page.getByLabel(/^Identifiant/).fill(USER.login);
    await page.getByLabel(/^Téléphone/).fill(USER.telephone);
    await page.getByRole('combobox', { name: /^Profil/ }).click();
    await page.getByRole('option', { name: PROFILE }).click();
    await page.getByLabel(/^Mot de passe provisoire/).fill(USER.temporaryPassword);
    await page.getByLabel(/^Confirmation du mot de passe provisoire/).fill(USER.temporaryPassword);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/show$/);
    await page.getByText(USER.login).waitFor();
    await page.getByText(PROFILE).waitFor();
    await page.getByText('Provisoire : à changer à la prochaine connexion').waitFor();
    await shot(page, 'comptes-06-utilisateur-cree');
  });

  it('switches to the dark theme, keeps it across a reload, and back to light', async () => {
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const themeCookie = async () =>
      (await context.cookies(product.url)).find((c) => c.name === 'theme')?.value;

    await open(page, '/tableau-de-bord');
    await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    await expect(theme()).resolves.toBe('light');
    await page.getByRole('button', { name: 'Thème sombre' }).click();
    await page.getByRole('button', { name: 'Thème clair' }).waitFor();
    await expect(theme()).resolves.toBe('dark');
    await expect(themeCookie()).resolves.toBe('dark');

    await page.reload();
    await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    await expect(theme()).resolves.toBe('dark');
    // The dashboard's own palette follows, not only the attribute.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    expect(background).not.toBe('rgb(245, 246, 250)');
    await shot(page, 'comptes-07-theme-sombre');

    // Back to light from the user menu this time.
    await page.getByRole('button', { name: 'Menu utilisateur' }).click();
    await page.getByRole('menuitem', { name: 'Thème clair' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Thème sombre' }).waitFor();
    await expect(theme()).resolves.toBe('light');
    await expect(themeCookie()).resolves.toBe('light');
  });

  it('keeps an error notification until it is closed; a success one hides by itself', async () => {
    // The same login twice: the server's 409 in French, as an error notification.
    await open(page, `${UTILISATEURS}/create`);
    await page.getByLabel(/^Nom/).fill('Doublon');
    await page.getByLabel(/^Prénoms/).fill('Essai');
    await page.getByLabel(/^Identifiant/).fill(USER.login);
    await page.getByLabel(/^Téléphone/).fill('+225 01 02 03 04 05');
    await page.getByRole('combobox', { name: /^Profil/ }).click();
    await page.getByRole('option', { name: PROFILE }).click();
    await page.getByLabel(/^Mot de passe provisoire/).fill('Doublon-Essai-2026');
    await page.getByLabel(/^Confirmation du mot de passe provisoire/).fill('Doublon-Essai-2026');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const duplicate = page
      .getByRole('alert')
      .filter({ hasText: 'Cet identifiant est déjà utilisé.' });
    await duplicate.waitFor();
    // Longer than a success toast lives (3000 ms): an error stays.
    await page.waitForTimeout(4000);
    await expect(duplicate.isVisible()).resolves.toBe(true);
    expect(pathOf(page)).toBe(`${UTILISATEURS}/create`);
    await shot(page, 'comptes-08-erreur-persistante');
    await duplicate.getByRole('button', { name: 'Fermer' }).click();
    await duplicate.waitFor({ state: 'detached' });

    // A profile in use cannot be deleted: 409, the French reason, closed by hand as well.
    await open(page, PROFILS);
    await page.getByText(PROFILE).click();
    await page.waitForURL(/\/show$/);
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    const inUse = page
      .getByRole('alert')
      .filter({ hasText: 'Ce profil est attribué à 1 utilisateur' });
    await inUse.waitFor();
    await shot(page, 'comptes-09-profil-utilise');
    await inUse.getByRole('button', { name: 'Fermer' }).click();
    await inUse.waitFor({ state: 'detached' });
    await page.getByText(PROFILE).first().waitFor();

    // A success: saving one's own account, whose notification leaves after about 3 s.
    await page.getByRole('button', { name: 'Menu utilisateur' }).click();
    await page.getByRole('menuitem', { name: 'Mon compte' }).click();
    await page.waitForURL('**/tableau-de-bord/mon-compte');
    // The form holds the account once it is loaded: a value typed before that is reset by the
    // loaded record and the button stays disabled (seen once on a busy CI machine).
    const nom = page.getByLabel(/^Nom/).first();
    for (let i = 0; i < 100 && (await nom.inputValue()) === ''; i += 1)
      await page.waitForTimeout(100);
    await page.getByLabel(/^Téléphone/).fill('+225 27 20 00 00 00');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    const saved = toast(page, 'Votre compte a été enregistré.');
    await saved.waitFor();
    const shownAt = Date.now();
    await saved.waitFor({ state: 'detached', timeout: 6000 });
    const lifetime = Date.now() - shownAt;
    expect(lifetime).toBeGreaterThan(2000);
    expect(lifetime).toBeLessThan(5000);
  });

  it('signs out from the user menu; the dashboard then asks to sign in again', async () => {
    await open(page, UTILISATEURS);
    await page.getByText(USER.login).waitFor();
    await page.getByRole('button', { name: 'Menu utilisateur' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.waitForURL(`${product.url}/connexion`);
    await shot(page, 'comptes-10-deconnecte');

    // The page before is in the history, the session is not.
    await page.goBack();
    await page.waitForURL(/\/connexion\?error=SessionRequired/);
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(UTILISATEURS);
    await page.getByText('Veuillez vous connecter pour accéder à cette page.').waitFor();

    await open(page, '/tableau-de-bord');
    await page.waitForURL(/\/connexion\?error=SessionRequired/);

    // And the API says so too.
    const answer = await page.request.get(`${product.url}/api/utilisateurs`);
    expect(answer.status()).toBe(401);
  });

  it('lets the new user in after their own password change, with only their screens', async () => {
    await open(page, '/connexion');
    await signInAndChangePassword(
      page,
      product.url,
      USER.login,
      USER.temporaryPassword,
      USER.password,
    );
    await open(page, '/tableau-de-bord');
    await page.getByRole('heading', { name: `Bonjour, ${USER.displayName}` }).waitFor();
    await page.getByText(`Profil : ${PROFILE}`).waitFor();
    // Every group of the menu opened: the sections that hold their screens, and those screens.
    await expandMenu(page);
    await expect(dashboardMenu(page).getByRole('button').allInnerTexts()).resolves.toEqual([
      'Tableau de bord',
      'Utilisateurs & profils',
    ]);
    await expect(dashboardMenu(page).getByRole('link').allInnerTexts()).resolves.toEqual([
      'Mon compte',
      'Accueil',
      'Informations',
      'Utilisateurs',
      'Profils',
    ]);
    await shot(page, 'comptes-11-menu-restreint');

    // Typing the address of a screen they may not open is refused by the server's answer.
    for (const path of [METIERS, NOTES]) {
      await open(page, path);
      await page.waitForURL(`${product.url}/acces-non-autorise`);
      await page.getByRole('heading', { name: 'Accès Interdit' }).waitFor();
    }
    await shot(page, 'comptes-12-acces-interdit');

    // What they may read works, without the buttons to change it.
    await open(page, UTILISATEURS);
    await page.getByRole('cell', { name: USER.login }).waitFor();
    await page.getByRole('cell', { name: ADMIN.login }).waitFor();
    await expect(page.getByRole('link', { name: 'Créer' }).count()).resolves.toBe(0);
    await shot(page, 'comptes-13-liste-en-lecture');
  });

  it('shows the administrator the sign-in journal, newest first, filtered and exported', async () => {
    const adminContext = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'fr-FR',
      acceptDownloads: true,
    });
    try {
      const admin = await adminContext.newPage();
      await signIn(admin, product.url, ADMIN.login, ADMIN.password);
      await admin.waitForURL(`${product.url}/tableau-de-bord`);
      await (await menuEntry(admin, { name: 'Journal des connexions' })).click();
      await admin.waitForURL(`**${JOURNAL}`);
      const rows = admin.locator('#main-content tbody tr');
      // Newest first: the administrator's sign-in of a moment ago (read again until projected).
      await until(async () => {
        const first = await rows
          .first()
          .innerText({ timeout: 5000 })
          .catch(() => '');
        if (first.includes(ADMIN.login) && first.includes('Connexion réussie')) return true;
        await admin.reload();
        return false;
      });
      const texts = await rows.allInnerTexts();
      const has = (login: string, type: string) =>
        texts.some((row) => row.includes(login) && row.includes(type));
      // The wrong password of the first morning, the sign-out, the new user's first steps.
      expect(has(ADMIN.login, 'Échec de connexion')).toBe(true);
      expect(texts.join('\n')).toContain('Mot de passe incorrect');
      expect(has(ADMIN.login, 'Déconnexion')).toBe(true);
      expect(has(ADMIN.login, 'Mot de passe changé')).toBe(true);
      expect(has(USER.login, 'Connexion réussie')).toBe(true);
      expect(has(USER.login, 'Mot de passe changé')).toBe(true);
      // Address and browser of each line.
      expect(texts[0]).toMatch(/127\.0\.0\.1/);
      expect(texts[0]).toMatch(/Chrome/);
      await shot(admin, 'comptes-13b-journal-des-connexions');

      // Only the failures…
      await admin.getByRole('combobox', { name: 'Type' }).click();
      await admin.getByRole('option', { name: 'Échec de connexion' }).click();
      await until(async () => {
        const shown = await rows.allInnerTexts();
        return shown.length > 0 && shown.every((row) => row.includes('Échec de connexion'));
      });
      // …then one user's lines only (the filters cleared first).
      await open(admin, `${JOURNAL}?filter=%7B%7D`);
      await admin.getByPlaceholder('Rechercher (identifiant, adresse IP)').fill('awa.kouassi');
      await until(async () => {
        const shown = await rows.allInnerTexts();
        return shown.length > 0 && shown.every((row) => row.includes(USER.login));
      });

      const downloaded = admin.waitForEvent('download');
      await admin.getByRole('button', { name: 'Exporter (CSV)' }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(/^journal-connexions-.*\.csv$/);
      const file = join(ARTIFACTS, 'comptes-journal-des-connexions.csv');
      await download.saveAs(file);
      const csv = readFileSync(file, 'utf8');
      expect(csv.startsWith('\ufeffDate;Identifiant;Type;Détail;Adresse IP;Navigateur')).toBe(true);
      expect(csv).toContain(`${USER.login};Mot de passe changé`);
      expect(csv).not.toContain(ADMIN.login);
      // Never a password, in any line.
      for (const password of [USER.password, USER.temporaryPassword, ADMIN.password])
        expect(csv).not.toContain(password);
    } finally {
      await adminContext.close();
    }
  });

  it('opens the métiers screen on its Filières tab alone for a holder of the filières only', async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const holderContext = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'fr-FR',
    });
    try {
      // The profile and the account, made through the API by the administrator.
      const admin = await adminContext.newPage();
      await signIn(admin, product.url, ADMIN.login, ADMIN.password);
      await admin.waitForURL(`${product.url}/tableau-de-bord`);
      const { csrfToken } = (await (
        await admin.request.get(`${product.url}/api/auth/csrf`)
      ).json()) as { csrfToken: string };
      const headers = { 'x-csrf-token': csrfToken };
      const profile = await admin.request.post(`${product.url}/api/profils`, {
        headers,
        data: { libelle: 'Filières seulement', permissions: ['configuration.filieres'] },
      });
      expect(profile.status()).toBe(201);
      const account = await admin.request.post(`${product.url}/api/utilisateurs`, {
        headers,
        data: {
          nom: 'Ngono',
          prenoms: 'Marie',
          login: 'marie.ngono@examens.local',
          telephone: '+237 699 00 00 01',
          profilId: ((await profile.json()) as { id: string }).id,
          motDePasse: 'Filieres-Provisoire-1',
        },
      });
      expect(account.status()).toBe(201);

      const holder = await holderContext.newPage();
      await signInAndChangePassword(
        holder,
        product.url,
        'marie.ngono@examens.local',
        'Filieres-Provisoire-1',
        'Filieres-Personnel-2',
      );
      await open(holder, '/tableau-de-bord');
      await (await menuEntry(holder, { name: 'Métiers' })).click();
      await holder.waitForURL(`**${METIERS}/filieres`);
      await holder.getByRole('tab', { name: 'Filières', selected: true }).waitFor();
      await holder.getByRole('link', { name: 'Créer' }).waitFor();
      // Neither the Métiers tab (its list is written with "Configurer les métiers") nor the corps'.
      await expect(holder.getByRole('tab').allTextContents()).resolves.toEqual(['Filières']);
      await shot(holder, 'comptes-13c-onglet-filieres-seul');
    } finally {
      await adminContext.close();
      await holderContext.close();
    }
  });

  it('shows the maintenance notice to the public while the administrator switches it on', async () => {
    const adminContext = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'fr-FR',
    });
    const publicContext = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'fr-FR',
    });
    try {
      const admin = await adminContext.newPage();
      await signIn(admin, product.url, ADMIN.login, ADMIN.password);
      await admin.waitForURL(`${product.url}/tableau-de-bord`);
      await (await menuEntry(admin, { name: 'Informations' })).click();
      await admin.waitForURL('**/tableau-de-bord/informations');
      await admin.getByLabel('Message de maintenance (facultatif)').fill(MAINTENANCE_MESSAGE);
      await admin.getByRole('button', { name: 'Activer le mode maintenance' }).click();
      await admin.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
      await toast(admin, 'Mode maintenance activé.').waitFor();
      await admin.getByText(`Message : « ${MAINTENANCE_MESSAGE} »`).waitFor();
      // A full-page shot of a scrolled page draws the fixed app bar mid-page: back to the top.
      await admin.getByRole('dialog').waitFor({ state: 'detached' });
      await admin.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      await shot(admin, 'comptes-14-maintenance-activee');

      const visitor = await publicContext.newPage();
      await open(visitor, '/');
      await visitor.waitForURL(`${product.url}/maintenance`);
      await visitor.getByRole('heading', { name: 'Site en maintenance' }).waitFor();
      await visitor.getByText(MAINTENANCE_MESSAGE).waitFor();
      await shot(visitor, 'comptes-15-page-maintenance');
      // Staff can still reach the sign-in page.
      await open(visitor, '/connexion');
      await visitor.getByRole('button', { name: 'Se connecter' }).waitFor();
      expect(pathOf(visitor)).toBe('/connexion');

      await admin.getByRole('button', { name: 'Désactiver le mode maintenance' }).click();
      await admin.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
      await toast(admin, 'Mode maintenance désactivé.').waitFor();

      await open(visitor, '/');
      await visitor.getByRole('link', { name: 'Accéder au tableau de bord' }).waitFor();
      expect(pathOf(visitor)).toBe('/');
      await shot(visitor, 'comptes-16-accueil-rouvert');
    } finally {
      await adminContext.close();
      await publicContext.close();
    }
  });
  it('reloads at the next navigation once a new build is published', async () => {
    await open(page, '/tableau-de-bord');
    await page.getByText(/^Bonjour, /).waitFor();
    // A marker that only a full page load wipes out.
    await page.evaluate(() => Object.assign(window, { sansRechargement: true }));
    await page.route('**/builds/latest.json*', (route) =>
      route.fulfill({ json: { id: 'version-suivante', builtAt: new Date().toISOString() } }),
    );
    try {
      const polled = page.waitForRequest(/\/builds\/latest\.json\?t=\d+/);
      // Seed §7: the id is polled; a regained focus polls at once.
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await polled;
      // Nothing happens while the user stays on the page…
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => 'sansRechargement' in window)).toBe(true);
      // …the next navigation loads the new build.
      const reloaded = page.waitForEvent('load');
      await (await menuEntry(page, { name: 'Informations' })).click();
      await reloaded;
      await page.waitForURL('**/tableau-de-bord/informations');
      expect(await page.evaluate(() => 'sansRechargement' in window)).toBe(false);
    } finally {
      await page.unroute('**/builds/latest.json*');
    }
  });

  it('reloads once when a chunk of the application fails to load (a build replaced it)', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const visitor = await fresh.newPage();
      let refused = 0;
      // The dashboard's chunk is gone (as after a deployment): its preload and its import both
      // fail, which reloads the page once; then it is served again. (A failed preload alone is
      // retried by the import without a reload.)
      await visitor.route(/\/assets\/Dashboard-[^/]+\.js$/, (route) =>
        refused++ < 2 ? route.abort() : route.continue(),
      );
      await open(visitor, '/tableau-de-bord');
      // Unauthenticated: the guard sends to sign-in before the chunk is needed, so sign in first.
      await visitor.waitForURL(/\/connexion\?/);
      await signIn(visitor, product.url, USER.login, USER.password);
      await visitor.getByText(/^Bonjour, /).waitFor();
      expect(refused).toBeGreaterThanOrEqual(3);
      expect(
        await visitor.evaluate(() => sessionStorage.getItem('examens-pro:rechargement')),
      ).toMatch(/^\d+$/);
    } finally {
      await fresh.close();
    }
  });
});
