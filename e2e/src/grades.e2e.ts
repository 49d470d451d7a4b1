import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  advanceSession,
  createCentreDepot,
  createCentreExamen,
  createEpreuve,
  createSite,
  createUserWithProfile,
  DASHBOARD,
  departementId,
  openSessionForRegistration,
  registerCandidates,
  useJourney,
  type StaffAccount,
} from './examSetup';
import { join } from 'node:path';
import { pdfText } from '../../workers/src/testing/pdfText';
import { ARTIFACTS, browserAvailable, openFromMenu, shot } from './harness';
import { readFileSync } from 'node:fs';

/**
 * Exam space, grades: on a session at « Composition » with four allocated candidates, the office
 * requires double entry and opens the import window; records the presences (all present, then one
 * absent by number); imports a file with two bad rows (both listed, nothing written), then the fixed
 * file (first entries); a second agent types the marks in the grid from the keyboard, one different
 * (a discrepancy); the supervisor resolves it with a reason, opens the modification window and
 * changes a mark with a reason; the history shows every entry, the resolution and the change.
 */
const run = browserAvailable() ? describe : describe.skip;

const NOTES = `${DASHBOARD}/espace-examen/notes`;
const CONFIG = `${NOTES}/configuration`;
const IMPORT = `${NOTES}/importation-des-notes`;
const GRID = `${NOTES}/liste-des-notes`;
const HISTORY = `${NOTES}/historiques-des-modifications-des-notes`;
const PRESENCES = `${DASHBOARD}/espace-examen/presences-des-candidats/editer-les-presences`;
const SEARCH = `${DASHBOARD}/espace-examen/rechercher-un-candidat`;
const BILAN = `${DASHBOARD}/espace-examen/presences-des-candidats/bilan-des-presences`;
const FICHES = `${NOTES}/telechargement-des-fiches-de-notes`;
const SESSION = 'CQP session de juin 2027';
/** The second agent, who types the marks. */
const ONDOA: StaffAccount = {
  nom: 'Ondoa',
  prenoms: 'Brigitte',
  login: 'brigitte.ondoa@examens.local',
  telephone: '699000301',
  temporaryPassword: 'Temporaire-Ondoa-1',
  password: 'Ondoa-Definitif-2026',
};

