import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminEnvironment, signInFirstAdministrator } from './accounts';
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
 * Exam space, juries, on a fresh embedded product: a session whose candidates sit in two centres
 * d'examen (Électricité at Yaoundé, Coiffure at Douala); the office records two jury members from
 * « Membres du jury » (nom, prénoms, fonction, structure, téléphone), then, from « Composition des
 * jurys », reads the coverage (two pairs without a jury), composes the Yaoundé jury (type, session,
 * centre, métier, president, another member) and sees its pair covered and the other still a gap;
 * a second jury on the same pair is refused, naming the pair and the jury that covers it.
 */
const run = browserAvailable() ? describe : describe.skip;

const DASHBOARD = '/tableau-de-bord';
const MEMBRES = `${DASHBOARD}/espace-examen/gestion-des-jurys/edition-des-membres-du-jury`;
const COMPOSITION = `${DASHBOARD}/espace-examen/gestion-des-jurys/composition-des-jurys`;
const SESSION = 'CQP session de juin 2027';

const plain = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, ' ').trim());
const cells = async (row: Locator) => plain(await row.getByRole('cell').allTextContents());

run('Espace examen : composition des jurys', () => {
  let product: Product;
  let browser: Browser;
  let admin: Page;
  const pageErrors: string[] = [];

  const firstId = async (resource: string, q: string) => {
    const response = await admin.request.get(
      `${product.url}/api/${resource}?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
    );
    return ((await response.json()) as { id: string }[])[0]!.id;
  };
  /** Picks an active item of a referenced list: typed, searched on the server, then chosen. */
  const choose = async (label: RegExp, search: string, option: string) => {
    const input = admin.getByRole('combobox', { name: label });
    await input.click();
    await input.fill(search);
    await admin.getByRole('option', { name: option, exact: true }).click();
  };
  const toast = (text: string | RegExp) => admin.locator('.toasts > *').filter({ hasText: text });

  beforeAll(async () => {
    product = await startProduct(adminEnvironment());
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    admin = await context.newPage();
    admin.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('the administrator sets up a session with candidates allocated in two centres d’examen', async () => {
    await admin.goto(`${product.url}/connexion`);
    await signInFirstAdministrator(admin, product.url);
    const examen = await api(admin, '/api/examens', {
      code: 'CQP',
      libelle: 'CQP',
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
    const metiers: Record<string, string> = {};
    for (const [code, libelle] of [
      ['ELEC', 'Électricité'],
      ['COIF', 'Coiffure'],
    ] as const) {
      metiers[code] = (await api(admin, '/api/metiers', { code, libelle })).id;
      await api(admin, '/api/metiers-ouverts', {
        code: `MO-${code}`,
        libelle: `${libelle} 2027`,
        sessionId: session.id,
        metierId: metiers[code],
      });
    }
    const niveau = await api(admin, '/api/niveaux-scolarisation', {
      code: 'CEP',
      libelle: 'CEP',
      rang: 1,
    });
    const mfoundi = await firstId('departements', 'Mfoundi');
    const wouri = await firstId('departements', 'Wouri');
    const depot = await api(admin, '/api/centres-depot', {
      code: 'DEP-YDE',
      libelle: 'Centre de dépôt de Yaoundé',
      departementId: mfoundi,
    });
    const sites: Record<string, string> = {};
    for (const [key, code, libelle, departementId] of [
      ['yaounde', 'CE-YDE', 'Centre d’examen de Yaoundé', mfoundi],
      ['douala', 'CE-DLA', 'Centre d’examen de Douala', wouri],
    ] as const) {
      const centre = await api(admin, '/api/centres-examen', { code, libelle, departementId });
      sites[key] = (
        await api(admin, '/api/sites-composition', {
          code: `S-${code}`,
          libelle: `Lycée ${key === 'yaounde' ? 'Leclerc' : 'Joss'}`,
          centreExamenId: centre.id,
          capacite: 10,
        })
      ).id;
    }
    for (const [i, [nom, prenoms, metier, site]] of [
      ['ABENA', 'claire', 'ELEC', 'yaounde'],
      ['BILOA', 'paul', 'ELEC', 'yaounde'],
      ['AKWA', 'rose', 'COIF', 'douala'],
    ].entries()) {
      const dossier = await api(admin, '/api/candidatures', {
        sessionId: session.id,
        metierId: metiers[metier!],
        centreDepotId: depot.id,
        categorie: 'libre',
        nom,
        prenoms,
        sexe: i === 1 ? 'M' : 'F',
        dateNaissance: `199${i}-0${1 + i}-1${i}`,
        lieuNaissance: 'Bafoussam',
        nationalite: 'Camerounaise',
        telephone: `699 11 22 3${i}`,
        niveauId: niveau.id,
      });
      const submitted = await api(
        admin,
        `/api/candidatures/${dossier.id}/soumettre`,
        {},
        dossier.revision,
      );
      const valid = await api(
        admin,
        `/api/candidatures/${dossier.id}/valider`,
        {},
        submitted.revision,
      );
      await api(
        admin,
        `/api/candidatures/${dossier.id}/affecter`,
        { siteId: sites[site!] },
        valid.revision,
      );
    }
    await api(admin, '/api/types-jurys', { code: 'DELIB', libelle: 'Jury de délibération' });
    await api(admin, '/api/fonctions-membres-jurys', {
      code: 'PRES',
      libelle: 'Président de jury',
    });
    await api(admin, '/api/fonctions-membres-jurys', { code: 'EXAM', libelle: 'Examinateur' });
  });

  it('records two jury members from « Membres du jury »', async () => {
    await admin.goto(`${product.url}${DASHBOARD}`);
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
      await choose(/^Fonction/, fonction.slice(0, 5), fonction);
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
    await choose(/^Type de jury/, 'Jury', 'Jury de délibération');
    await choose(/^Session/, 'CQP', SESSION);
    await choose(/^Centres d’examen/, 'Yaoundé', 'Centre d’examen de Yaoundé');
    await choose(/^Métiers/, 'Élec', 'Électricité');
    await choose(/^Président/, 'Fouda', 'Fouda Marie-Claire');
    await choose(/^Autres membres/, 'Abega', 'Abega Joseph');
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
    await choose(/^Type de jury/, 'Jury', 'Jury de délibération');
    await choose(/^Session/, 'CQP', SESSION);
    await choose(/^Centres d’examen/, 'Yaoundé', 'Centre d’examen de Yaoundé');
    await choose(/^Métiers/, 'Élec', 'Électricité');
    await choose(/^Président/, 'Abega', 'Abega Joseph');
    await admin.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(
      'Le centre d’examen « Centre d’examen de Yaoundé » et le métier « Électricité » sont déjà couverts par le jury « Jury de Yaoundé » de cette session.',
    ).waitFor();
    await shot(admin, 'jurys-04-chevauchement-refuse');
    expect(pageErrors).toEqual([]);
  });
});
