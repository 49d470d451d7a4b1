import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  cells,
  choose,
  createCentreDepot,
  createCentreExamen,
  createSite,
  DASHBOARD,
  departementId,
  openSessionForRegistration,
  registerCandidates,
  useJourney,
} from './examSetup';
import { api, browserAvailable, openFromMenu, shot } from './harness';

/**
 * Exam space, juries, on a fresh embedded product: a session whose candidates sit in two centres
 * d'examen (Électricité at Yaoundé, Coiffure at Douala); the office records two jury members from
 * « Membres du jury » (nom, prénoms, fonction, structure, téléphone), then, from « Composition des
 * jurys », reads the coverage (two pairs without a jury), composes the Yaoundé jury (type, session,
 * centre, métier, president, another member) and sees its pair covered and the other still a gap;
 * a second jury on the same pair is refused, naming the pair and the jury that covers it.
 */
const run = browserAvailable() ? describe : describe.skip;

const MEMBRES = `${DASHBOARD}/espace-examen/gestion-des-jurys/edition-des-membres-du-jury`;
const COMPOSITION = `${DASHBOARD}/espace-examen/gestion-des-jurys/composition-des-jurys`;
const SESSION = 'CQP session de juin 2027';

run('Espace examen : composition des jurys', () => {
  const journey = useJourney();
  let admin: Page;

  const toast = (text: string | RegExp) => admin.locator('.toasts > *').filter({ hasText: text });

  it('the administrator sets up a session with candidates allocated in two centres d’examen', async () => {
    admin = await journey.signInAdministrator();
    const session = await openSessionForRegistration(admin, {
      libelle: SESSION,
      examen: 'CQP',
      metiers: [
        ['ELEC', 'Électricité'],
        ['COIF', 'Coiffure'],
      ],
    });
    const mfoundi = await departementId(admin, 'Mfoundi');
    const wouri = await departementId(admin, 'Wouri');
    const depot = await createCentreDepot(admin, 'DEP-YDE', 'Centre de dépôt de Yaoundé', mfoundi);
    const sites: Record<string, string> = {};
    for (const [key, code, libelle, departement, lycee] of [
      ['yaounde', 'CE-YDE', 'Centre d’examen de Yaoundé', mfoundi, 'Lycée Leclerc'],
      ['douala', 'CE-DLA', 'Centre d’examen de Douala', wouri, 'Lycée Joss'],
    ] as const) {
      const centre = await createCentreExamen(admin, code, libelle, departement);
      sites[key] = (
        await createSite(admin, {
          code: `S-${code}`,
          libelle: lycee,
          centreExamenId: centre.id,
          capacite: 10,
        })
      ).id;
    }
    await registerCandidates(
      admin,
      session,
      [
        { nom: 'ABENA', prenoms: 'claire', sexe: 'F', metier: 'ELEC', siteId: sites.yaounde },
        { nom: 'BILOA', prenoms: 'paul', sexe: 'M', metier: 'ELEC', siteId: sites.yaounde },
        { nom: 'AKWA', prenoms: 'rose', sexe: 'F', metier: 'COIF', siteId: sites.douala },
      ],
      { centreDepotId: depot.id },
    );
    await api(admin, '/api/types-jurys', { code: 'DELIB', libelle: 'Jury de délibération' });
    await api(admin, '/api/fonctions-membres-jurys', {
      code: 'PRES',
      libelle: 'Président de jury',
    });
    await api(admin, '/api/fonctions-membres-jurys', { code: 'EXAM', libelle: 'Examinateur' });
  });

  it('records two jury members from « Membres du jury »', async () => {
    await admin.goto(`${journey.url}${DASHBOARD}`);
    await openFromMenu(admin, MEMBRES);
    for (const [nom, prenoms, fonction, structure, telephone] of [
      [
        'Fouda',
        'marie-claire',
        'Président de jury',
        'Délégation régionale du Centre',
        '677 88 99 00',
      ],
      ['Abega', 'joseph', 'Examinateur', 'Lycée technique de Yaoundé', ''],
    ] as const) {
      await admin.getByRole('link', { name: 'Créer' }).click();
      await admin.getByLabel(/^Nom/).fill(nom);
      await admin.getByLabel(/^Prénoms/).fill(prenoms);
      await choose(admin, /^Fonction/, fonction, fonction.slice(0, 5));
      await admin.getByLabel(/^Structure/).fill(structure);
      if (telephone) await admin.getByLabel(/^Téléphone/).fill(telephone);
      await admin.getByRole('button', { name: 'Enregistrer' }).click();
      await admin.waitForURL(`**${MEMBRES}`);
    }
    const fouda = admin.getByRole('row').filter({ hasText: 'Fouda Marie-Claire' });
    await fouda.waitFor();
    await expect(fouda.innerText()).resolves.toContain('Président de jury');
    await expect(fouda.innerText()).resolves.toContain('677889900');
    await admin.getByRole('row').filter({ hasText: 'Abega Joseph' }).waitFor();
    await shot(admin, 'jurys-01-membres');
  });

  it('composes the Yaoundé jury and reads the coverage: its pair covered, the other a gap', async () => {
    await openFromMenu(admin, COMPOSITION);
    const coverage = admin.getByRole('table', { name: 'Couverture des jurys' });
    // Before any jury: both pairs with candidates are gaps.
    await admin.getByText('2 couples sans jury').waitFor();
    await expect(
      Promise.all((await coverage.getByRole('row').all()).slice(1).map(cells)),
    ).resolves.toEqual([
      ['Centre d’examen de Douala', 'Coiffure', '1', '—', 'Sans jury'],
      ['Centre d’examen de Yaoundé', 'Électricité', '2', '—', 'Sans jury'],
    ]);

    await admin.getByRole('link', { name: 'Créer' }).click();
    await admin.getByLabel(/^Intitulé/).fill('Jury de Yaoundé');
    await choose(admin, /^Type de jury/, 'Jury de délibération', 'Jury');
    await choose(admin, /^Session/, SESSION, 'CQP');
    await choose(admin, /^Centres d’examen/, 'Centre d’examen de Yaoundé', 'Yaoundé');
    await choose(admin, /^Métiers/, 'Électricité', 'Élec');
    await choose(admin, /^Président/, 'Fouda Marie-Claire', 'Fouda');
    await choose(admin, /^Autres membres/, 'Abega Joseph', 'Abega');
    await shot(admin, 'jurys-02-composition');
    await admin.getByRole('button', { name: 'Enregistrer' }).click();
    await admin.waitForURL(`**${COMPOSITION}`);
    await admin.getByRole('row').filter({ hasText: 'Jury de Yaoundé' }).first().waitFor();

    await admin.getByText('1 couple sans jury').waitFor();
    await expect(
      Promise.all((await coverage.getByRole('row').all()).slice(1).map(cells)),
    ).resolves.toEqual([
      ['Centre d’examen de Douala', 'Coiffure', '1', '—', 'Sans jury'],
      ['Centre d’examen de Yaoundé', 'Électricité', '2', 'Jury de Yaoundé', 'Couvert'],
    ]);
    await shot(admin, 'jurys-03-couverture');
  });

  it('refuses a second jury on a pair already covered, naming the pair and the jury', async () => {
    await admin.getByRole('link', { name: 'Créer' }).click();
    await admin.getByLabel(/^Intitulé/).fill('Jury bis');
    await choose(admin, /^Type de jury/, 'Jury de délibération', 'Jury');
    await choose(admin, /^Session/, SESSION, 'CQP');
    await choose(admin, /^Centres d’examen/, 'Centre d’examen de Yaoundé', 'Yaoundé');
    await choose(admin, /^Métiers/, 'Électricité', 'Élec');
    await choose(admin, /^Président/, 'Abega Joseph', 'Abega');
    await admin.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(
      'Le centre d’examen « Centre d’examen de Yaoundé » et le métier « Électricité » sont déjà couverts par le jury « Jury de Yaoundé » de cette session.',
    ).waitFor();
    await shot(admin, 'jurys-04-chevauchement-refuse');
    expect(journey.pageErrors).toEqual([]);
  });
});
