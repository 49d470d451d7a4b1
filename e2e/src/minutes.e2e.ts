import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { pdfText } from '../../workers/src/testing/pdfText';
import { ADMISSION_CANDIDATES, setUpDeliberation, type AdmissionsSetup } from './admissionsSetup';
import {
  cells,
  createUserWithProfile,
  DASHBOARD,
  useJourney,
  type StaffAccount,
} from './examSetup';
import { api, ARTIFACTS, browserAvailable, openFromMenu, shot } from './harness';

/**
 * Admissions, the minutes and the visibility of results: while the jury deliberates, the results
 * cannot be made visible (the screen names the open jury); once the jury has decided for Bilong and
 * closed, the archivist generates the PV of the jury's centre (every candidate, Bilong « Admis
 * (décision du jury) », the signature blocks), archives it after a confirmation (version 1), then a
 * second generation (version 2); « Consultation des PV » lists both, checks version 1's hash
 * (« Intègre ») and downloads it as archived; the office makes the results visible, with the average.
 */
const run = browserAvailable() ? describe : describe.skip;

const ARCHIVES = `${DASHBOARD}/espace-examen/archives-des-proces-verbal`;
const SAUVEGARDE = `${ARCHIVES}/sauvegarde`;
const CONSULTATIONS = `${ARCHIVES}/consultations`;
const VISIBILITE = `${DASHBOARD}/espace-examen/gestion-des-admissions/visibilite-des-resultats`;