run('Espace examen : présences, notes en double saisie, écart, modification', () => {
  const journey = useJourney();
  let admin: Page;
  let agent: Page;
  let numbers: string[] = [];

  const gridRow = (page: Page, numero: string) =>
    page
      .getByRole('table', { name: 'Grille des notes' })
      .getByRole('row')
      .filter({ hasText: numero });

  it('sets up a session at « Composition » with four allocated candidates and a second agent', async () => {
    admin = await journey.signInAdministrator();
    const session = await openSessionForRegistration(admin, { libelle: SESSION });
    const mfoundi = await departementId(admin, 'Mfoundi');
    const depot = await createCentreDepot(admin, 'DEP-YDE', 'Centre de dépôt de Yaoundé', mfoundi);
    const centre = await createCentreExamen(admin, 'CE-YDE', 'Centre d’examen de Yaoundé', mfoundi);
    const site = await createSite(admin, {
      code: 'S-LEC',
      libelle: 'Lycée Leclerc',
      centreExamenId: centre.id,
      capacite: 50,
    });
    await createEpreuve(admin, session.examenId, {
      code: 'THEO',
      libelle: 'Épreuve théorique',
      coefficient: 1,
      typeEpreuve: 'ecrite',
    });
    const allocated = await registerCandidates(
      admin,
      session,
      [
        { nom: 'ABENA', prenoms: 'Claire', sexe: 'F' },
        { nom: 'BILOA', prenoms: 'Paul', sexe: 'M' },
        { nom: 'ESSOMBA', prenoms: 'Jean', sexe: 'F' },
        { nom: 'FOUDA', prenoms: 'Marc', sexe: 'M' },
      ],
      { centreDepotId: depot.id, siteId: site.id },
    );
    await advanceSession(admin, session, 'inscriptions-closes', 'composition');
    const listed = await admin.request.get(
      `${journey.url}/api/candidatures?filter=${encodeURIComponent(JSON.stringify({ statut: 'affecte' }))}&sort=${encodeURIComponent('["numeroCandidat","ASC"]')}`,
      { headers: { 'x-min-position': allocated.at(-1)!.position } },
    );
    numbers = ((await listed.json()) as { numeroCandidat: string }[]).map((d) => d.numeroCandidat);
    expect(numbers).toEqual(['ELEC-00001', 'ELEC-00002', 'ELEC-00003', 'ELEC-00004']);
    await createUserWithProfile(
      admin,
      { libelle: 'Agent de saisie des notes', permissions: ['note.importer', 'note.lister'] },
      ONDOA,
    );
  });

  it('requires double entry and opens the import window from « Configuration des notes »', async () => {
    await admin.goto(`${journey.url}${DASHBOARD}`);
    await openFromMenu(admin, CONFIG);
    await admin.getByRole('heading', { name: 'Fenêtre d’importation et de saisie' }).waitFor();
    // The switch follows the server: its state changes once the rule is saved.
    await admin.getByLabel('Double saisie exigée').click();
    await admin.getByText('Double saisie exigée.').waitFor();
    await admin.getByRole('button', { name: 'Ouvrir la fenêtre' }).first().click();
    await admin.getByText('Fenêtre ouverte.').waitFor();
    await admin.getByRole('button', { name: 'Fermer la fenêtre' }).waitFor();
    await expect(admin.getByRole('button', { name: 'Fermer la fenêtre' }).count()).resolves.toBe(1);
    await shot(admin, 'notes-01-configuration');
  });

  it('records the presences: everyone present, then one absent by number', async () => {
    await openFromMenu(admin, PRESENCES);
    const table = admin.getByRole('table', { name: 'Présences' });
    await table.getByRole('row').filter({ hasText: 'ELEC-00004' }).waitFor();
    await admin.getByRole('button', { name: 'Tous présents' }).click();
    await admin.getByLabel('N° candidat absent').fill('elec-00004');
    await admin.getByLabel('N° candidat absent').press('Enter');
    await admin.getByText('3 présents, 1 absent, 0 non renseigné').waitFor();
    // The choice reads without colours: the chosen button is ticked and bold, the other is not.
    const absentRow = table.getByRole('row').filter({ hasText: 'ELEC-00004' });
    const chosen = absentRow.getByRole('button', { name: 'Absent' });
    const other = absentRow.getByRole('button', { name: 'Présent' });
    await expect(chosen.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(chosen.locator('svg').count()).resolves.toBe(1);
    await expect(other.locator('svg').count()).resolves.toBe(0);
    await expect(chosen.evaluate((el) => getComputedStyle(el).fontWeight)).resolves.toBe('700');
    await expect(other.evaluate((el) => getComputedStyle(el).fontWeight)).resolves.toBe('400');
    await admin.getByRole('button', { name: 'Enregistrer les présences' }).click();
    await admin.getByText('Présences enregistrées.').waitFor();
    await shot(admin, 'notes-02-presences');
  });

  it('imports a file with two bad rows (both listed, nothing written), then the fixed file', async () => {
    await openFromMenu(admin, IMPORT);
    const bad = [
      'numero_candidat;code_epreuve;note',
      'ELEC-00001;THEO;12,5',
      'ELEC-00002;THEO;21',
      'ELEC-00003;THEO;9,75',
      'ELEC-00004;THEO;10',
    ].join('\n');
    const chooser = admin.getByLabel('Fichier des notes');
    await chooser.setInputFiles({
      name: 'notes-theo.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(bad),
    });
    await admin.getByRole('button', { name: 'Importer' }).click();
    const refused = admin.getByRole('table', { name: 'Lignes refusées' });
    await refused.waitFor();
    await expect(refused.getByRole('row').allInnerTexts()).resolves.toEqual([
      'Ligne\tMotif du refus',
      '3\tLa note 21 sort de l’échelle de l’épreuve (0 à 20).',
      '5\tLe candidat ELEC-00004 est absent à cette épreuve : il ne peut pas recevoir de note.',
    ]);
    await admin.getByText(/^2 lignes sont refusées : aucune note n’a été importée\./).waitFor();
    await shot(admin, 'notes-03-import-refuse');
    const good = [
      'numero_candidat;code_epreuve;note',
      'ELEC-00001;THEO;12,5',
      'ELEC-00002;THEO;14',
      'ELEC-00003;THEO;9,75',
    ].join('\n');
    await chooser.setInputFiles({
      name: 'notes-theo.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(good),
    });
    await admin.getByRole('button', { name: 'Importer' }).click();
    await admin
      .getByText('3 lignes lues : 3 saisies enregistrées sur 1 feuille de notes.')
      .waitFor();
    await shot(admin, 'notes-04-import-reussi');
  });

  it('reads the presences’ bilan and downloads the site’s grade sheet', async () => {
    await openFromMenu(admin, BILAN);
    const bilan = admin.getByRole('table', { name: 'Bilan des présences' });
    const line = bilan
      .getByRole('row')
      .filter({ hasText: 'Lycée Leclerc — THEO — Épreuve théorique' });
    await line.waitFor();
    await expect(line.innerText()).resolves.toMatch(/\t4\t3\t1\t0\t75\s%$/);
    await shot(admin, 'notes-04b-bilan-presences');
    await openFromMenu(admin, FICHES);
    await admin.getByRole('combobox', { name: /^Site de composition/ }).click();
    await admin.getByRole('option', { name: /^Lycée Leclerc/ }).click();
    const [file] = await Promise.all([
      admin.waitForEvent('download', { timeout: 60_000 }),
      admin.getByRole('button', { name: 'Fiche de notes du site (PDF)' }).click(),
    ]);
    const path = join(ARTIFACTS, 'notes-fiche-lycee-leclerc.pdf');
    await file.saveAs(path);
    expect(file.suggestedFilename()).toMatch(/^fiches-de-notes-lycee-leclerc-theo/);
    const text = pdfText(readFileSync(path)).join('\n');
    expect(text).toContain('Fiche de notes — THEO Épreuve théorique');
    expect(text).toMatch(
      /ELEC-00001[\s\S]*ELEC-00002[\s\S]*ELEC-00003[\s\S]*ELEC-00004\s+\d+\s+Absent/,
    );
    expect(text).toContain('Le président du jury');
    await shot(admin, 'notes-04c-fiches');
  });

  it('a second agent types the marks in the grid; one differs and is a discrepancy', async () => {
    agent = await journey.signInAs(ONDOA);
    await openFromMenu(agent, GRID);
    await gridRow(agent, 'ELEC-00003').waitFor();
    await gridRow(agent, 'ELEC-00004').getByText('Absent').first().waitFor();
    // An absent candidate's mark reads « Absent », never « À saisir ».
    await expect(gridRow(agent, 'ELEC-00004').innerText()).resolves.not.toContain('À saisir');
    // Keyboard entry: a mark, Entrée, the next candidate.
    await agent.getByLabel('Note de ELEC-00001').fill('12.5');
    await agent.getByLabel('Note de ELEC-00001').press('Enter');
    await expect(
      agent.getByLabel('Note de ELEC-00002').evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await agent.keyboard.type('15');
    await agent.keyboard.press('Enter');
    await agent.keyboard.type('9,75');
    await agent.keyboard.press('Enter');
    await gridRow(agent, 'ELEC-00003').getByText('Retenue').waitFor();
    await gridRow(agent, 'ELEC-00001').getByText('Retenue').waitFor();
    await gridRow(agent, 'ELEC-00002').getByText('Écart à résoudre').waitFor();
    await agent.getByText(/2 retenues, 0 en attente de seconde saisie, 1 écart/).waitFor();
    await shot(agent, 'notes-05-grille-ecart');
  });

  it('the supervisor resolves the discrepancy, then changes a mark with a reason; the history shows all of it', async () => {
    await openFromMenu(admin, GRID);
    await gridRow(admin, 'ELEC-00002').getByRole('button', { name: 'Résoudre l’écart' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog
      .getByText('Saisies : 14 par Premier ADMINISTRATEUR ; 15 par Brigitte Ondoa')
      .waitFor();
    await dialog.getByLabel(/Note retenue/).fill('14,5');
    await dialog.getByLabel(/Motif/).fill('Copie revue par le président du jury');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await admin.getByText('Écart résolu.').waitFor();
    await gridRow(admin, 'ELEC-00002').getByText('14,5').waitFor();
    // A change needs the modification window.
    await openFromMenu(admin, CONFIG);
    await admin.getByRole('heading', { name: 'Fenêtre de modification' }).waitFor();
    await admin.getByRole('button', { name: 'Ouvrir la fenêtre' }).click();
    await admin.getByText('Fenêtre ouverte.').waitFor();
    await openFromMenu(admin, GRID);
    await gridRow(admin, 'ELEC-00003').getByRole('button', { name: 'Modifier' }).click();
    await admin
      .getByRole('dialog')
      .getByLabel(/Note retenue/)
      .fill('10,25');
    await admin.getByRole('dialog').getByRole('button', { name: 'Enregistrer' }).click();
    await admin.getByRole('dialog').getByText('Indiquez le motif de la modification.').waitFor();
    await admin.getByRole('dialog').getByLabel(/Motif/).fill('Erreur de report sur la copie');
    await admin.getByRole('dialog').getByRole('button', { name: 'Enregistrer' }).click();
    await admin.getByText('Note modifiée.').waitFor();
    await gridRow(admin, 'ELEC-00003').getByText('10,25').waitFor();
    await shot(admin, 'notes-06-grille-finale');
    await openFromMenu(admin, HISTORY);
    const modification = admin
      .getByRole('row')
      .filter({ hasText: 'Erreur de report sur la copie' });
    await modification.waitFor();
    await expect(modification.innerText()).resolves.toMatch(
      /ELEC-00003.*Modification.*9,75.*10,25/s,
    );
    await admin
      .getByRole('row')
      .filter({ hasText: 'Copie revue par le président du jury' })
      .waitFor();
    await expect(admin.getByRole('row').filter({ hasText: 'ELEC-00002' }).count()).resolves.toBe(3);
    await shot(admin, 'notes-07-historique');
  });

  it('« Rechercher un candidat » finds the candidate by name without accents and shows all of it', async () => {
    await openFromMenu(admin, SEARCH);
    await admin.getByLabel(/^Numéro de candidat, de dossier, nom/).fill('biloa');
    await admin.getByRole('button', { name: 'Rechercher' }).click();
    // One candidate found: the 360° view opens at once.
    await admin.getByRole('heading', { name: 'Biloa Paul' }).waitFor();
    await admin.getByText('Lycée Leclerc').first().waitFor();
    const marks = admin.getByRole('table', { name: 'Présences et notes' });
    await expect(marks.getByRole('row').nth(1).innerText()).resolves.toMatch(
      /THEO — Épreuve théorique\s+Présent\s+14 \(Premier Administrateur\) ; 15 \(Brigitte Ondoa\)\s+14,5 \/ 20\s+Retenue/,
    );
    const timeline = admin.getByRole('table', { name: 'Chronologie' });
    await timeline.getByRole('row').filter({ hasText: 'Affectation à un site' }).waitFor();
    await timeline
      .getByRole('row')
      .filter({ hasText: 'Copie revue par le président du jury' })
      .waitFor();
    await shot(admin, 'notes-08-recherche-360');
    expect(journey.pageErrors).toEqual([]);
  });
});
