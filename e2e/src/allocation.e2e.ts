import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminEnvironment, signInAndChangePassword, signInFirstAdministrator } from './accounts';
import {
  api,
  browserAvailable,
  launchBrowser,
  openFromMenu,
  shot,
  startProduct,
  type Product,
} from './harness';

/**
 * Registration II on a fresh embedded product: the office allocates two validated candidates to a
 * site by hand (its free seats shown, numbers and tables given) and takes one back; previews then
 * applies the automatic allocation (a candidate whose handicap needs an accessible site is left
 * without a seat when none is left); reads the « Bilan d’affectation » per site and per zone and
 * exports it; a dossier's page shows its site, candidate number and table. Then an enrôleur
 * records a registration incident with an attachment, and a supervisor takes it ouvert → en cours
 * → résolu, each step with its comment.
 */
const run = browserAvailable() ? describe : describe.skip;

const DASHBOARD = '/tableau-de-bord';
const AFFECTATION = `${DASHBOARD}/inscription/affectation-des-candidats-aux-sites`;
const AUTOMATIQUE = `${AFFECTATION}/affectation-automatique`;
const BILAN = `${DASHBOARD}/inscription/candidats/bilan-affectation`;
const LISTE = `${DASHBOARD}/inscription/candidats/liste`;
const INCIDENTS = `${DASHBOARD}/inscription/gestion-des-incidents`;
const ENREGISTRER = `${INCIDENTS}/enregistrer-un-incident`;
const MES_INCIDENTS = `${INCIDENTS}/mes-incidents`;
const LISTE_INCIDENTS = `${INCIDENTS}/liste-des-incidents`;
const SESSION = 'CQP session de juin 2027';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * The candidates, validated, in the order their dossiers are created (CQP27-000001…): four at the
 * Yaoundé centre de dépôt (Mfoundi, zone Centre), five at Douala's (Wouri, zone Littoral); Fouda
 * and Kotto need an accessible site.
 */
const CANDIDATES = [
  ['ABENA', 'claire', 'F', 'yaounde', false],
  ['BILOA', 'paul', 'M', 'yaounde', false],
  ['ESSOMBA', 'jean', 'M', 'yaounde', false],
  ['FOUDA', 'marc', 'M', 'yaounde', true],
  ['AKWA', 'rose', 'F', 'douala', false],
  ['BELL', 'samuel', 'M', 'douala', false],
  ['EBOA', 'luc', 'M', 'douala', false],
  ['KOTTO', 'anne', 'F', 'douala', true],
  ['MANGA', 'éric', 'M', 'douala', false],
] as const;

/** Texts with their spaces (no-break, narrow, new lines) made plain. */
const plain = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, ' ').trim());
/** A row's cells as written (a button's label as typed, not as its style capitalises it). */
const cells = async (row: Locator) => plain(await row.getByRole('cell').allTextContents());

