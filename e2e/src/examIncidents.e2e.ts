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
 * Exam incidents on a fresh embedded product: a session whose two candidates sit at a site; the
 * agent who records exam incidents records one at that site and épreuve (its type, both
 * candidates, a description, a PDF), takes it « Ouvert » → « En cours » → « Résolu » with a comment
 * at each step; whoever only lists them reads it, its suivi included, and changes nothing.
 */
const run = browserAvailable() ? describe : describe.skip;

const DASHBOARD = '/tableau-de-bord';
const INCIDENTS = `${DASHBOARD}/espace-examen/gestion-des-incidents`;
const EDITION = `${INCIDENTS}/edition-des-incidents`;
const LISTE = `${INCIDENTS}/liste-des-incidents`;
const SESSION = 'CQP session de juin 2027';
const SITE = 'Lycée Leclerc';
const DESCRIPTION = 'Deux candidates surprises à échanger leurs fiches de calcul.';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Texts with their spaces (no-break, narrow, new lines) made plain. */
const plain = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, ' ').trim());
const cells = async (row: Locator) => plain(await row.getByRole('cell').allTextContents());

run('Espace examen : incidents d’examen', () => {
  let product: Product;
  let browser: Browser;
  let admin: Page;
  let greffier: Page;
  const pageErrors: string[] = [];

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
  /** An autocomplete or a select of the screens (MUI): opened, typed into, the option clicked. */
  const choose = async (page: Page, label: RegExp, option: string | RegExp, typed?: string) => {
    const box = page.getByRole('combobox', { name: label });
    await box.click();
    if (typed) await box.fill(typed);
    await page
      .getByRole('option', { name: option, ...(typeof option === 'string' ? { exact: true } : {}) })
      .click();
  };
  const signInAs = async (login: string, temporary: string, password: string) => {
    const page = await newPage();
    await page.goto(`${product.url}/connexion`);
    await signInAndChangePassword(page, product.url, login, temporary, password);
    await page.goto(`${product.url}${DASHBOARD}`);
    return page;
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

  it('the administrator sets up a session whose two candidates sit at a site, an épreuve, a type, two agents', async () => {
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
    const depot = await api(admin, '/api/centres-depot', {
      code: 'DEP-YDE',
      libelle: 'Centre de dépôt de Yaoundé',
      departementId: mfoundi,
    });
    const centre = await api(admin, '/api/centres-examen', {
      code: 'CE-YDE',
      libelle: 'Centre d’examen de Yaoundé',
      departementId: mfoundi,
    });
    const site = await api(admin, '/api/sites-composition', {
      code: 'S-LEC',
      libelle: SITE,
      centreExamenId: centre.id,
      capacite: 30,
    });
    await api(admin, '/api/epreuves', {
      code: 'PRAT-ELEC',
      libelle: 'Pratique d’électricité',
      examenId: examen.id,
      coefficient: 2,
      noteMax: 20,
      typeEpreuve: 'pratique',
    });
    await api(admin, '/api/types-incidents-examen', { code: 'FRAUDE', libelle: 'Fraude' });
    for (const [i, [nom, prenoms]] of [
      ['ABENA', 'claire'],
      ['BILOA', 'paule'],
    ].entries()) {
      const dossier = await api(admin, '/api/candidatures', {
        sessionId: session.id,
        metierId: metier.id,
        centreDepotId: depot.id,
        categorie: 'libre',
        nom,
        prenoms,
        sexe: 'F',
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
      const validated = await api(
        admin,
        `/api/candidatures/${dossier.id}/valider`,
        {},
        submitted.revision,
      );
      await api(
        admin,
        `/api/candidatures/${dossier.id}/affecter`,
        { siteId: site.id },
        validated.revision,
      );
    }
    for (const [libelle, permissions, nom, prenoms, login, password] of [
      ['Greffier', ['incident-examen.enregistrer'], 'Mvondo', 'Paul', 'paul.mvondo', 'Mvondo'],
      ['Lecteur', ['incident-examen.lister'], 'Atangana', 'Rose', 'rose.atangana', 'Atangana'],
    ] as const) {
      const profil = await api(admin, '/api/profils', {
        libelle: `${libelle} des incidents d’examen`,
        permissions,
      });
      await api(admin, '/api/utilisateurs', {
        nom,
        prenoms,
        login: `${login}@examens.local`,
        telephone: '699000301',
        profilId: profil.id,
        motDePasse: `Temporaire-${password}-1`,
      });
    }
  });

  it('the agent records an incident at the site and épreuve, with both candidates and a PDF', async () => {
    greffier = await signInAs(
      'paul.mvondo@examens.local',
      'Temporaire-Mvondo-1',
      'Mvondo-Personnel-2026',
    );
    await openFromMenu(greffier, EDITION);
    await greffier.getByRole('link', { name: 'Créer' }).click();
    await greffier.waitForURL(`**${EDITION}/create`);
    // Nothing chosen: each refusal in French under its field, nothing sent.
    await greffier.getByRole('button', { name: 'Enregistrer l’incident' }).click();
    await greffier.getByText('Choisissez la session.').waitFor();
    await greffier.getByText('Décrivez l’incident.').waitFor();
    await choose(greffier, /^Session/, SESSION, 'juin');
    await choose(greffier, /^Site de composition/, SITE, 'Leclerc');
    await choose(greffier, /^Épreuve/, 'Pratique d’électricité', 'Pratique');
    await choose(greffier, /^Type d’incident/, 'Fraude');
    // The candidates the site seats for the session, by number and name.
    await choose(greffier, /^Candidats concernés/, /— Abena Claire$/, 'abena');
    await choose(greffier, /^Candidats concernés/, /— Biloa Paule$/, 'biloa');
    await greffier.getByLabel(/^Description/).fill(DESCRIPTION);
    await greffier
      .getByLabel('Pièce jointe (facultative)')
      .setInputFiles({ name: 'proces-verbal.pdf', mimeType: 'application/pdf', buffer: PDF });
    await greffier.getByText(/^proces-verbal\.pdf \(/).waitFor();
    await shot(greffier, 'incidents-examen-01-enregistrer');
    await greffier.getByRole('button', { name: 'Enregistrer l’incident' }).click();
    await greffier.getByText('Incident enregistré.').waitFor();
    await greffier.waitForURL(/\/edition-des-incidents\/[^/]+\/show$/);
    const candidats = greffier.getByRole('table', { name: 'Candidats concernés' }).getByRole('row');
    await candidats.nth(2).waitFor();
    expect((await cells(candidats.nth(1))).slice(1)).toEqual(['Abena Claire']);
    expect((await cells(candidats.nth(2))).slice(1)).toEqual(['Biloa Paule']);
    await greffier.getByRole('link', { name: 'proces-verbal.pdf' }).waitFor();
    await greffier.getByText(SITE, { exact: true }).waitFor();
    await greffier.getByText('Aucun changement de statut pour l’instant.').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('the agent takes it from « Ouvert » to « En cours » then « Résolu », each step with a comment', async () => {
    const step = async (statut: string | undefined, commentaire: string) => {
      await greffier.getByRole('button', { name: 'Changer le statut' }).click();
      const dialog = greffier.getByRole('dialog');
      if (statut) {
        await dialog.getByRole('combobox', { name: /^Nouveau statut/ }).click();
        await greffier.getByRole('option', { name: statut, exact: true }).click();
      }
      await dialog.getByLabel(/^Commentaire/).fill(commentaire);
      await dialog.getByRole('button', { name: 'Valider' }).click();
      await greffier.getByText('Le statut de l’incident est modifié.').first().waitFor();
      await dialog.waitFor({ state: 'detached' });
    };
    await step(undefined, 'Rapport demandé au chef de salle.');
    await greffier.locator('.ra-field-statut').getByText('En cours', { exact: true }).waitFor();
    await step('Résolu', 'Copies annulées par le jury.');
    await greffier.locator('.ra-field-statut').getByText('Résolu', { exact: true }).waitFor();
    await greffier
      .getByRole('button', { name: 'Changer le statut' })
      .waitFor({ state: 'detached' });
    const suivi = greffier.getByRole('table', { name: 'Suivi' }).getByRole('row');
    await expect(suivi.count()).resolves.toBe(3);
    expect((await cells(suivi.nth(1))).slice(1)).toEqual([
      'Paul Mvondo',
      'Ouvert → En cours',
      'Rapport demandé au chef de salle.',
    ]);
    expect((await cells(suivi.nth(2))).slice(1)).toEqual([
      'Paul Mvondo',
      'En cours → Résolu',
      'Copies annulées par le jury.',
    ]);
    await shot(greffier, 'incidents-examen-02-resolu');
    expect(pageErrors).toEqual([]);
  });

  it('whoever only lists exam incidents reads it and its suivi, and may change nothing', async () => {
    const lecteur = await signInAs(
      'rose.atangana@examens.local',
      'Temporaire-Atangana-1',
      'Atangana-Personnel-2026',
    );
    await openFromMenu(lecteur, LISTE);
    const row = lecteur.getByRole('row').filter({ hasText: DESCRIPTION });
    await row.getByText('Résolu', { exact: true }).waitFor();
    await row.getByText(SITE).waitFor();
    await row.getByText('2 candidats').waitFor();
    await row.getByText('Paul Mvondo', { exact: true }).waitFor();
    await expect(lecteur.getByRole('link', { name: 'Créer' }).count()).resolves.toBe(0);
    await shot(lecteur, 'incidents-examen-03-liste');
    await row.getByText('2 candidats').click();
    await lecteur.waitForURL(/\/liste-des-incidents\/[^/]+\/show$/);
    await lecteur.getByRole('table', { name: 'Suivi' }).waitFor();
    await lecteur.getByRole('link', { name: 'proces-verbal.pdf' }).waitFor();
    await expect(lecteur.getByRole('button', { name: 'Joindre une pièce' }).count()).resolves.toBe(
      0,
    );
    await expect(lecteur.getByRole('button', { name: 'Changer le statut' }).count()).resolves.toBe(
      0,
    );
    expect(pageErrors).toEqual([]);
  });
});
