import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { permissionLabel } from '@examens-pro/domain';
import { startTestApp, type Agent } from '../testApp.js';

/**
 * No escalation through profiles. A person may give an account only a profile
 * whose permissions are all among their own, may not make a profile hold a permission they lack,
 * and may not reset the password of, disable or modify an account whose profile holds one: 403 in
 * French naming the missing permissions, nothing written. Every such route, by a holder of a
 * smaller profile.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type Answer = { id: string; revision: number; position: string };

let t: TestApp;
let admin: Agent;
let adminProfile: string;
let centre: string;
/** Holds the enrôleurs' permissions only. */
let enrolerManager: Agent;
let enrolerManagerProfile: string;
/** Holds the users' and the profiles' permissions only. */
let userManager: Agent;
let userManagerProfile: string;
/** A profile within both managers' permissions. */
let smallProfile: string;

const ENROLER_MANAGER = [
  'compte.enregistrer',
  'enroleur.enregistrer',
  'enroleur.lister',
  'enroleur.supprimer',
];
const USER_MANAGER = [
  'compte.enregistrer',
  'utilisateur.enregistrer',
  'utilisateur.lister',
  'utilisateur.supprimer',
  'profil.enregistrer',
  'profil.lister',
  'profil.supprimer',
];

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

const created = async (agent: Agent, url: string, payload: Record<string, unknown>) => {
  const response = await agent.inject({ method: 'POST', url, payload });
  if (response.statusCode !== 201) throw new Error(`${url} : ${response.body}`);
  return response.json<Answer>();
};

/** The item's current revision (for If-Match), as the administrator reads it. */
const revisionOf = async (resource: string, id: string, position?: string): Promise<string> => {
  const response = await admin.inject({
    method: 'GET',
    url: `/api/${resource}/${id}`,
    headers: position ? { 'x-min-position': position } : {},
  });
  expect(response.statusCode).toBe(200);
  return String(response.headers.etag);
};

let sequence = 0;
const account = (profilId: string, withCentre: boolean) => ({
  nom: 'Mbarga',
  prenoms: 'Luc',
  login: `compte-${++sequence}@test.local`,
  telephone: '699000010',
  profilId,
  motDePasse: 'Temporaire-Essai-1',
  ...(withCentre ? { centreDepotId: centre } : {}),
});

/** A 403 whose French message names each missing permission by its label, and nothing written. */
const expectRefused = async (
  attempt: () => Promise<LightMyRequestResponse>,
  missing: readonly string[],
) => {
  const before = await t.eventStore.headPosition();
  const response = await attempt();
  expect({ status: response.statusCode, code: response.json<{ code: string }>().code }).toEqual({
    status: 403,
    code: 'interdit',
  });
  const { message } = response.json<{ message: string }>();
  for (const code of missing) expect(message).toContain(permissionLabel(code));
  expect(await t.eventStore.headPosition()).toBe(before);
  return message;
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  adminProfile = (await admin.inject({ method: 'GET', url: '/api/auth/session' })).json<{
    user: { profilId: string };
  }>().user.profilId;
  const departements = await admin.inject({
    method: 'GET',
    url: `/api/departements?filter=${enc({ q: 'Wouri' })}`,
  });
  centre = (
    await created(admin, '/api/centres-depot', {
      code: 'DEP-DLA',
      libelle: 'Centre de dépôt de Douala',
      departementId: departements.json<{ id: string }[]>()[0]!.id,
      adresse: 'Bonanjo',
      telephone: '+237 233 42 00 00',
    })
  ).id;
  enrolerManager = await t.userWith(ENROLER_MANAGER, 'gestion.enroleurs@test.local');
  userManager = await t.userWith(USER_MANAGER, 'gestion.utilisateurs@test.local');
  const profileOf = async (agent: Agent) =>
    (await agent.inject({ method: 'GET', url: '/api/auth/session' })).json<{
      user: { profilId: string };
    }>().user.profilId;
  enrolerManagerProfile = await profileOf(enrolerManager);
  userManagerProfile = await profileOf(userManager);
  smallProfile = (
    await created(admin, '/api/profils', {
      libelle: 'Son compte',
      permissions: ['compte.enregistrer'],
    })
  ).id;
});
afterAll(async () => t.close());