run('Inscription II : affectation aux sites et incidents', () => {
  let product: Product;
  let browser: Browser;
  let admin: Page;
  const pageErrors: string[] = [];
  /** The last command's position: the screens are opened once the projections have reached it. */
  let position = '';

  const newPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  };
  const firstId = async (resource: string, q: string) => {
    const response = await admin.request.get(
      `${product.url}/api/${resource}?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
    );
    return ((await response.json()) as { id: string }[])[0]!.id;
  };
  /** A select of the screens (MUI): opened, then the option clicked. */
  const select = async (page: Page, label: RegExp, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  beforeAll(async () => {
    product = await startProduct(adminEnvironment());
    browser = await launchBrowser();
    admin = await newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('the administrator sets up a session open for registration: sites, a handicap, nine validated dossiers, users', async () => {
    await admin.goto(`${product.url}/connexion`);
    await signInFirstAdministrator(admin, product.url);
    const examen = await api(admin, '/api/examens', {
      code: 'CQP',
      libelle: 'Certificat de qualification professionnelle',
      noteDePassage: 10,
    });
    const session = await api(admin, '/api/sessions', {
      examenId: examen.id,
      annee: 2027,
      libelle: SESSION,
      ouvertureInscriptions: '2026-10-01',
      clotureInscriptions: '2027-02-26',
      debutComposition: '2027-06-14',
      finComposition: '2027-06-18',
    });
    await api(admin, `/api/sessions/${session.id}/avancer`, { statut: 'inscriptions-ouvertes' }, 0);
    await api(admin, '/api/parametres-edition', {
      code: 'PE-CQP27',
      libelle: 'Paramètres CQP 2027',
      sessionId: session.id,
      dateLimiteModification: '2099-12-31',
      prefixeDossier: 'CQP27',
    });
    const metier = await api(admin, '/api/metiers', { code: 'ELEC', libelle: 'Électricité' });
    await api(admin, '/api/metiers-ouverts', {
      code: 'MO-ELEC',
      libelle: 'Électricité 2027',
      sessionId: session.id,
      metierId: metier.id,
    });
    const niveau = await api(admin, '/api/niveaux-scolarisation', {
      code: 'CEP',
      libelle: 'CEP',
      rang: 1,
    });
    const mfoundi = await firstId('departements', 'Mfoundi');
    const wouri = await firstId('departements', 'Wouri');
    const depots = {
      yaounde: await api(admin, '/api/centres-depot', {
        code: 'DEP-YDE',
        libelle: 'Centre de dépôt de Yaoundé',
        departementId: mfoundi,
      }),
      douala: await api(admin, '/api/centres-depot', {
        code: 'DEP-DLA',
        libelle: 'Centre de dépôt de Douala',
        departementId: wouri,
      }),
    };
    const ceYaounde = await api(admin, '/api/centres-examen', {
      code: 'CE-YDE',
      libelle: 'Centre d’examen de Yaoundé',
      departementId: mfoundi,
    });
    const ceDouala = await api(admin, '/api/centres-examen', {
      code: 'CE-DLA',
      libelle: 'Centre d’examen de Douala',
      departementId: wouri,
    });
    // Nine seats for nine candidates, but one accessible seat for two who need one.
    for (const [code, libelle, centre, capacite, accessible] of [
      ['S-LEC', 'Lycée Leclerc', ceYaounde.id, 6, false],
      ['S-RET', 'Collège de la Retraite', ceYaounde.id, 1, true],
      ['S-JOS', 'Lycée Joss', ceDouala.id, 2, false],
    ] as const)
      await api(admin, '/api/sites-composition', {
        code,
        libelle,
        centreExamenId: centre,
        capacite,
        accessible,
      });
    const moteur = await api(admin, '/api/types-handicap', {
      code: 'MOT',
      libelle: 'Handicap moteur',
      amenagement: 'Salle de plain-pied',
      siteAccessibleRequis: true,
    });
    for (const [i, [nom, prenoms, sexe, depot, handicap]] of CANDIDATES.entries()) {
      const dossier = await api(admin, '/api/candidatures', {
        sessionId: session.id,
        metierId: metier.id,
        centreDepotId: depots[depot].id,
        categorie: 'libre',
        nom,
        prenoms,
        sexe,
        dateNaissance: `199${i}-0${1 + i}-1${i}`,
        lieuNaissance: 'Bafoussam',
        nationalite: 'Camerounaise',
        telephone: `699 11 22 3${i}`,
        niveauId: niveau.id,
        ...(handicap ? { handicapId: moteur.id } : {}),
      });
      const submitted = await api(
        admin,
        `/api/candidatures/${dossier.id}/soumettre`,
        {},
        dossier.revision,
      );
      position = (
        await api(admin, `/api/candidatures/${dossier.id}/valider`, {}, submitted.revision)
      ).position;
    }
    await api(admin, '/api/types-incidents', {
      code: 'PLACE',
      libelle: 'Place de composition introuvable',
    });
    const recording = await api(admin, '/api/profils', {
      libelle: 'Enrôleur (incidents)',
      permissions: [
        'incident-inscription.enregistrer',
        'incident-inscription.lister-miens',
        // To name the dossier concerned (their centre's dossiers).
        'candidat.lister-inscrits',
      ],
    });
    const supervising = await api(admin, '/api/profils', {
      libelle: 'Superviseur des incidents',
      permissions: ['incident-inscription.lister-tous', 'incident-inscription.changer-statut'],
    });
    await api(admin, '/api/enroleurs', {
      nom: 'Ndjock',
      prenoms: 'Solange',
      login: 'solange.ndjock@examens.local',
      telephone: '699000201',
      profilId: recording.id,
      motDePasse: 'Temporaire-Ndjock-1',
      centreDepotId: depots.douala.id,
    });
    position = (
      await api(admin, '/api/utilisateurs', {
        nom: 'Eyenga',
        prenoms: 'Thomas',
        login: 'thomas.eyenga@examens.local',
        telephone: '699000202',
        profilId: supervising.id,
        motDePasse: 'Temporaire-Eyenga-1',
      })
    ).position;
    // The dossiers' list has read every validation before the screens are opened.
    const listed = await admin.request.get(
      `${product.url}/api/candidatures?filter=${encodeURIComponent(JSON.stringify({ statut: 'valide' }))}`,
      { headers: { 'x-min-position': position } },
    );
    expect(((await listed.json()) as unknown[]).length).toBe(9);
  });

  it('allocates two candidates by hand to a site whose free seats show, then takes one back', async () => {
    await admin.goto(`${product.url}${DASHBOARD}`);
    await openFromMenu(admin, AFFECTATION);
    await admin.getByText('Affectation des candidats aux sites').first().waitFor();
    await select(admin, /^Session/, SESSION);
    const table = admin.getByRole('table', { name: 'Dossiers à affecter' });
    // The validated dossiers not yet allocated: all nine.
    await table.getByRole('row').filter({ hasText: 'CQP27-000009' }).waitFor();
    await expect(table.getByRole('row').count()).resolves.toBe(10);
    await admin.getByText('1–9 sur 9').waitFor();
    await admin.getByRole('checkbox', { name: 'Sélectionner le dossier CQP27-000001' }).check();
    await admin.getByRole('checkbox', { name: 'Sélectionner le dossier CQP27-000002' }).check();
    await admin.getByText('2 dossiers sélectionnés.').waitFor();
    // The sites, grouped by centre d'examen, each with its free seats for the session.
    const site = admin.getByRole('combobox', { name: /^Site de composition/ });
    await site.click();
    await admin.getByRole('listbox').getByText('Centre d’examen de Douala').waitFor();
    await expect(
      plain(await admin.getByRole('listbox').getByRole('option').allInnerTexts()),
    ).toEqual([
      'Lycée Joss 2 places libres',
      'Collège de la Retraite 1 place libre · accessible',
      'Lycée Leclerc 6 places libres',
    ]);
    await shot(admin, 'affectation-01-sites-et-places-libres');
    await admin.getByRole('option', { name: /^Lycée Leclerc/ }).click();
    await expect(site.inputValue()).resolves.toBe('Lycée Leclerc (6 places libres)');
    await admin.getByRole('button', { name: 'Affecter au site' }).click();
    await admin.getByText('2 candidats affectés au site « Lycée Leclerc ».').waitFor();
    // They leave the dossiers still to allocate…
    await table.getByRole('row').filter({ hasText: 'CQP27-000001' }).waitFor({ state: 'detached' });
    await admin.getByText('1–7 sur 7').waitFor();
    // …and show among the allocated with their site, candidate number and table.
    await select(admin, /^Affectation/, 'Affectés');
    const abena = table.getByRole('row').filter({ hasText: 'CQP27-000001' });
    const biloa = table.getByRole('row').filter({ hasText: 'CQP27-000002' });
    await biloa.waitFor();
    await expect(cells(abena)).resolves.toEqual([
      '',
      'CQP27-000001',
      'Abena Claire',
      'Électricité',
      'Centre de dépôt de Yaoundé',
      'Affecté',
      'Lycée Leclerc',
      'ELEC-00001',
      '1',
      'Désaffecter',
    ]);
    await expect(cells(biloa)).resolves.toEqual([
      '',
      'CQP27-000002',
      'Biloa Paul',
      'Électricité',
      'Centre de dépôt de Yaoundé',
      'Affecté',
      'Lycée Leclerc',
      'ELEC-00002',
      '2',
      'Désaffecter',
    ]);
    // The site has two seats fewer.
    await site.click();
    await admin
      .getByRole('option', { name: /^Lycée Leclerc/ })
      .getByText('4 places libres')
      .waitFor();
    await admin.keyboard.press('Escape');
    await shot(admin, 'affectation-02-affectes');
    await biloa.getByRole('button', { name: 'Désaffecter' }).click();
    await admin.getByText('CQP27-000002 — Biloa Paul : le candidat est désaffecté.').waitFor();
    await biloa.waitFor({ state: 'detached' });
    // Back among the validated, his candidate number kept, no site nor table.
    await select(admin, /^Affectation/, 'Tous (affectés ou non)');
    await biloa.waitFor();
    await expect(cells(biloa)).resolves.toEqual([
      '',
      'CQP27-000002',
      'Biloa Paul',
      'Électricité',
      'Centre de dépôt de Yaoundé',
      'Validé',
      '',
      'ELEC-00002',
      '',
      '',
    ]);
    await site.click();
    await admin
      .getByRole('option', { name: /^Lycée Leclerc/ })
      .getByText('5 places libres')
      .waitFor();
    await admin.keyboard.press('Escape');
    await shot(admin, 'affectation-03-desaffecte');
    expect(pageErrors).toEqual([]);
  });

  it('previews the automatic allocation per site, with who is left without a seat, then applies it', async () => {
    await openFromMenu(admin, AUTOMATIQUE);
    await select(admin, /^Session/, SESSION);
    await admin.getByRole('button', { name: 'Prévisualiser' }).click();
    const perSite = admin.getByRole('table', { name: 'Répartition par site de composition' });
    await perSite.waitFor();
    /** A figure of the screen (a count above its label), waited for until it shows `value`. */
    const figureShows = (label: string, value: string) =>
      admin
        .locator('.MuiPaper-outlined')
        .filter({ has: admin.getByText(label, { exact: true }) })
        .getByText(value, { exact: true })
        .waitFor();
    await figureShows('Candidats à placer', '8');
    await figureShows('Placés', '7');
    await figureShows('Sans place', '1');
    // Fouda first (the accessible seat); Douala's two seats to Akwa and Bell; the others of Douala
    // to the other zone, with Yaoundé's.
    const siteRow = (name: string) => perSite.getByRole('row').filter({ hasText: name });
    expect((await cells(siteRow('Lycée Leclerc'))).slice(0, 9)).toEqual([
      'Centre',
      'Mfoundi',
      'Centre d’examen de Yaoundé',
      'Lycée Leclerc',
      '6',
      '1',
      '4',
      '1',
      'Électricité : 4',
    ]);
    expect((await cells(siteRow('Lycée Joss'))).slice(0, 8)).toEqual([
      'Littoral',
      'Wouri',
      'Centre d’examen de Douala',
      'Lycée Joss',
      '2',
      '0',
      '2',
      '0',
    ]);
    expect((await cells(siteRow('Collège de la Retraite'))).slice(4, 8)).toEqual([
      '1',
      '0',
      '1',
      '0',
    ]);
    await admin.getByText('Candidats sans place (1)').waitFor();
    const left = admin.getByRole('table', { name: 'Candidats sans place' }).getByRole('row');
    await expect(left.count()).resolves.toBe(2);
    await expect(cells(left.nth(1))).resolves.toEqual([
      'CQP27-000008',
      'Kotto Anne',
      'Aucune place libre dans un site accessible.',
    ]);
    await shot(admin, 'affectation-04-apercu');
    await admin.getByRole('button', { name: 'Appliquer l’affectation' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog
      .getByText(
        'Affecter 7 candidats à 3 sites ? Les numéros de candidat et de table seront attribués.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    const progress = admin.getByTestId('progression-affectation');
    await progress.getByText('Affectation terminée.').waitFor({ timeout: 30_000 });
    await expect(
      progress
        .getByRole('progressbar', { name: 'Progression de l’affectation' })
        .getAttribute('aria-valuenow'),
    ).resolves.toBe('100');
    await figureShows('Candidats placés', '7');
    await figureShows('Refusés à l’application', '0');
    await figureShows('Sans place', '1');
    await expect(progress.getByText(/^Lancée le /).innerText()).resolves.toMatch(
      /^Lancée le \d\d\/\d\d\/\d{4} .+ par Premier Administrateur, terminée le \d\d\/\d\d\/\d{4} .+\.$/,
    );
    await shot(admin, 'affectation-05-appliquee');
    // Previewed again: only Kotto is still waiting, and still without a seat.
    await progress.getByRole('button', { name: 'Prévisualiser de nouveau' }).click();
    await figureShows('Candidats à placer', '1');
    await figureShows('Placés', '0');
    await expect(
      admin.getByRole('button', { name: 'Appliquer l’affectation' }).isDisabled(),
    ).resolves.toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('reads the « Bilan d’affectation » per site and per zone, and exports it as CSV', async () => {
    await openFromMenu(admin, BILAN);
    await select(admin, /^Session/, SESSION);
    const table = admin.getByRole('table', { name: 'Bilan d’affectation' });
    const row = (name: string) => table.getByRole('row').filter({ hasText: name });
    await row('Lycée Leclerc').waitFor();
    // Zone, département, centre, site; capacity, allocated, free, occupancy, men, women; métier;
    // langue (none given).
    await expect(cells(row('Lycée Leclerc'))).resolves.toEqual([
      'Centre',
      'Mfoundi',
      'Centre d’examen de Yaoundé',
      'Lycée Leclerc',
      '6',
      '5',
      '1',
      '83,3 %',
      '4',
      '1',
      '5',
      '5',
    ]);
    await expect(cells(row('Collège de la Retraite'))).resolves.toEqual([
      'Centre',
      'Mfoundi',
      'Centre d’examen de Yaoundé',
      'Collège de la Retraite',
      '1',
      '1',
      '0',
      '100 %',
      '1',
      '0',
      '1',
      '1',
    ]);
    await expect(cells(row('Lycée Joss'))).resolves.toEqual([
      'Littoral',
      'Wouri',
      'Centre d’examen de Douala',
      'Lycée Joss',
      '2',
      '2',
      '0',
      '100 %',
      '1',
      '1',
      '2',
      '2',
    ]);
    await expect(cells(table.locator('tr[data-total]'))).resolves.toEqual([
      'Total',
      '',
      '',
      '',
      '9',
      '8',
      '1',
      '88,9 %',
      '6',
      '2',
      '8',
      '8',
    ]);
    await expect(table.locator('tbody tr').count()).resolves.toBe(4);
    await admin
      .getByRole('figure', { name: /^Occupation : capacité et candidats affectés/ })
      .waitFor();
    await shot(admin, 'affectation-06-bilan-par-site');
    await select(admin, /^Niveau/, 'Zone');
    await row('Lycée Joss').waitFor({ state: 'detached' });
    await row('Littoral').waitFor();
    await expect(cells(row('Centre'))).resolves.toEqual([
      'Centre',
      '7',
      '6',
      '1',
      '85,7 %',
      '5',
      '1',
      '6',
      '6',
    ]);
    await expect(cells(row('Littoral'))).resolves.toEqual([
      'Littoral',
      '2',
      '2',
      '0',
      '100 %',
      '1',
      '1',
      '2',
      '2',
    ]);
    await expect(cells(table.locator('tr[data-total]'))).resolves.toEqual([
      'Total',
      '9',
      '8',
      '1',
      '88,9 %',
      '6',
      '2',
      '8',
      '8',
    ]);
    await shot(admin, 'affectation-07-bilan-par-zone');
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Exporter (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bilan-affectation.*\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '\ufeffZone;Capacité;Affectés;Places libres;Taux d’occupation (%);Hommes;Femmes;Métier : Électricité;Langue : non précisée',
    );
    expect(lines.slice(1)).toEqual([
      'Centre;7;6;1;85,7;5;1;6;6',
      'Littoral;2;2;0;100;1;1;2;2',
      'Total;9;8;1;88,9;6;2;8;8',
      '',
    ]);
    expect(pageErrors).toEqual([]);
  });

  it('a dossier’s page shows its site, its candidate number (kept through the de-allocation) and its table', async () => {
    await openFromMenu(admin, LISTE);
    await admin.getByPlaceholder(/^Rechercher/).fill('ELEC-00002');
    await admin.waitForURL(/ELEC-00002/);
    const row = admin.getByRole('row').filter({ hasText: 'CQP27-000002' });
    await row.getByText('Biloa Paul').waitFor();
    // Found by its candidate number alone.
    await admin.getByRole('row').filter({ hasText: 'CQP27-000001' }).waitFor({ state: 'detached' });
    await expect(admin.getByRole('row').filter({ hasText: 'CQP27-' }).count()).resolves.toBe(1);
    await row.getByText('Biloa Paul').click();
    await admin.waitForURL(/\/inscription\/candidats\/liste\/[^/]+\/show$/);
    await admin.getByText('Dossier CQP27-000002 — Biloa Paul').waitFor();
    const field = (source: string) => admin.locator(`.ra-field-${source}`);
    await field('siteId').getByText('Lycée Leclerc').waitFor();
    await expect(field('statut').innerText()).resolves.toMatch(/Affecté$/);
    // Lycée Leclerc's tables: 1 is Abena's; the automatic allocation gave Biloa the next free one.
    expect(plain([await field('numeroCandidat').innerText()])).toEqual([
      'Numéro de candidat ELEC-00002',
    ]);
    expect(plain([await field('numeroTable').innerText()])).toEqual(['Numéro de table 2']);
    await shot(admin, 'affectation-08-dossier');
    await admin.getByRole('tab', { name: 'Historique' }).click();
    await admin.getByRole('cell', { name: 'Désaffectation', exact: true }).waitFor();
    await expect(
      admin.getByRole('cell', { name: 'Affectation à un site', exact: true }).count(),
    ).resolves.toBe(2);
    expect(pageErrors).toEqual([]);
  });

  let enroleur: Page;
  let superviseur: Page;

  it('an enrôleur records an incident about a dossier of her centre, with a PDF, and finds it in « Mes incidents »', async () => {
    enroleur = await newPage();
    await enroleur.goto(`${product.url}/connexion`);
    await signInAndChangePassword(
      enroleur,
      product.url,
      'solange.ndjock@examens.local',
      'Temporaire-Ndjock-1',
      'Ndjock-Personnel-2026',
    );
    await enroleur.goto(`${product.url}${DASHBOARD}`);
    await openFromMenu(enroleur, ENREGISTRER);
    await select(enroleur, /^Type d’incident/, 'Place de composition introuvable');
    const dossier = enroleur.getByRole('combobox', { name: /^Dossier concerné/ });
    await dossier.click();
    await dossier.fill('Kotto');
    await enroleur.getByRole('option', { name: 'CQP27-000008 — Kotto Anne' }).click();
    await enroleur
      .getByLabel(/^Description/)
      .fill('Aucune place accessible pour la candidate en fauteuil.');
    await enroleur
      .getByLabel('Pièce jointe (facultative)')
      .setInputFiles({ name: 'certificat-medical.pdf', mimeType: 'application/pdf', buffer: PDF });
    await enroleur.getByText(/^certificat-medical\.pdf \(/).waitFor();
    await shot(enroleur, 'incidents-01-enregistrer');
    await enroleur.getByRole('button', { name: 'Enregistrer l’incident' }).click();
    await enroleur.getByText('Incident enregistré.').waitFor();
    await enroleur.waitForURL(`**${MES_INCIDENTS}`);
    const row = enroleur
      .getByRole('row')
      .filter({ hasText: 'Aucune place accessible pour la candidate en fauteuil.' });
    await row.getByText('Place de composition introuvable').waitFor();
    await row.getByText('CQP27-000008').waitFor();
    await row.getByText('Kotto Anne').waitFor();
    await row.getByText('Ouvert', { exact: true }).waitFor();
    await shot(enroleur, 'incidents-02-mes-incidents');
    await row.getByText('Kotto Anne').click();
    await enroleur.waitForURL(/\/mes-incidents\/[^/]+\/show$/);
    await enroleur.getByRole('link', { name: 'certificat-medical.pdf' }).waitFor();
    await enroleur.getByText('Aucun changement de statut pour l’instant.').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('a supervisor takes it from « Ouvert » to « En cours » then « Résolu », each step with a comment', async () => {
    superviseur = await newPage();
    await superviseur.goto(`${product.url}/connexion`);
    await signInAndChangePassword(
      superviseur,
      product.url,
      'thomas.eyenga@examens.local',
      'Temporaire-Eyenga-1',
      'Eyenga-Personnel-2026',
    );
    await superviseur.goto(`${product.url}${DASHBOARD}`);
    await openFromMenu(superviseur, LISTE_INCIDENTS);
    const row = superviseur
      .getByRole('row')
      .filter({ hasText: 'Aucune place accessible pour la candidate en fauteuil.' });
    await row.getByText('Solange Ndjock', { exact: true }).waitFor();
    await row.getByText('Ouvert', { exact: true }).waitFor();
    await row.getByText('Kotto Anne').click();
    await superviseur.waitForURL(/\/liste-des-incidents\/[^/]+\/show$/);
    await superviseur.getByRole('link', { name: 'certificat-medical.pdf' }).waitFor();
    const step = async (statut: string | undefined, commentaire: string) => {
      await superviseur.getByRole('button', { name: 'Changer le statut' }).click();
      const dialog = superviseur.getByRole('dialog');
      if (statut) {
        await dialog.getByRole('combobox', { name: /^Nouveau statut/ }).click();
        await superviseur.getByRole('option', { name: statut, exact: true }).click();
      }
      await dialog.getByLabel(/^Commentaire/).fill(commentaire);
      return dialog;
    };
    // From « Ouvert », « En cours » is the only step: chosen already.
    const first = await step(undefined, 'Le chef de centre cherche une salle de plain-pied.');
    await first.getByText('Statut actuel : Ouvert.').waitFor();
    await expect(
      first.getByRole('combobox', { name: /^Nouveau statut/ }).innerText(),
    ).resolves.toBe('En cours');
    await shot(superviseur, 'incidents-03-changer-statut');
    await first.getByRole('button', { name: 'Valider' }).click();
    await superviseur.getByText('Le statut de l’incident est modifié.').waitFor();
    await first.waitFor({ state: 'detached' });
    await superviseur.locator('.ra-field-statut').getByText('En cours', { exact: true }).waitFor();
    const second = await step('Résolu', 'Salle 3 du Collège de la Retraite libérée pour elle.');
    await second.getByText('Statut actuel : En cours.').waitFor();
    await second.getByRole('button', { name: 'Valider' }).click();
    await second.waitFor({ state: 'detached' });
    await superviseur.locator('.ra-field-statut').getByText('Résolu', { exact: true }).waitFor();
    // Closed: no step left.
    await superviseur
      .getByRole('button', { name: 'Changer le statut' })
      .waitFor({ state: 'detached' });
    const suivi = superviseur.getByRole('table', { name: 'Suivi' }).getByRole('row');
    await expect(suivi.count()).resolves.toBe(3);
    expect((await cells(suivi.nth(1))).slice(1)).toEqual([
      'Thomas Eyenga',
      'Ouvert → En cours',
      'Le chef de centre cherche une salle de plain-pied.',
    ]);
    expect((await cells(suivi.nth(2))).slice(1)).toEqual([
      'Thomas Eyenga',
      'En cours → Résolu',
      'Salle 3 du Collège de la Retraite libérée pour elle.',
    ]);
    await shot(superviseur, 'incidents-04-resolu');
    // The enrôleur reads the outcome in her own list.
    await enroleur.goto(`${product.url}${MES_INCIDENTS}`);
    await enroleur
      .getByRole('row')
      .filter({ hasText: 'Aucune place accessible pour la candidate en fauteuil.' })
      .getByText('Résolu', { exact: true })
      .waitFor();
    expect(pageErrors).toEqual([]);
  });
});
