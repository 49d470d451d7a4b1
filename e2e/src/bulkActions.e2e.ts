import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserAvailable, shot, type CommandAnswer } from './harness';
import {
  DASHBOARD,
  departementId,
  openSessionForRegistration,
  useJourney,
  type ExamSession,
} from './examSetup';

/**
 * Actions in bulk on « Liste des candidats » (issue #32): 500 dossiers prepared through the API,
 * 3 of them left brouillons (they cannot be validated); the administrator filters the list on the
 * session, chooses « Tous les résultats du filtre », « Valider »: the run goes on in the
 * background with its progress bar, then lists 497 dossiers validated and the 3 refusals with
 * their reason, exported in CSV and read back; then a quick action over the rows chosen.
 */
const run = browserAvailable() ? describe : describe.skip;

const LIST = `${DASHBOARD}/inscription/candidats/liste`;
const TOTAL = 500;
/** Left brouillons: validating them is refused. */
const DRAFTS = new Set([41, 250, 444]);
const DRAFT_REFUSAL = 'Ce dossier est à l’état « Brouillon » : il ne peut pas être validé.';
const WORDS = [
  'Aline',
  'Berthe',
  'Céline',
  'Diane',
  'Edith',
  'Flore',
  'Gaëlle',
  'Hélène',
  'Irène',
  'Judith',
];

/** Waits until `value` answers `expected` (the screens read the server as it goes on). */
const until = async <T>(value: () => Promise<T>, expected: T, timeout = 20_000): Promise<void> => {
  const end = Date.now() + timeout;
  let last = await value();
  while (last !== expected && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await value();
  }
  expect(last).toEqual(expected);
};