describe('giving a profile (users and enrôleurs alike)', () => {
  it('refuses to create an enrôleur with the « Administrateur » profile to a holder of the enrôleurs’ permissions', async () => {
    const payload = account(adminProfile, true);
    const message = await expectRefused(
      () => enrolerManager.inject({ method: 'POST', url: '/api/enroleurs', payload }),
      ['profil.enregistrer', 'utilisateur.enregistrer', 'administration.journal-connexions'],
    );
    expect(message).toMatch(/^Vous ne pouvez pas attribuer ce profil/);
    // What the manager holds is not named among the missing permissions.
    expect(message).not.toContain(permissionLabel('enroleur.enregistrer'));
    // Nothing reserved either: the login is still free.
    await created(admin, '/api/enroleurs', { ...payload, profilId: smallProfile });
  });

  it('refuses to create a user with a bigger profile, and to give one by modifying an account', async () => {
    await expectRefused(
      () =>
        userManager.inject({
          method: 'POST',
          url: '/api/utilisateurs',
          payload: account(adminProfile, false),
        }),
      ['enroleur.enregistrer', 'candidat.enregistrer'],
    );
    await expectRefused(
      () =>
        userManager.inject({
          method: 'POST',
          url: '/api/utilisateurs',
          payload: account(enrolerManagerProfile, false),
        }),
      ENROLER_MANAGER.filter((code) => code !== 'compte.enregistrer'),
    );
    // An enrôleur within the manager's permissions, then given the administrator's profile.
    const payload = account(smallProfile, true);
    const mine = await created(enrolerManager, '/api/enroleurs', payload);
    const revision = await revisionOf('enroleurs', mine.id, mine.position);
    const { motDePasse: _password, ...details } = payload;
    await expectRefused(
      () =>
        enrolerManager.inject({
          method: 'PUT',
          url: `/api/enroleurs/${mine.id}`,
          headers: { 'if-match': revision },
          payload: { ...details, profilId: adminProfile },
        }),
      ['profil.enregistrer'],
    );
    // The same account through /api/utilisateurs, by the users' manager.
    await expectRefused(
      () =>
        userManager.inject({
          method: 'PUT',
          url: `/api/utilisateurs/${mine.id}`,
          headers: { 'if-match': revision },
          payload: { ...details, profilId: enrolerManagerProfile },
        }),
      ['enroleur.enregistrer'],
    );
  });

  it('still lets a smaller or equal profile be given', async () => {
    await created(enrolerManager, '/api/enroleurs', account(smallProfile, true));
    await created(enrolerManager, '/api/enroleurs', account(enrolerManagerProfile, true));
    await created(userManager, '/api/utilisateurs', account(userManagerProfile, false));
    const payload = account(smallProfile, false);
    const user = await created(userManager, '/api/utilisateurs', payload);
    const { motDePasse: _password, ...details } = payload;
    const modified = await userManager.inject({
      method: 'PUT',
      url: `/api/utilisateurs/${user.id}`,
      headers: { 'if-match': await revisionOf('utilisateurs', user.id, user.position) },
      payload: { ...details, profilId: userManagerProfile, prenoms: 'Luc Olivier' },
    });
    expect(modified.statusCode).toBe(200);
  });
});

describe('acting on an account whose profile is bigger', () => {
  it('refuses to modify, reset the password of, disable or reactivate it', async () => {
    const big = await created(admin, '/api/enroleurs', account(adminProfile, true));
    const revision = await revisionOf('enroleurs', big.id, big.position);
    const details = { ...account(adminProfile, true), motDePasse: undefined };
    for (const [url, method, payload] of [
      [`/api/enroleurs/${big.id}`, 'PUT', { ...details, profilId: smallProfile }],
      [
        `/api/enroleurs/${big.id}/reinitialiser-mot-de-passe`,
        'POST',
        { motDePasse: 'Prise-De-Compte-1' },
      ],
      [`/api/enroleurs/${big.id}/desactiver`, 'POST', undefined],
    ] as const) {
      const message = await expectRefused(
        () => enrolerManager.inject({ method, url, headers: { 'if-match': revision }, payload }),
        ['administration.journal-connexions', 'profil.enregistrer'],
      );
      expect({ url, message }).toEqual({
        url,
        message: expect.stringMatching(/^Vous ne pouvez pas (modifier|réinitialiser|désactiver)/),
      });
    }
    // Disabled by the administrator: the manager may not bring it back either.
    const disabled = await admin.inject({
      method: 'POST',
      url: `/api/enroleurs/${big.id}/desactiver`,
      headers: { 'if-match': revision },
    });
    expect(disabled.statusCode).toBe(200);
    await expectRefused(
      () =>
        enrolerManager.inject({
          method: 'POST',
          url: `/api/enroleurs/${big.id}/reactiver`,
          headers: { 'if-match': String(disabled.headers.etag) },
        }),
      ['profil.enregistrer'],
    );
    // Through /api/utilisateurs: a user holding the users' manager's profile plus more.
    const bigger = await created(admin, '/api/utilisateurs', account(enrolerManagerProfile, false));
    const biggerRevision = await revisionOf('utilisateurs', bigger.id, bigger.position);
    for (const [url, payload] of [
      [
        `/api/utilisateurs/${bigger.id}/reinitialiser-mot-de-passe`,
        { motDePasse: 'Prise-De-Compte-1' },
      ],
      [`/api/utilisateurs/${bigger.id}/desactiver`, undefined],
    ] as const)
      await expectRefused(
        () =>
          userManager.inject({
            method: 'POST',
            url,
            headers: { 'if-match': biggerRevision },
            payload,
          }),
        ['enroleur.enregistrer'],
      );
  });

  it('lets the same actions through on an account within the person’s permissions', async () => {
    const small = await created(enrolerManager, '/api/enroleurs', account(smallProfile, true));
    const reset = await enrolerManager.inject({
      method: 'POST',
      url: `/api/enroleurs/${small.id}/reinitialiser-mot-de-passe`,
      headers: { 'if-match': await revisionOf('enroleurs', small.id, small.position) },
      payload: { motDePasse: 'Nouveau-Provisoire-2' },
    });
    expect(reset.statusCode).toBe(200);
    const disabled = await enrolerManager.inject({
      method: 'POST',
      url: `/api/enroleurs/${small.id}/desactiver`,
      headers: { 'if-match': String(reset.headers.etag) },
    });
    expect(disabled.statusCode).toBe(200);
  });
});

