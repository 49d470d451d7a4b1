import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  createCentreDepot,
  createCentreExamen,
  createEnroleur,
  createProfile,
  createSite,
  DASHBOARD,
  departementId,
  openSessionForRegistration,
  registerCandidates,
  useJourney,
  type StaffAccount,
} from './examSetup';
import { browserAvailable, shot } from './harness';

/**
 * Centres stay apart, as an enrôleur sees it: attached to the « Dépôt de
 * Yaoundé » and allowed to search candidates, they find their centre's candidate under
 * « Rechercher un candidat », but nothing of the « Dépôt de Douala »'s candidate — neither by
 * candidate number, nor by dossier number, nor by name — and opening that candidate's 360° view by
 * its address shows that the dossier cannot be found, none of its data.
 */
const run = browserAvailable() ? describe : describe.skip;

const SEARCH = `${DASHBOARD}/espace-examen/rechercher-un-candidat`;
const ENROLEUR: StaffAccount = {
  nom: 'Abena',
  prenoms: 'Clarisse',
  login: 'clarisse.abena@examens.example.org',
  telephone: '699 55 66 77',
  temporaryPassword: 'Temporaire-Abena-1',
  password: 'Abena-Personnel-2027',
};

run('Confiance : un enrôleur ne trouve rien d’un autre centre', () => {
  const journey = useJourney();
  let admin: Page;
  let enroleur: Page;
  const other = { id: '', numeroCandidat: '', numeroDossier: '' };

  it('the administrator registers a candidate at each of two centres de dépôt', async () => {
    admin = await journey.signInAdministrator();
    const session = await openSessionForRegistration(admin, {
      libelle: 'CQP session de juin 2027',
    });
    const mfoundi = await departementId(admin, 'Mfoundi');
    const wouri = await departementId(admin, 'Wouri');
    const yaounde = await createCentreDepot(admin, 'DEP-YDE', 'Dépôt de Yaoundé', mfoundi);
    const douala = await createCentreDepot(admin, 'DEP-DLA', 'Dépôt de Douala', wouri);
    const centre = await createCentreExamen(admin, 'CE-YDE', 'Centre de Yaoundé', mfoundi);
    const site = await createSite(admin, {
      code: 'S-LEC',
      libelle: 'Lycée Leclerc',
      centreExamenId: centre.id,
      capacite: 10,
    });
    const [, doualaAnswer] = await registerCandidates(
      admin,
      session,
      [
        { nom: 'Manga', prenoms: 'Serge', sexe: 'M', centreDepotId: yaounde.id },
        { nom: 'Ngassa', prenoms: 'Odile', sexe: 'F', centreDepotId: douala.id },
      ],
      { siteId: site.id },
    );
    other.id = doualaAnswer!.id;
    const { origin } = new URL(admin.url());
    const dossier = (await (
      await admin.request.get(`${origin}/api/candidatures/${other.id}`, {
        headers: { 'x-min-position': doualaAnswer!.position },
      })
    ).json()) as { numeroCandidat: string; numeroDossier: string };
    other.numeroCandidat = dossier.numeroCandidat;
    other.numeroDossier = dossier.numeroDossier;
    expect(other.numeroCandidat).toMatch(/^ELEC-/);
    const profile = await createProfile(admin, 'Recherche des candidats', ['candidat.rechercher']);
    await createEnroleur(admin, profile.id, yaounde.id, ENROLEUR);
  });

  const search = async (text: string) => {
    const field = enroleur.getByLabel(
      'Numéro de candidat, de dossier, nom ou date de naissance (JJ/MM/AAAA)',
    );
    await field.fill(text);
    await enroleur.getByRole('button', { name: 'Rechercher' }).click();
  };

  it('the Yaoundé enrôleur finds their centre’s candidate', async () => {
    enroleur = await journey.signInAs(ENROLEUR);
    await enroleur.goto(`${journey.url}${SEARCH}`);
    await search('Manga');
    // One found: its 360° view opens at once.
    await enroleur.getByRole('heading', { name: /Manga Serge/ }).waitFor();
  });

  it('finds nothing of the Douala candidate, by candidate number, dossier number or name', async () => {
    for (const text of [other.numeroCandidat, other.numeroDossier, 'Ngassa', 'Odile']) {
      await enroleur.goto(`${journey.url}${SEARCH}`);
      await search(text);
      await enroleur.getByText('Aucun candidat ne correspond.').waitFor();
      expect(await enroleur.getByText(/Ngassa/).count()).toBe(0);
    }
    await shot(enroleur, 'trust-centres-search');
  });

  it('opening the Douala candidate’s 360° view by its address shows it cannot be found', async () => {
    await enroleur.goto(`${journey.url}${SEARCH}?id=${encodeURIComponent(other.id)}`);
    await enroleur.getByText('Ce dossier de candidature est introuvable.').waitFor();
    for (const shown of ['Ngassa', 'Odile', other.numeroCandidat, other.numeroDossier])
      expect(await enroleur.getByText(shown).count()).toBe(0);
    await shot(enroleur, 'trust-centres-360');
    expect(journey.pageErrors).toEqual([]);
  });
});
