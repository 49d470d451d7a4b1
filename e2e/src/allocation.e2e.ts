import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { pdfText } from '../../workers/src/testing/pdfText';
import {
  cells,
  choose,
  createCentreDepot,
  createCentreExamen,
  createEnroleur,
  createProfile,
  createSite,
  createUser,
  DASHBOARD,
  departementId,
  openSessionForRegistration,
  plain,
  registerCandidates,
  useJourney,
  type StaffAccount,
} from './examSetup';
import { api, ARTIFACTS, browserAvailable, openFromMenu, shot } from './harness';

/**
 * Registration II on a fresh embedded product: the office allocates two validated candidates to a
 * site by hand (its free seats shown, numbers and tables given) and takes one back; previews then
 * applies the automatic allocation (a candidate whose handicap needs an accessible site is left
 * without a seat when none is left); downloads a site's attendance list (PDF, made by the workers)
 * and door list (XLSX), one candidate's convocation, and a département's merged list, sent to the
 * addresses set for it (the outbox's message read back); reads the « Bilan d’affectation » per site
 * and per zone and exports it; a dossier's page shows its site, candidate number and table. Then an enrôleur
 * records a registration incident with an attachment, and a supervisor takes it ouvert → en cours
 * → résolu, each step with its comment.
 */
const run = browserAvailable() ? describe : describe.skip;

const AFFECTATION = `${DASHBOARD}/inscription/affectation-des-candidats-aux-sites`;
const AUTOMATIQUE = `${AFFECTATION}/affectation-automatique`;
const BILAN = `${DASHBOARD}/inscription/candidats/bilan-affectation`;
const LISTES = `${DASHBOARD}/inscription/candidats/telechargement-des-listes`;
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

/** An enrôleur of Douala's centre de dépôt, who records registration incidents. */
const NDJOCK: StaffAccount = {
  nom: 'Ndjock',
  prenoms: 'Solange',
  login: 'solange.ndjock@examens.local',
  telephone: '699000201',
  temporaryPassword: 'Temporaire-Ndjock-1',
  password: 'Ndjock-Personnel-2026',
};
/** Who supervises them. */
const EYENGA: StaffAccount = {
  nom: 'Eyenga',
  prenoms: 'Thomas',
  login: 'thomas.eyenga@examens.local',
  telephone: '699000202',
  temporaryPassword: 'Temporaire-Eyenga-1',
  password: 'Eyenga-Personnel-2026',
};