describe('profiles', () => {
  it('refuses to create or edit a profile holding a permission the person lacks', async () => {
    await expectRefused(
      () =>
        userManager.inject({
          method: 'POST',
          url: '/api/profils',
          payload: {
            libelle: 'Auditeur',
            permissions: ['utilisateur.lister', 'administration.journal-connexions'],
          },
        }),
      ['administration.journal-connexions'],
    );
    const own = await created(userManager, '/api/profils', {
      libelle: 'Gestion des comptes',
      permissions: ['utilisateur.lister', 'profil.lister'],
    });
    const revision = await revisionOf('profils', own.id, own.position);
    const message = await expectRefused(
      () =>
        userManager.inject({
          method: 'PUT',
          url: `/api/profils/${own.id}`,
          headers: { 'if-match': revision },
          payload: {
            libelle: 'Gestion des comptes',
            permissions: ['utilisateur.lister', 'profil.lister', 'candidat.enregistrer'],
          },
        }),
      ['candidat.enregistrer'],
    );
    expect(message).not.toContain(permissionLabel('utilisateur.lister'));
    // Within their permissions, the edit goes through.
    const edited = await userManager.inject({
      method: 'PUT',
      url: `/api/profils/${own.id}`,
      headers: { 'if-match': revision },
      payload: { libelle: 'Gestion des comptes', permissions: ['utilisateur.lister'] },
    });
    expect(edited.statusCode).toBe(200);
  });

  it('refuses to edit or delete a profile that holds a permission the person lacks', async () => {
    const revision = await revisionOf('profils', adminProfile);
    await expectRefused(
      () =>
        userManager.inject({
          method: 'PUT',
          url: `/api/profils/${adminProfile}`,
          headers: { 'if-match': revision },
          payload: { libelle: 'Administrateur', permissions: ['utilisateur.lister'] },
        }),
      ['administration.journal-connexions'],
    );
    const unused = await created(admin, '/api/profils', {
      libelle: 'Jury',
      permissions: ['jury.lister'],
    });
    const unusedRevision = await revisionOf('profils', unused.id, unused.position);
    await expectRefused(
      () =>
        userManager.inject({
          method: 'DELETE',
          url: `/api/profils/${unused.id}`,
          headers: { 'if-match': unusedRevision },
        }),
      ['jury.lister'],
    );
  });
});

describe('the profiles a person may give (GET /api/profils/attribuables)', () => {
  it('lists only the profiles within the person’s permissions', async () => {
    const offered = async (agent: Agent) => {
      const response = await agent.inject({ method: 'GET', url: '/api/profils/attribuables' });
      expect(response.statusCode).toBe(200);
      return response.json<{ id: string; libelle: string }[]>().map((p) => p.id);
    };
    const toEnrolerManager = await offered(enrolerManager);
    expect(toEnrolerManager).toEqual(expect.arrayContaining([smallProfile, enrolerManagerProfile]));
    expect(toEnrolerManager).not.toContain(adminProfile);
    expect(toEnrolerManager).not.toContain(userManagerProfile);
    const toUserManager = await offered(userManager);
    expect(toUserManager).toEqual(expect.arrayContaining([smallProfile, userManagerProfile]));
    expect(toUserManager).not.toContain(adminProfile);
    expect(toUserManager).not.toContain(enrolerManagerProfile);
    expect(await offered(admin)).toEqual(expect.arrayContaining([adminProfile, smallProfile]));
    // Only to whoever may give a profile.
    const reader = await t.userWith(['candidat.rechercher'], 'lecteur@test.local');
    expect(
      (await reader.inject({ method: 'GET', url: '/api/profils/attribuables' })).statusCode,
    ).toBe(403);
  });
});
