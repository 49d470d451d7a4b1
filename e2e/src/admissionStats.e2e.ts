import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { pdfText } from '../../workers/src/testing/pdfText';
import { setUpDeliberation, SESSION_LIBELLE, type AdmissionsSetup } from './admissionsSetup';
import { cells, choose, DASHBOARD, useJourney } from './examSetup';
import { ARTIFACTS, browserAvailable, openFromMenu, shot } from './harness';

/**
 * « Extraction par rang des admis » and « Statistiques des admissions » on a session whose jury
 * closed its deliberation (admissionsSetup: Chindji 16, Abena 14, Essomba 12, Dika 11 admitted,
 * Bilong 8 ajourné; Chindji and Dika at the centre de dépôt de Douala): the administrator ranks the
 * admitted candidates, filters by sex and centre, keeps the first one, exports the extraction in
 * CSV and PDF; then reads the pass rates by métier, by sex (table and chart) and exports them in
 * XLSX.
 */
const run = browserAvailable() ? describe : describe.skip;

const ADMISSIONS = `${DASHBOARD}/espace-examen/gestion-des-admissions`;
const EXTRACTION = `${ADMISSIONS}/extraction-par-rang-des-admis`;
const STATISTICS = `${ADMISSIONS}/statistiques`;

run('Admissions : extraction par rang des admis et statistiques', () => {
  const journey = useJourney();
  let admin: Page;
  let setup: AdmissionsSetup;

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

  it('ranks the admitted candidates over the filtered set, keeps the first N, exports CSV and PDF', async () => {
    admin = await journey.signInAdministrator();
    setup = await setUpDeliberation(admin, { close: true });
    const numero = (nom: string) =>
      setup.numeros[['Abena', 'Bilong', 'Chindji', 'Dika', 'Essomba'].indexOf(nom)]!;
    await admin.goto(`${journey.url}${DASHBOARD}`);
    await openFromMenu(admin, EXTRACTION);
    const table = admin.getByRole('table', { name: 'Admis par rang' });
    const rows = table.locator('tbody tr');
    /** Rank, jury rank, number and name of each line shown. */
    const lines = async () =>
      Promise.all((await rows.all()).map(async (row) => (await cells(row)).slice(0, 4)));
    await admin.getByRole('status').getByText('4 admis').waitFor();
    expect(await lines()).toEqual([
      ['1', '1', numero('Chindji'), 'Chindji'],
      ['2', '2', numero('Abena'), 'Abena'],
      ['3', '3', numero('Essomba'), 'Essomba'],
      ['4', '4', numero('Dika'), 'Dika'],
    ]);
    await expect(cells(rows.first())).resolves.toEqual([
      '1',
      '1',
      numero('Chindji'),
      'Chindji',
      'Ange',
      'Féminin',
      'Électricité',
      'Centre de dépôt de Douala',
      'Wouri',
      'Littoral',
      '16',
      'Admis',
    ]);
    await shot(admin, 'admissions-01-extraction');

    // Men only: Dika is first of the set, fourth of his jury.
    await choose(admin, /^Sexe/, 'Masculin');
    await admin.getByRole('status').getByText('1 admis').waitFor();
    expect(await lines()).toEqual([['1', '4', numero('Dika'), 'Dika']]);
    await choose(admin, /^Sexe/, 'Tous');
    // The centre de dépôt de Douala: Chindji, then Dika, ranked again.
    await choose(admin, /^Centre de dépôt/, 'Centre de dépôt de Douala');
    await admin.getByRole('status').getByText('2 admis').waitFor();
    expect(await lines()).toEqual([
      ['1', '1', numero('Chindji'), 'Chindji'],
      ['2', '4', numero('Dika'), 'Dika'],
    ]);
    // A top N that is not a positive integer is refused in French; 1 keeps the first.
    const top = admin.getByLabel('Les N premiers');
    await top.fill('0');
    await admin
      .getByRole('alert')
      .getByText(
        'Le nombre de candidats à extraire doit être un nombre entier positif (par exemple 10).',
      )
      .waitFor();
    await top.fill('1');
    await admin.getByRole('status').getByText('1 admis (extraction limitée au premier)').waitFor();
    expect(await lines()).toEqual([['1', '1', numero('Chindji'), 'Chindji']]);
    await shot(admin, 'admissions-02-extraction-filtree');

    const csv = await download(
      admin.getByRole('button', { name: 'Exporter (CSV)' }),
      'admissions-extraction.csv',
    );
    expect(csv.name).toMatch(/^extraction-admis-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(readFileSync(csv.path, 'utf8').split('\r\n')).toEqual([
      '\ufeffRang;Rang au jury;Numéro de candidat;Nom;Prénoms;Sexe;Métier;Centre de dépôt;Département;Zone;Moyenne;Résultat',
      `1;1;${numero('Chindji')};Chindji;Ange;Féminin;Électricité;Centre de dépôt de Douala;Wouri;Littoral;16;Admis`,
      '',
    ]);
    const pdf = await download(
      admin.getByRole('button', { name: 'Télécharger (PDF)' }),
      'admissions-extraction.pdf',
    );
    expect(pdf.name).toMatch(
      /^admis-par-rang-cqp-session-de-juin-2027-centre-de-depot-de-douala.*\.pdf$/,
    );
    const text = pdfText(readFileSync(pdf.path)).join('\n');
    expect(text).toContain('Admis par rang — Centre de dépôt de Douala, 1 premier');
    expect(text).toContain(`${SESSION_LIBELLE} — 1 admis`);
    expect(text).toContain(numero('Chindji'));
    expect(text).not.toContain(numero('Dika'));
    expect(journey.pageErrors).toEqual([]);
  });

  it('reads the pass rates by métier and by sex, as a table and a chart, and exports them', async () => {
    await openFromMenu(admin, STATISTICS);
    const table = (by: string) => admin.getByRole('table', { name: `Taux de réussite par ${by}` });
    const row = (by: string, name: string) =>
      table(by)
        .getByRole('row')
        .filter({ has: admin.getByRole('cell', { name, exact: true }) });
    await row('métier', 'Électricité').waitFor();
    await expect(cells(row('métier', 'Électricité'))).resolves.toEqual([
      'Électricité',
      '5',
      '5',
      '4',
      '1',
      '0',
      '0',
      '80 %',
      '80 %',
    ]);
    await choose(admin, /^Par/, 'Sexe');
    await row('sexe', 'Féminin').waitFor();
    await expect(cells(row('sexe', 'Féminin'))).resolves.toEqual([
      'Féminin',
      '3',
      '3',
      '3',
      '0',
      '0',
      '0',
      '100 %',
      '100 %',
    ]);
    await expect(cells(row('sexe', 'Masculin'))).resolves.toEqual([
      'Masculin',
      '2',
      '2',
      '1',
      '1',
      '0',
      '0',
      '50 %',
      '50 %',
    ]);
    await expect(cells(table('sexe').locator('tr[data-total]'))).resolves.toEqual([
      'Total',
      '5',
      '5',
      '4',
      '1',
      '0',
      '0',
      '80 %',
      '80 %',
    ]);
    await admin.getByRole('figure', { name: 'Taux d’admission par sexe' }).waitFor();
    await choose(admin, /^Par/, 'Centre de dépôt');
    // The table follows the chosen dimension once its answer is in.
    await row('centre de dépôt', 'Centre de dépôt de Yaoundé').waitFor();
    await expect(cells(row('centre de dépôt', 'Centre de dépôt de Yaoundé'))).resolves.toEqual([
      'Centre de dépôt de Yaoundé',
      '3',
      '3',
      '2',
      '1',
      '0',
      '0',
      '66,7 %',
      '66,7 %',
    ]);
    await shot(admin, 'admissions-03-statistiques');
    const xlsx = await download(
      admin.getByRole('button', { name: 'Exporter (XLSX)' }),
      'admissions-statistiques.xlsx',
    );
    expect(xlsx.name).toMatch(/^statistiques-admissions-\d{2}-\d{2}-\d{4}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx.path);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Centre de dépôt',
      'Candidats délibérés',
      'Présents',
      'Admis',
      'Ajournés',
      'Éliminés',
      'Absents',
      'Taux d’admission (%)',
      'Taux d’admission des présents (%)',
    ]);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'Centre de dépôt de Douala',
      2,
      2,
      2,
      0,
      0,
      0,
      100,
      100,
    ]);
    expect(sheet.getRow(4).values).toEqual([undefined, 'Total', 5, 5, 4, 1, 0, 0, 80, 80]);
    expect(journey.pageErrors).toEqual([]);
  });
});
