import { describe, expect, it } from '@jest/globals';
import { browserAvailable, shot } from './harness';
import {
  choose,
  createCentreDepot,
  createProfile,
  createUser,
  DASHBOARD,
  departementId,
  plain,
  useJourney,
  type StaffAccount,
} from './examSetup';

/**
 * No escalation through profiles. An enrôleur manager (a user whose profile
 * holds only the enrôleurs' permissions) opens the enrôleur creation form: the profile list offers
 * only the profiles within their permissions, never « Administrateur », and an enrôleur made with
 * one of them is saved.
 */
const run = browserAvailable() ? describe : describe.skip;

const ENROLEURS = `${DASHBOARD}/utilisateurs-profils/enroleur`;

const MANAGER: StaffAccount = {
  nom: 'Tchoua',
  prenoms: 'Paul',
  login: 'paul.tchoua@examens.local',
  telephone: '677000000',
  temporaryPassword: 'Bienvenue-Paul-2026',
  password: 'Paul-Tchoua-Enrolements-1',
};

const OWN_PROFILE = 'Gestion des enrôleurs';
const SMALLER_PROFILE = 'Consultation des enrôleurs';
const OTHER_PROFILE = 'Saisie des candidats';

run('parcours : un gestionnaire des enrôleurs ne donne que les profils à sa portée', () => {
  const journey = useJourney();

  it('offers the enrôleur manager only the profiles within their permissions, not « Administrateur »', async () => {
    const admin = await journey.signInAdministrator();
    await createCentreDepot(
      admin,
      'DEP-DLA',
      'Centre de dépôt de Douala',
      await departementId(admin, 'Wouri'),
    );
    const own = await createProfile(admin, OWN_PROFILE, [
      'enroleur.enregistrer',
      'enroleur.lister',
    ]);
    await createProfile(admin, SMALLER_PROFILE, ['enroleur.lister']);
    await createProfile(admin, OTHER_PROFILE, ['candidat.enregistrer', 'enroleur.lister']);
    await createUser(admin, own.id, MANAGER);

    const manager = await journey.signInAs(MANAGER);
    await manager.goto(`${journey.url}${ENROLEURS}/create`);
    await manager.getByLabel(/^Nom/).fill('Ngo Bassa');
    await manager.getByLabel(/^Prénoms/).fill('Marie');
    await manager.getByLabel(/^Identifiant/).fill('marie.ngobassa@examens.local');
    await manager.getByLabel(/^Téléphone/).fill('699000000');
    await manager.getByRole('combobox', { name: /^Profil/ }).click();
    await manager.getByRole('option', { name: OWN_PROFILE, exact: true }).waitFor();
    const offered = plain(await manager.getByRole('option').allInnerTexts()).filter(Boolean);
    await shot(manager, 'profils-01-gestionnaire-enroleurs');
    expect(offered.sort()).toEqual([SMALLER_PROFILE, OWN_PROFILE].sort());
    expect(offered).not.toContain('Administrateur');
    await manager.getByRole('option', { name: SMALLER_PROFILE, exact: true }).click();

    await choose(manager, /^Centre de dépôt/, 'Centre de dépôt de Douala', 'Douala');
    await manager.getByLabel(/^Mot de passe provisoire/).fill('Bienvenue-Marie-2026');
    await manager
      .getByLabel(/^Confirmation du mot de passe provisoire/)
      .fill('Bienvenue-Marie-2026');
    await manager.getByRole('button', { name: 'Enregistrer' }).click();
    await manager.waitForURL(/\/show$/);
    await manager.getByText('marie.ngobassa@examens.local').waitFor();
    await manager.getByText(SMALLER_PROFILE).first().waitFor();
    await shot(manager, 'profils-02-enroleur-cree');

    // The administrator, who holds every permission, is offered every profile.
    await admin.goto(`${journey.url}${ENROLEURS}/create`);
    await admin.getByRole('combobox', { name: /^Profil/ }).click();
    await admin.getByRole('option', { name: 'Administrateur', exact: true }).waitFor();
    const toAdmin = plain(await admin.getByRole('option').allInnerTexts());
    expect(toAdmin).toEqual(
      expect.arrayContaining(['Administrateur', OWN_PROFILE, SMALLER_PROFILE, OTHER_PROFILE]),
    );
    expect(journey.pageErrors).toEqual([]);
  });
});