/** The archivist: archives and consults the PVs. */
const NKOLO: StaffAccount = {
  nom: 'Nkolo',
  prenoms: 'Awa',
  login: 'awa.nkolo@examens.local',
  telephone: '699000401',
  temporaryPassword: 'Temporaire-Nkolo-1',
  password: 'Nkolo-Definitif-2026',
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

run('Admissions : procès-verbal archivé, consulté, visibilité des résultats', () => {
  const journey = useJourney();
  let admin: Page;
  let archiviste: Page;
  let setup: AdmissionsSetup;

  it('sets up a deliberating jury and the archivist’s account', async () => {
    admin = await journey.signInAdministrator();
    setup = await setUpDeliberation(admin);
    await createUserWithProfile(
      admin,
      { libelle: 'Archiviste des PV', permissions: ['pv.archiver', 'pv.consulter'] },
      NKOLO,
    );
  });

  it('cannot make the results visible while the jury deliberates', async () => {
    await admin.goto(`${journey.url}${DASHBOARD}`);
    await openFromMenu(admin, VISIBILITE);
    const juries = admin.getByRole('table', { name: 'Jurys de la session' });
    await juries.getByRole('row', { name: /Jury de Yaoundé/ }).waitFor();
    expect(await cells(juries.getByRole('row', { name: /Jury de Yaoundé/ }))).toEqual([
      'Jury de Yaoundé',
      'Ouverte',
      '—',
      '—',
    ]);
    await admin
      .getByText(
        'Les résultats se rendent visibles une fois tous les jurys clos : « Jury de Yaoundé » n’a pas encore clos.',
      )
      .waitFor();
    await expect(
      admin.getByLabel('Résultats visibles sur la consultation publique').isDisabled(),
    ).resolves.toBe(true);
    await shot(admin, 'pv-01-visibilite-jury-ouvert');
    // The jury decides for Bilong, then closes (the deliberation journey does it on screen).
    await api(admin, `/api/deliberations/${setup.juryId}/derogations`, {
      candidatureId: setup.candidatureIds[1],
      resultat: 'admis',
      motif: 'Rachat : travaux pratiques remarqués',
    });
    await api(admin, `/api/deliberations/${setup.juryId}/cloture`, {});
  });

  it('generates the PV of the jury’s centre and archives it after a confirmation', async () => {
    archiviste = await journey.signInAs(NKOLO);
    await openFromMenu(archiviste, SAUVEGARDE);
    await archiviste.getByRole('combobox', { name: /^Centre d’examen/ }).waitFor();
    await archiviste.getByText('Centre d’examen de Yaoundé (5 candidats)').waitFor();
    await archiviste.getByText('Aucune version archivée pour ce centre.').waitFor();
    await archiviste.getByRole('button', { name: 'Générer le procès-verbal' }).click();
    const preview = archiviste.getByRole('link', { name: 'Télécharger l’aperçu (PDF)' });
    await preview.waitFor({ timeout: 60_000 });
    // The preview, read back: every candidate, Bilong by the jury's decision, who signs.
    const response = await archiviste.request.get(
      new URL((await preview.getAttribute('href'))!, journey.url).toString(),
    );
    expect(response.status()).toBe(200);
    const text = pdfText(await response.body()).join('\n');
    expect(text).toContain('PROCÈS-VERBAL DE DÉLIBÉRATION');
    expect(text).toContain('Centre d’examen : Centre d’examen de Yaoundé');
    expect(text).toContain('Arrêté n° 0042/MINEFOP du 10/07/2027');
    for (const [i, c] of ADMISSION_CANDIDATES.entries()) {
      expect(text).toContain(setup.numeros[i]!);
      expect(text).toContain(`${c.nom.toUpperCase()} ${c.prenoms}`);
    }
    expect(text).toMatch(new RegExp(`${setup.numeros[1]}[^]*?Admis \\(décision du jury\\)`));
    expect(text).toContain('Effectif : 5 — Admis : 5');
    expect(text).toContain('ONDOA Jean');
    expect(text).toContain('EKANI Berthe');
    await shot(archiviste, 'pv-02-genere');
    await archiviste.getByRole('button', { name: 'Archiver ce procès-verbal' }).click();
    const dialog = archiviste.getByRole('dialog');
    await dialog
      .getByText(/« Jury de Yaoundé — Centre d’examen de Yaoundé » sera archivé comme version 1/)
      .waitFor();
    await shot(archiviste, 'pv-03-confirmation');
    await dialog.getByRole('button', { name: 'Archiver' }).click();
    await archiviste.getByText('Procès-verbal archivé : version 1.').waitFor();
    const versions = archiviste.getByRole('table', { name: 'Versions archivées' });
    await versions.getByRole('row', { name: /^1 \(dernière\)/ }).waitFor();
    expect(await cells(versions.getByRole('row').nth(1))).toEqual([
      '1 (dernière)',
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} à \d{2} h \d{2}$/),
      'Awa Nkolo',
      expect.stringMatching(/^[0-9a-f]{12}…[0-9a-f]{6}$/),
      expect.stringMatching(/ ko$/),
      'Ouvrir',
    ]);
  });

  it('archives a second generation as version 2, the first kept', async () => {
    await archiviste.getByRole('button', { name: 'Générer le procès-verbal' }).click();
    await archiviste
      .getByRole('button', { name: 'Archiver ce procès-verbal' })
      .click({ timeout: 60_000 });
    await archiviste
      .getByRole('dialog')
      .getByText(/sera archivé comme version 2/)
      .waitFor();
    await archiviste.getByRole('dialog').getByRole('button', { name: 'Archiver' }).click();
    await archiviste.getByText('Procès-verbal archivé : version 2.').waitFor();
    const versions = archiviste.getByRole('table', { name: 'Versions archivées' });
    await versions.getByRole('row', { name: /^2 \(dernière\)/ }).waitFor();
    expect(
      (await versions.getByRole('row').allInnerTexts()).slice(1).map((r) => r.split('\t')[0]),
    ).toEqual(['2 (dernière)', '1']);
    await shot(archiviste, 'pv-04-deux-versions');
  });

  it('consults the archived PVs, checks version 1’s hash and downloads it as archived', async () => {
    await openFromMenu(archiviste, CONSULTATIONS);
    const table = archiviste.getByRole('table', { name: 'Procès-verbaux archivés' });
    await table.getByRole('row').nth(2).waitFor();
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(3);
    const first = rows.filter({ hasText: /^Jury de Yaoundé — Centre d’examen de Yaoundé/ }).nth(1);
    expect((await cells(first)).slice(0, 4)).toEqual([
      'Jury de Yaoundé — Centre d’examen de Yaoundé',
      setup.sessionLibelle,
      'n° 0042/MINEFOP du 10/07/2027',
      '1',
    ]);
    await first.getByRole('button', { name: /^Vérifier l’empreinte/ }).click();
    await first.getByText('Intègre', { exact: true }).waitFor();
    await archiviste
      .getByText('Intègre : le fichier archivé a la même empreinte SHA-256 qu’à son archivage.')
      .first()
      .waitFor();
    await shot(archiviste, 'pv-05-consultation-integre');
    const shown = (await first.getByLabel(/^SHA-256 /).getAttribute('aria-label'))!.slice(8);
    const [download] = await Promise.all([
      archiviste.waitForEvent('download', { timeout: 60_000 }),
      first.getByRole('link', { name: /^Télécharger la version 1/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      'proces-verbal-jury-de-yaounde-centre-d-examen-de-yaounde-v1.pdf',
    );
    const path = join(ARTIFACTS, 'pv-version-1.pdf');
    await download.saveAs(path);
    const bytes = readFileSync(path);
    expect(sha256(bytes)).toBe(shown);
    expect(pdfText(bytes).join('\n')).toContain('Admis (décision du jury)');
  });

  it('makes the results visible, then shows the average, each change with who made it', async () => {
    /** A switch's state once the screen has shown the change (it reloads after each command). */
    const checked = async (label: string) => {
      const box = admin.getByLabel(label);
      for (let i = 0; i < 100 && !(await box.isChecked()); i += 1) await admin.waitForTimeout(50);
      return box.isChecked();
    };
    // The screen the administrator left before the jury closed, read again.
    await admin.reload();
    const juries = admin.getByRole('table', { name: 'Jurys de la session' });
    await juries
      .getByRole('row', { name: /Jury de Yaoundé/ })
      .getByText('Close')
      .waitFor();
    await admin.getByText('Jamais réglée : les résultats ne sont pas visibles.').waitFor();
    await admin.getByLabel('Résultats visibles sur la consultation publique').click();
    await admin
      .getByText('Résultats visibles sur la consultation publique, sans la moyenne.')
      .waitFor();
    await expect(checked('Résultats visibles sur la consultation publique')).resolves.toBe(true);
    await admin.getByLabel('Afficher la moyenne avec le résultat').click();
    await admin
      .getByText('Résultats visibles sur la consultation publique, avec la moyenne.')
      .waitFor();
    await admin
      .getByText(/^Dernier changement le \d{2}\/\d{2}\/\d{4} à \d{2} h \d{2} par /)
      .waitFor();
    await expect(checked('Afficher la moyenne avec le résultat')).resolves.toBe(true);
    await shot(admin, 'pv-06-resultats-visibles');
    expect(journey.pageErrors).toEqual([]);
  });
});