run('Inscription : actions groupées sur la liste des candidats', () => {
  const journey = useJourney();
  let admin: Page;
  let session: ExamSession;

  /** The API as the signed-in page, its CSRF token read once, `lanes` calls at a time. */
  const client = async (page: Page) => {
    const { origin } = new URL(page.url());
    const { csrfToken } = (await (await page.request.get(`${origin}/api/auth/csrf`)).json()) as {
      csrfToken: string;
    };
    return async (path: string, data: Record<string, unknown>, ifMatch?: number) => {
      const response = await page.request.post(`${origin}${path}`, {
        data,
        headers: {
          'x-csrf-token': csrfToken,
          ...(ifMatch === undefined ? {} : { 'if-match': `W/"${ifMatch}"` }),
        },
      });
      if (response.status() >= 300)
        throw new Error(`${path} : ${response.status()} ${await response.text()}`);
      return (await response.json()) as CommandAnswer;
    };
  };

  it(`prepares ${TOTAL} dossiers through the API, ${DRAFTS.size} of them left brouillons`, async () => {
    admin = await journey.signInAdministrator();
    session = await openSessionForRegistration(admin, { libelle: 'CQP session de juin 2027' });
    const post = await client(admin);
    const depot = await post('/api/centres-depot', {
      code: 'DEP-YDE',
      libelle: 'Centre de dépôt de Yaoundé',
      departementId: await departementId(admin, 'Mfoundi'),
    });
    await post('/api/motifs-rejet', { code: 'INCOMPLET', libelle: 'Dossier incomplet' });
    const started = Date.now();
    let next = 0;
    const lane = async () => {
      while (next < TOTAL) {
        const i = next++;
        const dossier = await post('/api/candidatures', {
          sessionId: session.id,
          metierId: session.metiers.ELEC,
          centreDepotId: depot.id,
          categorie: 'libre',
          nom: ['Mballa', 'Ngono', 'Étoundi', 'Fotso'][i % 4],
          prenoms: `${WORDS[i % 10]} ${WORDS[Math.floor(i / 10) % 10]} ${WORDS[Math.floor(i / 100) % 10]}`,
          sexe: i % 2 ? 'M' : 'F',
          dateNaissance: `${1960 + (i % 40)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
          lieuNaissance: 'Bafoussam',
          nationalite: 'Camerounaise',
          telephone: '699 11 22 33',
          niveauId: session.niveauId,
        });
        if (!DRAFTS.has(i))
          await post(`/api/candidatures/${dossier.id}/soumettre`, {}, dossier.revision);
      }
    };
    await Promise.all(Array.from({ length: 6 }, lane));
    console.log(`${TOTAL} dossiers préparés en ${Date.now() - started} ms`);
  }, 240_000);

  it('validates every result of the filter: progress bar, then 497 validated and 3 refusals with their reason', async () => {
    const filter = encodeURIComponent(JSON.stringify({ sessionId: session.id }));
    await admin.goto(`${journey.url}${LIST}?filter=${filter}`);
    // The list has read every dossier (the projections follow the writes).
    await admin.getByText(`sur ${TOTAL}`).waitFor({ timeout: 60_000 });
    await admin.locator('thead input[type="checkbox"]').check();
    await admin.getByLabel(`Tous les résultats du filtre (${TOTAL})`).check();
    await shot(admin, 'lot-liste-selection');
    await admin.getByRole('button', { name: `Actions groupées (${TOTAL})` }).click();
    await admin.getByRole('menuitem', { name: 'Valider' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(`Valider : ${TOTAL} dossiers`).waitFor();
    const started = Date.now();
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await admin.waitForURL(/actions-groupees\/[^/]+\/show$/);
    const progress = admin.getByTestId('progression-lot');
    await progress.waitFor();
    await shot(admin, 'lot-progression');
    await progress.getByText('Terminée').waitFor({ timeout: 150_000 });
    console.log(`Validation de ${TOTAL} dossiers listée en ${Date.now() - started} ms`);
    const figure = (label: string) => admin.getByTestId(`chiffre-${label}`).locator('p').first();
    expect(await figure('Dossiers').innerText()).toBe('500');
    expect(await figure('Réussis').innerText()).toBe('497');
    expect(await figure('Refusés').innerText()).toBe('3');
    const refused = admin.getByRole('region', { name: 'Refusés' });
    await until(() => refused.locator('tbody tr').count(), 3);
    for (const row of await refused.locator('tbody tr').all())
      expect(await row.innerText()).toContain(DRAFT_REFUSAL);
    await shot(admin, 'lot-resultat');
    // The refusals' export, read back.
    const downloaded = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Exporter (CSV)' }).first().click();
    const download = await downloaded;
    const file = join(ARTIFACTS, 'lot-refus.csv');
    await download.saveAs(file);
    const lines = readFileSync(file, 'utf8').trimEnd().split(/\r?\n/);
    expect(lines[0]).toBe('\ufeffRang;Numéro de dossier;Nom et prénoms;Résultat;Motif');
    expect(lines.slice(1)).toHaveLength(3);
    for (const line of lines.slice(1)) expect(line).toContain(`Refusé;${DRAFT_REFUSAL}`);
  }, 240_000);

  it('submits the rows chosen at once: the 3 brouillons, each submitted', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({ sessionId: session.id, statut: 'brouillon' }),
    );
    await admin.goto(`${journey.url}${LIST}?filter=${filter}`);
    await until(() => admin.locator('tbody tr').count(), 3);
    await admin.locator('thead input[type="checkbox"]').check();
    await admin.getByRole('button', { name: 'Actions groupées (3)' }).click();
    await admin.getByRole('menuitem', { name: 'Soumettre' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('Soumettre : 3 dossiers').waitFor();
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await admin.waitForURL(/actions-groupees\/[^/]+\/show$/);
    await admin.getByTestId('progression-lot').getByText('Terminée').waitFor();
    const done = admin.getByRole('region', { name: 'Réussis' });
    await until(() => done.locator('tbody tr').count(), 3);
    await shot(admin, 'lot-selection-soumis');
    // Now « Soumis », the same three rejected with a motif chosen in the dialog.
    const soumis = encodeURIComponent(JSON.stringify({ sessionId: session.id, statut: 'soumis' }));
    await admin.goto(`${journey.url}${LIST}?filter=${soumis}`);
    await until(() => admin.locator('tbody tr').count(), 3);
    await admin.locator('thead input[type="checkbox"]').check();
    await admin.getByRole('button', { name: 'Actions groupées (3)' }).click();
    await admin.getByRole('menuitem', { name: 'Rejeter' }).click();
    const reject = admin.getByRole('dialog');
    await reject.getByRole('button', { name: 'Confirmer' }).click();
    await reject.getByRole('alert').getByText('Renseignez « Motif du rejet »').waitFor();
    await reject.getByRole('combobox', { name: /Motif du rejet/ }).click();
    await admin.getByRole('option', { name: 'Dossier incomplet' }).click();
    await reject.getByLabel('Commentaire').fill('Pièces à compléter');
    await shot(admin, 'lot-rejet-dialogue');
    await reject.getByRole('button', { name: 'Confirmer' }).click();
    await admin.waitForURL(/actions-groupees\/[^/]+\/show$/);
    await admin.getByTestId('progression-lot').getByText('Terminée').waitFor();
    expect(await admin.getByTestId('chiffre-Réussis').locator('p').first().innerText()).toBe('3');
    expect(journey.pageErrors).toEqual([]);
  }, 120_000);
});
