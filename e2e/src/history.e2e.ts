import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { adminEnvironment, signInAndChangePassword, signInFirstAdministrator } from './accounts';
import {
  browserAvailable,
  launchBrowser,
  openFromMenu,
  shot,
  startProduct,
  typeDate,
  type Product,
} from './harness';

/**
 * « Historique des modifications » on a fresh embedded product: dossiers registered, modified,
 * submitted and rejected at two centres de dépôt; the administrator reads every change (who,
 * when, what, each field before → after), filters them by statut and by agent and exports them;
 * an enrôleur of one centre reads that centre's changes only.
 */
const run = browserAvailable() ? describe : describe.skip;

const DASHBOARD = '/tableau-de-bord';
const HISTORIQUE = `${DASHBOARD}/inscription/candidats/historique-modification`;

run('Inscription : historique des modifications des dossiers', () => {
  let product: Product;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    product = await startProduct(adminEnvironment());
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1400, height: 900 },
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

  /** A command of the API, signed with the session's CSRF token. */
  const api = async (
    method: 'POST' | 'PUT',
    path: string,
    data: Record<string, unknown>,
    ifMatch?: number,
  ) => {
    const { csrfToken } = (await (
      await page.request.get(`${product.url}/api/auth/csrf`)
    ).json()) as { csrfToken: string };
    const response = await page.request.fetch(`${product.url}${path}`, {
      method,
      data,
      headers: {
        'x-csrf-token': csrfToken,
        ...(ifMatch === undefined ? {} : { 'if-match': `W/"${ifMatch}"` }),
      },
    });
    expect([path, response.status() < 300 ? 'ok' : await response.text()]).toEqual([path, 'ok']);
    return (await response.json()) as { id: string; revision: number };
  };
  const first = async (path: string, q: string) => {
    const response = await page.request.get(
      `${product.url}/api/${path}?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
    );
    return ((await response.json()) as { id: string }[])[0]!.id;
  };
  /** Waits until `count` answers `expected` (10 s at most), then checks it. */
  const until = async (count: () => Promise<number>, expected: number) => {
    const deadline = Date.now() + 10_000;
    while ((await count()) !== expected && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await count()).toBe(expected);
  };
  const ids: Record<string, string> = {};
  const form = (nom: string, prenoms: string, dateNaissance: string, centre: string) => ({
    sessionId: ids.session,
    metierId: ids.metier,
    centreDepotId: centre,
    categorie: 'libre',
    apprentiId: null,
    patronId: null,
    nom,
    prenoms,
    sexe: 'M',
    dateNaissance,
    lieuNaissance: 'Douala',
    nationalite: 'Camerounaise',
    telephone: '677001122',
    matricule: '',
    datePremierePriseService: null,
    niveauId: ids.niveau,
    langueId: null,
    handicapId: null,
  });

  it('registers, modifies, submits and rejects dossiers at two centres', async () => {
    await page.goto(`${product.url}${DASHBOARD}`);
    await page.waitForURL(/\/connexion/);
    await signInFirstAdministrator(page, product.url);
    const examen = await api('POST', '/api/examens', {
      code: 'CQP',
      libelle: 'Certificat de qualification professionnelle',
      noteDePassage: 10,
      noteEliminatoire: 5,
    });
    const session = await api('POST', '/api/sessions', {
      examenId: examen.id,
      annee: 2027,
      libelle: 'CQP session de juin 2027',
      ouvertureInscriptions: '2026-10-01',
      clotureInscriptions: '2027-02-26',
      debutComposition: '2027-06-14',
      finComposition: '2027-06-18',
    });
    ids.session = session.id;
    await api(
      'POST',
      `/api/sessions/${session.id}/avancer`,
      { statut: 'inscriptions-ouvertes' },
      0,
    );
    await api('POST', '/api/parametres-edition', {
      code: 'PE-CQP27',
      libelle: 'Paramètres CQP 2027',
      sessionId: session.id,
      dateLimiteModification: '2099-12-31',
      modificationApresValidation: false,
      prefixeDossier: 'CQP27',
      ageMinimum: 15,
    });
    ids.metier = (await api('POST', '/api/metiers', { code: 'MECA', libelle: 'Mécanique' })).id;
    await api('POST', '/api/metiers-ouverts', {
      code: 'MO-MECA',
      libelle: 'Mécanique 2027',
      sessionId: session.id,
      metierId: ids.metier,
    });
    ids.niveau = (
      await api('POST', '/api/niveaux-scolarisation', { code: 'BEPC', libelle: 'BEPC', rang: 2 })
    ).id;
    const departementId = await first('departements', 'Mfoundi');
    for (const [key, code, town] of [
      ['yaounde', 'DEP-YDE', 'Yaoundé'],
      ['douala', 'DEP-DLA', 'Douala'],
    ] as const)
      ids[key] = (
        await api('POST', '/api/centres-depot', {
          code,
          libelle: `Centre de dépôt de ${town}`,
          departementId,
        })
      ).id;
    const motif = await api('POST', '/api/motifs-rejet', {
      code: 'ILLISIBLE',
      libelle: 'Acte de naissance illisible',
    });
    // Yaoundé: registered, its first name corrected, submitted, rejected with a motif.
    const a = await api(
      'POST',
      '/api/candidatures',
      form('Atangana', 'Paul', '1998-03-05', ids.yaounde!),
    );
    const modified = await api(
      'PUT',
      `/api/candidatures/${a.id}`,
      form('Atangana', 'Paul-Éric', '1998-03-05', ids.yaounde!),
      a.revision,
    );
    const submitted = await api(
      'POST',
      `/api/candidatures/${a.id}/soumettre`,
      {},
      modified.revision,
    );
    await api(
      'POST',
      `/api/candidatures/${a.id}/rejeter`,
      { motifId: motif.id, commentaire: 'Photocopie illisible, à refaire.' },
      submitted.revision,
    );
    // Douala: registered only.
    await api('POST', '/api/candidatures', form('Ekwalla', 'Samuel', '1996-11-20', ids.douala!));
    // An enrôleur of Yaoundé.
    const profil = await api('POST', '/api/profils', {
      libelle: 'Enrôleur',
      permissions: ['candidat.enregistrer', 'candidat.modifier'],
    });
    await api('POST', '/api/enroleurs', {
      nom: 'Essomba',
      prenoms: 'Claire',
      login: 'claire.essomba@examens.local',
      telephone: '699000002',
      profilId: profil.id,
      motDePasse: 'Temporaire-Essai-1',
      centreDepotId: ids.yaounde,
    });
  });

  it('lists every change, newest first, each field before → after, the motif', async () => {
    await page.goto(`${product.url}${DASHBOARD}`);
    await openFromMenu(page, HISTORIQUE);
    await page.getByText('Historique des modifications').first().waitFor();
    const rows = page.locator('tbody tr');
    await until(() => rows.count(), 5);
    // Newest first: Douala's creation, then Yaoundé's rejection, submission, modification, creation.
    const actions = await rows.evaluateAll((trs) =>
      trs.map((tr) => (tr as HTMLTableRowElement).innerText),
    );
    expect(actions.map((text) => /Création|Modification|Soumission|Rejet/.exec(text)?.[0])).toEqual(
      ['Création', 'Rejet', 'Soumission', 'Modification', 'Création'],
    );
    const rejection = rows.filter({ hasText: 'Rejet' });
    await rejection.getByText('Statut : Soumis → Rejeté').waitFor();
    await rejection.getByText('Motif de rejet : — → Acte de naissance illisible').waitFor();
    await rejection.getByText('Photocopie illisible, à refaire.').first().waitFor();
    await rows
      .filter({ hasText: 'Modification' })
      .getByText('Prénoms : Paul → Paul-Éric')
      .waitFor();
    // A creation names the referenced items by libellé; its many fields are folded until asked.
    const creation = rows.filter({ hasText: 'Ekwalla Samuel' });
    await creation.getByText('Centre de dépôt : — → Centre de dépôt de Douala').waitFor();
    await expect(creation.getByText('Niveau de scolarisation : — → BEPC').count()).resolves.toBe(0);
    await creation.getByRole('button', { name: /^Voir les \d+ changements$/ }).click();
    await creation.getByText('Niveau de scolarisation : — → BEPC').waitFor();
    await creation.getByText('Date de naissance : — → 20/11/1996').waitFor();
    await shot(page, 'historique-01-toutes-les-modifications');
  });

  it('filters by period, statut and agent, and exports what is filtered', async () => {
    // The period: typed DD/MM/YYYY, the office's days (Africa/Douala).
    const today = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Douala' }).format(
      new Date(),
    );
    const rows = page.locator('tbody tr');
    await typeDate(page, /^Du/, today);
    await typeDate(page, /^Au/, today);
    await page.waitForURL(/date_lte/);
    await until(() => rows.count(), 5);
    await typeDate(page, /^Du/, '01/01/2026');
    await typeDate(page, /^Au/, '31/01/2026');
    await page.getByText(/^Aucun résultat/).waitFor();
    await page.goto(`${product.url}${HISTORIQUE}?filter=${encodeURIComponent('{}')}`);
    await until(() => rows.count(), 5);
    await page.getByRole('combobox', { name: 'Statut' }).click();
    await page.getByRole('option', { name: 'Rejeté', exact: true }).click();
    await until(() => rows.count(), 1);
    await rows.first().getByText('Atangana Paul-Éric').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^historique-candidatures-\d{2}-\d{2}-\d{4}\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(csv[0]).toBe(
      'Date;Numéro de dossier;Nom et prénoms;Centre de dépôt;Action;Par;Statut;Changements;Motif',
    );
    expect(csv.filter((line) => line.includes(';Rejet;'))).toHaveLength(1);
    expect(csv.join('\n')).not.toContain('Ekwalla');
    await shot(page, 'historique-02-filtre-rejete');
    // The agents offered are those who changed dossiers: here, the administrator alone.
    // Without the statut filter (the list remembers it otherwise).
    await page.goto(`${product.url}${HISTORIQUE}?filter=${encodeURIComponent('{}')}`);
    await until(() => page.locator('tbody tr').count(), 5);
    const agent = page.getByRole('combobox', { name: 'Agent' });
    await agent.click();
    const options = page.getByRole('option');
    await until(() => options.count(), 1);
    await options.first().click();
    await page.waitForURL(/acteurId/);
    await until(() => page.locator('tbody tr').count(), 5);
    expect(pageErrors).toEqual([]);
  });

  it('shows an enrôleur the changes of their own centre only', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const enroleur = await context.newPage();
    enroleur.on('pageerror', (error) => pageErrors.push(error.message));
    await enroleur.goto(`${product.url}/connexion`);
    await signInAndChangePassword(
      enroleur,
      product.url,
      'claire.essomba@examens.local',
      'Temporaire-Essai-1',
      'Claire-Essomba-2026',
    );
    await enroleur.goto(`${product.url}${HISTORIQUE}`);
    const rows = enroleur.locator('tbody tr');
    await until(() => rows.count(), 4);
    await expect(enroleur.getByText('Ekwalla Samuel').count()).resolves.toBe(0);
    await shot(enroleur, 'historique-03-enroleur');
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
