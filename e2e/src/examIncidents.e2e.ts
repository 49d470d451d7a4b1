import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  cells,
  choose,
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
import { api, browserAvailable, openFromMenu, shot } from './harness';

/**
 * Exam incidents on a fresh embedded product: a session whose two candidates sit at a site; the
 * agent who records exam incidents records one at that site and épreuve (its type, both
 * candidates, a description, a PDF), takes it « Ouvert » → « En cours » → « Résolu » with a comment
 * at each step; whoever only lists them reads it, its suivi included, and changes nothing.
 */
const run = browserAvailable() ? describe : describe.skip;

const INCIDENTS = `${DASHBOARD}/espace-examen/gestion-des-incidents`;
const EDITION = `${INCIDENTS}/edition-des-incidents`;
const LISTE = `${INCIDENTS}/liste-des-incidents`;
const SESSION = 'CQP session de juin 2027';
const SITE = 'Lycée Leclerc';
const DESCRIPTION = 'Deux candidates surprises à échanger leurs fiches de calcul.';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** Who records exam incidents. */
const MVONDO: StaffAccount = {
  nom: 'Mvondo',
  prenoms: 'Paul',
  login: 'paul.mvondo@examens.local',
  telephone: '699000301',
  temporaryPassword: 'Temporaire-Mvondo-1',
  password: 'Mvondo-Personnel-2026',
};
/** Who only lists them. */
const ATANGANA: StaffAccount = {
  nom: 'Atangana',
  prenoms: 'Rose',
  login: 'rose.atangana@examens.local',
  telephone: '699000301',
  temporaryPassword: 'Temporaire-Atangana-1',
  password: 'Atangana-Personnel-2026',
};

run('Espace examen : incidents d’examen', () => {
  const journey = useJourney();
  let admin: Page;
  let greffier: Page;

  it('the administrator sets up a session whose two candidates sit at a site, an épreuve, a type, two agents', async () => {
    admin = await journey.signInAdministrator();
    const session = await openSessionForRegistration(admin, { libelle: SESSION });
    const mfoundi = await departementId(admin, 'Mfoundi');
    const depot = await createCentreDepot(admin, 'DEP-YDE', 'Centre de dépôt de Yaoundé', mfoundi);
    const centre = await createCentreExamen(admin, 'CE-YDE', 'Centre d’examen de Yaoundé', mfoundi);
    const site = await createSite(admin, {
      code: 'S-LEC',
      libelle: SITE,
      centreExamenId: centre.id,
      capacite: 30,
    });
    await createEpreuve(admin, session.examenId, {
      code: 'PRAT-ELEC',
      libelle: 'Pratique d’électricité',
      coefficient: 2,
      typeEpreuve: 'pratique',
    });
    await api(admin, '/api/types-incidents-examen', { code: 'FRAUDE', libelle: 'Fraude' });
    await registerCandidates(
      admin,
      session,
      [
        { nom: 'ABENA', prenoms: 'claire' },
        { nom: 'BILOA', prenoms: 'paule' },
      ],
      { sexe: 'F', centreDepotId: depot.id, siteId: site.id },
    );
    await createUserWithProfile(
      admin,
      {
        libelle: 'Greffier des incidents d’examen',
        permissions: ['incident-examen.enregistrer'],
      },
      MVONDO,
    );
    await createUserWithProfile(
      admin,
      { libelle: 'Lecteur des incidents d’examen', permissions: ['incident-examen.lister'] },
      ATANGANA,
    );
  });

  it('the agent records an incident at the site and épreuve, with both candidates and a PDF', async () => {
    greffier = await journey.signInAs(MVONDO);
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
    expect(journey.pageErrors).toEqual([]);
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
    expect(journey.pageErrors).toEqual([]);
  });

  it('whoever only lists exam incidents reads it and its suivi, and may change nothing', async () => {
    const lecteur = await journey.signInAs(ATANGANA);
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
    expect(journey.pageErrors).toEqual([]);
  });
});