run('Inscription II : affectation aux sites et incidents', () => {
  const journey = useJourney();
  let admin: Page;
  let ceDoualaId = '';

  it('the administrator sets up a session open for registration: sites, a handicap, nine validated dossiers, users', async () => {
    admin = await journey.signInAdministrator();
    const session = await openSessionForRegistration(admin, { libelle: SESSION });
    const mfoundi = await departementId(admin, 'Mfoundi');
    const wouri = await departementId(admin, 'Wouri');
    const depots = {
      yaounde: await createCentreDepot(admin, 'DEP-YDE', 'Centre de dépôt de Yaoundé', mfoundi),
      douala: await createCentreDepot(admin, 'DEP-DLA', 'Centre de dépôt de Douala', wouri),
    };
    const ceYaounde = await createCentreExamen(
      admin,
      'CE-YDE',
      'Centre d’examen de Yaoundé',
      mfoundi,
    );
    const ceDouala = await createCentreExamen(admin, 'CE-DLA', 'Centre d’examen de Douala', wouri);
    ceDoualaId = ceDouala.id;
    // Nine seats for nine candidates, but one accessible seat for two who need one.
    for (const [code, libelle, centre, capacite, accessible] of [
      ['S-LEC', 'Lycée Leclerc', ceYaounde.id, 6, false],
      ['S-RET', 'Collège de la Retraite', ceYaounde.id, 1, true],
      ['S-JOS', 'Lycée Joss', ceDouala.id, 2, false],
    ] as const)
      await createSite(admin, { code, libelle, centreExamenId: centre, capacite, accessible });
    const moteur = await api(admin, '/api/types-handicap', {
      code: 'MOT',
      libelle: 'Handicap moteur',
      amenagement: 'Salle de plain-pied',
      siteAccessibleRequis: true,
    });
    await registerCandidates(
      admin,
      session,
      CANDIDATES.map(([nom, prenoms, sexe, depot, handicap]) => ({
        nom,
        prenoms,
        sexe,
        centreDepotId: depots[depot].id,
        ...(handicap ? { handicapId: moteur.id } : {}),
      })),
    );
    await api(admin, '/api/types-incidents', {
      code: 'PLACE',
      libelle: 'Place de composition introuvable',
    });
    const recording = await createProfile(admin, 'Enrôleur (incidents)', [
      'incident-inscription.enregistrer',
      'incident-inscription.lister-miens',
      // To name the dossier concerned (their centre's dossiers).
      'candidat.lister-inscrits',
    ]);
    const supervising = await createProfile(admin, 'Superviseur des incidents', [
      'incident-inscription.lister-tous',
      'incident-inscription.changer-statut',
    ]);
    await createEnroleur(admin, recording.id, depots.douala.id, NDJOCK);
    const { position } = await createUser(admin, supervising.id, EYENGA);
    // The dossiers' list has read every validation before the screens are opened.
    const listed = await admin.request.get(
      `${journey.url}/api/candidatures?filter=${encodeURIComponent(JSON.stringify({ statut: 'valide' }))}`,
      { headers: { 'x-min-position': position } },
    );
    expect(((await listed.json()) as unknown[]).length).toBe(9);
  });

  it('allocates two candidates by hand to a site whose free seats show, then takes one back', async () => {
    await admin.goto(`${journey.url}${DASHBOARD}`);
    await openFromMenu(admin, AFFECTATION);
    await admin.getByText('Affectation des candidats aux sites').first().waitFor();
    // Every menu label is whole: none is cut off (« Affectation des candidats aux… »).
    const nav = admin.getByRole('navigation', { name: 'Menu principal' });
    await nav.getByText('Affectation des candidats aux sites').first().waitFor();
    const cut = await nav.evaluate((menu) =>
      [...menu.querySelectorAll<HTMLElement>('a, button, a *, button *')]
        .filter((el) => el.textContent?.trim() && el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent!.trim()),
    );
    expect(cut).toEqual([]);
    await nav.screenshot({ path: `${ARTIFACTS}/affectation-00-menu.png` });
    await choose(admin, /^Session/, SESSION);
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
    await choose(admin, /^Affectation/, 'Affectés');
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
    await choose(admin, /^Affectation/, 'Tous (affectés ou non)');
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
    expect(journey.pageErrors).toEqual([]);
  });

  it('previews the automatic allocation per site, with who is left without a seat, then applies it', async () => {
    await openFromMenu(admin, AUTOMATIQUE);
    await choose(admin, /^Session/, SESSION);
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
    expect(journey.pageErrors).toEqual([]);
  });

  it('downloads a site’s attendance list (PDF) and door list (XLSX), a candidate’s convocation, and a département’s merged list, sent to its addresses', async () => {
    // The Mfoundi délégation's addresses (« E-mails par département »): its merged lists go there.
    await api(admin, '/api/emails-departements', {
      code: 'MAIL-MFOUNDI',
      libelle: 'Délégation du Mfoundi',
      departementId: await departementId(admin, 'Mfoundi'),
      emails: 'listes.mfoundi@minefop.test; chef.mfoundi@minefop.test',
    });
    await openFromMenu(admin, LISTES);
    await choose(admin, /^Session/, SESSION);
    await expect(
      admin.getByRole('radio', { name: 'Un site de composition' }).isChecked(),
    ).resolves.toBe(true);
    const emargementPdf = admin.getByRole('button', { name: 'Liste d’émargement (PDF)' });
    // Nothing to download before a site is chosen.
    await expect(emargementPdf.isDisabled()).resolves.toBe(true);
    await choose(admin, /^Site de composition/, 'Lycée Leclerc');
    /** Clicks a download of the screen; the file, once downloaded, is kept with the artefacts. */
    const download = async (button: Locator, name: string) => {
      const [file] = await Promise.all([
        admin.waitForEvent('download', { timeout: 60_000 }),
        button.click(),
      ]);
      const path = join(ARTIFACTS, name);
      await file.saveAs(path);
      return { name: file.suggestedFilename(), path };
    };
    /** A PDF's pages, each as its lines of text. */
    const pdfLines = (path: string) => pdfText(readFileSync(path)).map((p) => p.split('\n'));
    const EDITED = /^Édité le \d\d\/\d\d\/\d{4} à \d\d h \d\d$/;

    // 1. Lycée Leclerc's attendance list: made by the workers, then downloaded; in table order, a
    // column to sign.
    const emargement = await download(emargementPdf, 'listes-emargement-lycee-leclerc.pdf');
    await admin.getByText('Document prêt : le téléchargement commence.').waitFor();
    expect(emargement.name).toBe('liste-emargement-lycee-leclerc.pdf');
    const [leclerc, ...more] = pdfLines(emargement.path);
    expect(more).toEqual([]);
    expect(leclerc![2]).toMatch(EDITED);
    expect([...leclerc!.slice(0, 2), ...leclerc!.slice(3)]).toEqual([
      'Liste d’émargement',
      'CQP session de juin 2027 — Lycée Leclerc',
      'Lycée Leclerc — Centre d’examen de Yaoundé',
      'N° candidat Table Nom et prénoms Né(e) le Métier Aménagement Signature',
      'ELEC-00001 1 Abena Claire 10/01/1990 Électricité',
      'ELEC-00002 2 Biloa Paul 11/02/1991 Électricité',
      'ELEC-00005 3 Eboa Luc 16/07/1996 Électricité',
      'ELEC-00006 4 Essomba Jean 12/03/1992 Électricité',
      'ELEC-00008 5 Manga Éric 18/09/1998 Électricité',
      'Page 1 sur 1',
    ]);
    await shot(admin, 'listes-01-emargement-du-site');

    // 2. Its door list as a spreadsheet, at once: the site of each row, then the names in
    // alphabetical order.
    const porte = await download(
      admin.getByRole('button', { name: 'Liste de porte (XLSX)' }),
      'listes-porte-lycee-leclerc.xlsx',
    );
    // Its file names its site and its session.
    expect(porte.name).toMatch(
      /^liste-porte-lycee-leclerc-cqp-session-de-juin-2027-\d\d-\d\d-\d{4}\.xlsx$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(porte.path);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(row(1)).toEqual([
      'Site de composition',
      'Nom et prénoms',
      'N° candidat',
      'Table',
      'Métier',
    ]);
    const SITE = 'Lycée Leclerc — Centre d’examen de Yaoundé';
    expect([2, 3, 4, 5, 6].map(row)).toEqual([
      [SITE, 'Abena Claire', 'ELEC-00001', 1, 'Électricité'],
      [SITE, 'Biloa Paul', 'ELEC-00002', 2, 'Électricité'],
      [SITE, 'Eboa Luc', 'ELEC-00005', 3, 'Électricité'],
      [SITE, 'Essomba Jean', 'ELEC-00006', 4, 'Électricité'],
      [SITE, 'Manga Éric', 'ELEC-00008', 5, 'Électricité'],
    ]);

    // 3. One candidate's convocation, found by part of his name.
    const candidate = admin.getByRole('combobox', {
      name: 'Convocation d’un candidat (nom ou numéro)',
    });
    const sa = admin.getByRole('button', { name: 'Sa convocation (PDF)' });
    await expect(sa.isDisabled()).resolves.toBe(true);
    await candidate.fill('esso');
    const options = admin.getByRole('option');
    await options.first().waitFor();
    await expect(options.allInnerTexts()).resolves.toEqual([
      'ELEC-00006 — Essomba Jean (CQP27-000003)',
    ]);
    await options.first().click();
    await expect(candidate.inputValue()).resolves.toBe('ELEC-00006 — Essomba Jean (CQP27-000003)');
    await shot(admin, 'listes-02-convocation-d-un-candidat');
    const convocation = await download(sa, 'listes-convocation-essomba.pdf');
    expect(convocation.name).toBe('convocations-essomba-jean-elec-00006.pdf');
    const [essomba, ...others] = pdfLines(convocation.path);
    expect(others).toEqual([]);
    expect(essomba!.slice(0, 22)).toEqual([
      'CONVOCATION',
      'Certificat de qualification professionnelle — CQP session de juin 2027',
      'Candidat',
      'Nom et prénoms',
      'Essomba Jean',
      'Né(e) le',
      '12/03/1992 à Bafoussam',
      'Numéro de dossier',
      'CQP27-000003',
      'Numéro de candidat',
      'ELEC-00006',
      'Métier',
      'Électricité',
      'Lieu de composition',
      'Site de composition',
      'Lycée Leclerc',
      'Centre d’examen',
      'Centre d’examen de Yaoundé',
      'Adresse',
      '—',
      'Numéro de table',
      '4',
    ]);
    // No épreuve set for the session yet.
    expect(essomba).toContain('Le calendrier des épreuves sera communiqué par le centre.');
    expect(essomba!.at(-1)).toMatch(/^Édité le .* — ELEC-00006$/);

    // 4. Mfoundi's sites merged, each on a page of its own; sent to the délégation's addresses.
    await admin.getByRole('radio', { name: 'Un département (fusionné)' }).check();
    const departement = admin.getByRole('combobox', { name: /^Département/ });
    await departement.click();
    // Only the départements that hold composition sites.
    await expect(admin.getByRole('listbox').getByRole('option').allInnerTexts()).resolves.toEqual([
      'Choisir…',
      'Mfoundi',
      'Wouri',
    ]);
    await admin.getByRole('option', { name: 'Mfoundi', exact: true }).click();
    const merged = await download(emargementPdf, 'listes-emargement-mfoundi.pdf');
    expect(merged.name).toBe('liste-emargement-departement-mfoundi.pdf');
    const pages = pdfLines(merged.path);
    expect(pages).toHaveLength(2);
    expect(pages[0]![2]).toMatch(EDITED);
    expect([...pages[0]!.slice(0, 2), ...pages[0]!.slice(3)]).toEqual([
      'Liste d’émargement',
      'CQP session de juin 2027 — Département : Mfoundi',
      'Collège de la Retraite — Centre d’examen de Yaoundé',
      'N° candidat Table Nom et prénoms Né(e) le Métier Aménagement Signature',
      'ELEC-00007 1 Fouda Marc 13/04/1993 Électricité Salle de plain-',
      'pied',
      'Page 1 sur 2',
    ]);
    expect(pages[1]).toEqual([
      'Lycée Leclerc — Centre d’examen de Yaoundé',
      'N° candidat Table Nom et prénoms Né(e) le Métier Aménagement Signature',
      ...leclerc!.slice(5, 10),
      'Page 2 sur 2',
    ]);
    // Sent once made: the screen, opened again, lists it with the délégation's addresses.
    const sent = admin.getByRole('table', { name: 'Listes envoyées aux départements' });
    for (let attempt = 0; attempt < 10 && !(await sent.isVisible()); attempt += 1) {
      await admin.reload();
      await admin.getByRole('radio', { name: 'Un site de composition' }).waitFor();
      await sent.waitFor({ timeout: 1_000 }).catch(() => undefined);
    }
    await admin.getByRole('heading', { name: 'Listes envoyées aux départements' }).waitFor();
    const sentRows = sent.getByRole('row');
    await expect(sentRows.count()).resolves.toBe(2);
    const [liste, destinataires, envoyeeLe, envoi] = await cells(sentRows.nth(1));
    expect([liste, destinataires, envoi]).toEqual([
      'Liste d’émargement — Département : Mfoundi',
      'listes.mfoundi@minefop.test, chef.mfoundi@minefop.test',
      'Boîte d’envoi (voir le courriel)',
    ]);
    expect(envoyeeLe).toMatch(/^\d\d\/\d\d\/\d{4} à \d\d h \d\d$/);
    await shot(admin, 'listes-03-envoyees-aux-departements');
    // The message kept in the outbox (the embedded mode sends no mail): to both, the PDF attached.
    const courriel = await download(
      sent.getByRole('link', { name: 'Boîte d’envoi (voir le courriel)' }),
      'listes-courriel-mfoundi.eml',
    );
    expect(courriel.name).toMatch(/^courriel-[0-9a-f-]+\.eml$/);
    const eml = readFileSync(courriel.path, 'utf8').replace(/\r\n/g, '\n');
    const header = (name: string) =>
      new RegExp(`^${name}: (.*(?:\n[ \t].*)*)`, 'm').exec(eml)?.[1]?.replace(/\n[ \t]/g, ' ');
    expect(header('To')).toBe('listes.mfoundi@minefop.test, chef.mfoundi@minefop.test');
    /** A header as written in RFC 2047's encoded words (UTF-8, « Q »), read back. */
    const words = (value = '') =>
      value.replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_all, text: string) =>
        Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) =>
              String.fromCharCode(parseInt(code, 16)),
            ),
          'latin1',
        ).toString('utf8'),
      );
    expect(words(header('Subject'))).toBe('Liste d’émargement — Département : Mfoundi');
    // The attachment is the very PDF downloaded.
    const attached =
      /filename=liste-emargement-departement-mfoundi\.pdf\n\n([A-Za-z0-9+/=\n]+)\n--/.exec(eml);
    expect(
      Buffer.from(attached![1]!.replace(/\n/g, ''), 'base64').equals(readFileSync(merged.path)),
    ).toBe(true);
    expect(journey.pageErrors).toEqual([]);
  });

  it('reads the « Bilan d’affectation » per site and per zone, and exports it as CSV', async () => {
    await openFromMenu(admin, BILAN);
    await choose(admin, /^Session/, SESSION);
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
    await choose(admin, /^Niveau/, 'Zone');
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

    // A site without any candidate of the session: hidden, unless asked for, and never charted.
    await createSite(admin, {
      code: 'S-VID',
      libelle: 'Lycée sans candidat',
      centreExamenId: ceDoualaId,
      capacite: 30,
      accessible: false,
    });
    await choose(admin, /^Niveau/, 'Site de composition');
    await row('Lycée Joss').waitFor();
    await admin.getByText('1 ligne sans candidat affecté masquée').waitFor();
    await expect(row('Lycée sans candidat').count()).resolves.toBe(0);
    await admin.getByLabel('Afficher aussi les lignes sans candidat affecté').check();
    await row('Lycée sans candidat').waitFor();
    // The sites used first, then the empty one, then the totals.
    const sites = (await table.locator('tbody tr').allInnerTexts()).map((t) =>
      [
        'Lycée Leclerc',
        'Collège de la Retraite',
        'Lycée Joss',
        'Lycée sans candidat',
        'Total',
      ].find((name) => t.includes(name)),
    );
    expect(sites.slice(3)).toEqual(['Lycée sans candidat', 'Total']);
    await shot(admin, 'affectation-08-bilan-sites-vides');
    expect(journey.pageErrors).toEqual([]);
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
    expect(journey.pageErrors).toEqual([]);
  });

  let enroleur: Page;
  let superviseur: Page;

  it('an enrôleur records an incident about a dossier of her centre, with a PDF, and finds it in « Mes incidents »', async () => {
    enroleur = await journey.signInAs(NDJOCK);
    await openFromMenu(enroleur, ENREGISTRER);
    await choose(enroleur, /^Type d’incident/, 'Place de composition introuvable');
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
    expect(journey.pageErrors).toEqual([]);
  });

  it('a supervisor takes it from « Ouvert » to « En cours » then « Résolu », each step with a comment', async () => {
    superviseur = await journey.signInAs(EYENGA);
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
    await enroleur.goto(`${journey.url}${MES_INCIDENTS}`);
    await enroleur
      .getByRole('row')
      .filter({ hasText: 'Aucune place accessible pour la candidate en fauteuil.' })
      .getByText('Résolu', { exact: true })
      .waitFor();
    expect(journey.pageErrors).toEqual([]);
  });
});
