import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  advanceSession,
  createCentreDepot,
  createCentreExamen,
  createSite,
  DASHBOARD,
  departementId,
  openSessionForRegistration,
  registerCandidates,
  useJourney,
} from './examSetup';
import { browserAvailable, openFromMenu, shot, typeDate } from './harness';

/**
 * Exam space on a fresh embedded product: once the session has reached its composition, the office
 * corrects an allocated candidate's identity (found by name; the new name, a justification and the
 * document proving it), reads the correction in « Historique des modifications des identités »
 * (before → after, the justification, the document), then sets the session's « Référence
 * d’examen » (arrêté number, date typed JJ/MM/AAAA) and reads its history.
 */
const run = browserAvailable() ? describe : describe.skip;

const CONTENTIEUX = `${DASHBOARD}/espace-examen/gestion-des-contentieux`;
const CORRECTION = `${CONTENTIEUX}/modification-informations-identites`;
const HISTORIQUE = `${CONTENTIEUX}/historique-modification-des-identites`;
const REFERENCE = `${DASHBOARD}/espace-examen/reference-dexamen`;
const SESSION = 'CQP session de juin 2027';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

run('Espace examen : contentieux d’identité et référence d’examen', () => {
  const journey = useJourney();
  let admin: Page;

  it('the administrator sets up a session at « Composition » with an allocated candidate', async () => {
    admin = await journey.signInAdministrator();
    const session = await openSessionForRegistration(admin, { libelle: SESSION });
    const mfoundi = await departementId(admin, 'Mfoundi');
    const depot = await createCentreDepot(admin, 'DEP-YDE', 'Dépôt de Yaoundé', mfoundi);
    const centre = await createCentreExamen(admin, 'CE-YDE', 'Centre de Yaoundé', mfoundi);
    const site = await createSite(admin, {
      code: 'S-LEC',
      libelle: 'Lycée Leclerc',
      centreExamenId: centre.id,
      capacite: 10,
    });
    await registerCandidates(admin, session, [
      {
        nom: 'Mbala',
        prenoms: 'Jean Pierre',
        sexe: 'M',
        dateNaissance: '1990-05-05',
        telephone: '699 11 22 33',
        centreDepotId: depot.id,
        siteId: site.id,
      },
    ]);
    await advanceSession(admin, session, 'inscriptions-closes', 'composition');
  });

  it('corrects the candidate’s name with a justification and a document, then reads the history', async () => {
    await admin.goto(`${journey.url}${DASHBOARD}`);
    await openFromMenu(admin, CORRECTION);
    const candidate = admin.getByRole('combobox', { name: /^Candidat/ });
    await candidate.click();
    await candidate.fill('mbala');
    await admin
      .getByRole('option', { name: /ELEC-\d{5} — CQP27-000001 — Mbala Jean Pierre/ })
      .click();
    await admin.getByRole('heading', { name: 'Mbala Jean Pierre' }).waitFor();
    const nom = admin.getByLabel(/^Nom/, { exact: false }).first();
    await nom.fill('Mballa');
    await admin.getByRole('button', { name: 'Enregistrer la correction' }).click();
    // Nothing is sent without a justification.
    await admin.getByText('Justifiez la correction (10 caractères au moins).').first().waitFor();
    await admin
      .getByLabel(/^Justification/)
      .fill('Jugement supplétif d’acte de naissance n° 45/2027 du tribunal de Yaoundé.');
    await admin
      .getByLabel('Document justificatif (obligatoire)')
      .setInputFiles({ name: 'jugement-45-2027.pdf', mimeType: 'application/pdf', buffer: PDF });
    await admin.getByText(/^jugement-45-2027\.pdf \(/).waitFor();
    await shot(admin, 'contentieux-01-correction');
    await admin.getByRole('button', { name: 'Enregistrer la correction' }).click();
    await admin
      .getByText('Identité corrigée. La correction figure dans l’historique des identités.')
      .waitFor();
    await admin.getByRole('heading', { name: 'Mballa Jean Pierre' }).waitFor();
    await admin
      .getByRole('link', { name: 'Voir l’historique des modifications des identités' })
      .click();
    await admin.waitForURL(`**${HISTORIQUE}`);
    const row = admin.getByRole('row').filter({ hasText: 'CQP27-000001' });
    await row.getByText('Mballa Jean Pierre').waitFor();
    await row.getByText('Nom : Mbala → Mballa').waitFor();
    await row
      .getByText('Jugement supplétif d’acte de naissance n° 45/2027 du tribunal de Yaoundé.')
      .waitFor();
    const link = row.getByRole('link', { name: /^jugement-45-2027\.pdf/ });
    const href = await link.getAttribute('href');
    const file = await admin.request.get(`${journey.url}${href}`);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
    await shot(admin, 'contentieux-02-historique');
    expect(journey.pageErrors).toEqual([]);
  });

  it('sets the session’s « Référence d’examen », then changes it, with its history', async () => {
    await openFromMenu(admin, REFERENCE);
    const row = admin.getByRole('row').filter({ hasText: SESSION });
    await row.getByRole('button', { name: 'Définir la référence' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(/^Numéro de l’arrêté/).fill('2027/0042/MINEFOP/SG');
    await typeDate(admin, /^Date de l’arrêté/, '30/06/2027');
    await shot(admin, 'reference-01-dialogue');
    await dialog.getByRole('button', { name: 'Enregistrer la référence' }).click();
    await admin.getByText(`Référence d’examen de la session « ${SESSION} » enregistrée.`).waitFor();
    await row.getByText('2027/0042/MINEFOP/SG').waitFor();
    await row.getByText('30/06/2027').waitFor();
    await row.getByRole('button', { name: 'Modifier la référence' }).click();
    await admin
      .getByRole('dialog')
      .getByLabel(/^Numéro de l’arrêté/)
      .fill('2027/0043/MINEFOP/SG');
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: 'Enregistrer la référence' })
      .click();
    await row.getByText('2027/0043/MINEFOP/SG').waitFor();
    await row.getByRole('button', { name: 'Historique' }).click();
    const history = admin.getByRole('dialog');
    await history.getByText('2027/0042/MINEFOP/SG').first().waitFor();
    await history.getByText('2027/0043/MINEFOP/SG').first().waitFor();
    expect(await history.getByText('Référence d’examen', { exact: true }).count()).toBe(2);
    await shot(admin, 'reference-02-historique');
    expect(journey.pageErrors).toEqual([]);
  });
});
