import { describe, expect, it } from '@jest/globals';
import { DeciderSpecification } from '../core/testing.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors.js';
import {
  DASHBOARD_ROUTES,
  MENU_SECTIONS,
  routeForPath,
  resourceRequirement,
} from '../routes/routeTable.js';
import { PERMISSION_CODES, PERMISSION_GROUPS, allows, isPermissionCode } from './permissions.js';
import { profileDecider } from './profile.js';
import { userDecider, type UserEvent } from './user.js';

const details = {
  nom: 'Diallo',
  prenoms: 'Awa',
  login: 'awa@exemple.bf',
  telephone: '70000000',
  profilId: 'p1',
};
const created: UserEvent = {
  type: 'UserCreated',
  data: { utilisateurId: 'u1', ...details, passwordHash: 'h0' },
};

describe('user decider', () => {
  const spec = DeciderSpecification.for(userDecider);

  it('creates an account that must change its password, which a change frees and a reset confines again', () => {
    let state = userDecider.evolve(userDecider.initialState(), created);
    expect(state).toMatchObject({ status: 'actif', isChangePassword: 0 });
    state = userDecider.evolve(state, {
      type: 'UserPasswordChanged',
      data: { utilisateurId: 'u1', passwordHash: 'h1' },
    });
    expect(state).toMatchObject({ isChangePassword: 1, passwordHash: 'h1' });
    state = userDecider.evolve(state, {
      type: 'UserPasswordReset',
      data: { utilisateurId: 'u1', passwordHash: 'h2' },
    });
    expect(state).toMatchObject({ isChangePassword: 0, passwordHash: 'h2' });
  });

  it('refuses a password change when the current password did not match', () =>
    spec
      .given([created])
      .when({
        type: 'ChangePassword',
        data: { utilisateurId: 'u1', passwordHash: 'h1', currentPasswordMatches: false },
      })
      .thenThrows(ValidationError, (error) =>
        expect(error.fields).toEqual({ currentPassword: 'Le mot de passe actuel est incorrect.' }),
      ));

  it('records nothing for an unchanged form, and only the changed details otherwise', () => {
    spec
      .given([created])
      .when({ type: 'ModifyUser', data: { utilisateurId: 'u1', ...details } })
      .then([]);
    spec
      .given([created])
      .when({ type: 'ModifyUser', data: { utilisateurId: 'u1', ...details, nom: 'Sawadogo' } })
      .then([{ type: 'UserModified', data: { utilisateurId: 'u1', ...details, nom: 'Sawadogo' } }]);
  });

  it('lets nobody deactivate their own account, nor twice someone else’s', () => {
    spec
      .given([created])
      .when({ type: 'DeactivateUser', data: { utilisateurId: 'u1', byUserId: 'u1' } })
      .thenThrows(ForbiddenError);
    spec
      .given([created, { type: 'UserDeactivated', data: { utilisateurId: 'u1' } }])
      .when({ type: 'DeactivateUser', data: { utilisateurId: 'u1', byUserId: 'admin' } })
      .thenThrows(ConflictError);
    spec
      .given([])
      .when({ type: 'ReactivateUser', data: { utilisateurId: 'u1' } })
      .thenThrows(NotFoundError);
  });
});

describe('profile decider', () => {
  const spec = DeciderSpecification.for(profileDecider);
  const made = {
    type: 'ProfileCreated' as const,
    data: { profilId: 'p1', libelle: 'Agents', permissions: ['b', 'a'] },
  };

  it('stores permissions sorted and without repeats; an unchanged set records nothing', () => {
    spec
      .given([])
      .when({
        type: 'CreateProfile',
        data: { profilId: 'p1', libelle: 'Agents', permissions: ['b', 'a', 'b'] },
      })
      .then([
        {
          type: 'ProfileCreated',
          data: { profilId: 'p1', libelle: 'Agents', permissions: ['a', 'b'] },
        },
      ]);
    spec
      .given([{ ...made, data: { ...made.data, permissions: ['a', 'b'] } }])
      .when({
        type: 'ModifyProfile',
        data: { profilId: 'p1', libelle: 'Agents', permissions: ['b', 'a'] },
      })
      .then([]);
  });

  it('refuses to delete a profile held by users', () =>
    spec
      .given([made])
      .when({ type: 'DeleteProfile', data: { profilId: 'p1', usageCount: 2 } })
      .thenThrows(ConflictError, (error) =>
        expect(error.message).toBe(
          'Ce profil est attribué à 2 utilisateurs : changez leur profil avant de le supprimer.',
        ),
      ));
});

describe('permission catalogue and route table', () => {
  it('has unique, stable codes in groups, with an Administration group', () => {
    expect(new Set(PERMISSION_CODES).size).toBe(PERMISSION_CODES.length);
    expect(PERMISSION_GROUPS.map((g) => g.label)).toContain('Administration');
    expect(isPermissionCode('candidat.enregistrer')).toBe(true);
    // An empty requirement allows nobody: « any signed-in user » is said by the caller.
    expect(allows(new Set(['a']), [])).toBe(false);
    expect(allows(new Set(), [])).toBe(false);
    expect(allows(new Set(['a']), ['b', 'a'])).toBe(true);
    expect(allows(new Set(['a']), ['b'])).toBe(false);
  });

  it('lists every dashboard route of seed §2 once, each in a menu section, with known permissions', () => {
    const paths = DASHBOARD_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const seed = [
      '',
      'informations',
      'mon-compte',
      'utilisateurs-profils/utilisateurs',
      'utilisateurs-profils/enroleur',
      'utilisateurs-profils/profils',
      'inscription/candidats/bilan-general-pieces',
      'inscription/gestion-des-incidents/liste-des-incidents',
      'espace-examen/notes/historiques-des-modifications-des-notes',
      'espace-examen/gestion-des-admissions/decision-d-admission/apposer-la-signature-du-ministre',
      'rapports-statistiques/candidats/par-zone-et-nombre-de-pieces-soumis',
      'configuration/examen-session/type-des-incidents-examen',
      'configuration/inscriptions/types-handicap',
    ];
    for (const path of seed) expect(paths).toContain(path);
    // Seed §2's 87: 3 top-level, 3 users & profiles, 18 inscription, 34 exam space, 7 reports,
    // 22 configuration; plus the sign-in journal under users & profiles and
    // the lists of agents submitted, with their progress; the actions in bulk on dossiers and their
    // outcomes (issue #32); the other product routes beside the seed's.
    expect(paths.length).toBe(94);
    expect(paths).toContain('inscription/candidats/listes-d-agents');
    expect(paths).toContain('utilisateurs-profils/journal-des-connexions');
    const sections = new Set(MENU_SECTIONS.map((s) => s.key));
    for (const route of DASHBOARD_ROUTES) {
      expect(sections.has(route.section)).toBe(true);
      for (const code of [...route.permissions, ...(route.write ?? []), ...(route.remove ?? [])])
        expect({ path: route.path, code, known: isPermissionCode(code) }).toEqual({
          path: route.path,
          code,
          known: true,
        });
    }
  });

  it('finds a route from a path with or without prefix, trailing slash or record sub-path', () => {
    expect(routeForPath('/tableau-de-bord/configuration/metiers/')?.resource).toBe('metiers');
    expect(routeForPath('configuration/metiers/abc/show')?.resource).toBe('metiers');
    expect(routeForPath('/tableau-de-bord')?.path).toBe('');
    expect(routeForPath('/tableau-de-bord/inconnu')).toBeUndefined();
    expect(resourceRequirement('utilisateurs', 'remove')).toEqual(['utilisateur.supprimer']);
  });

  it('opens the métiers screen to the holders of its tabs, but writes métiers only with its own permission', () => {
    expect(routeForPath('configuration/metiers')?.permissions).toEqual([
      'configuration.metiers',
      'configuration.filieres',
      'configuration.corps-de-metier',
    ]);
    expect(resourceRequirement('metiers', 'read')).toContain('configuration.filieres');
    expect(resourceRequirement('metiers', 'write')).toEqual(['configuration.metiers']);
    expect(resourceRequirement('metiers', 'remove')).toEqual(['configuration.metiers']);
    // Each tab's list keeps its own permission.
    expect(resourceRequirement('filieres', 'write')).toEqual(['configuration.filieres']);
    expect(resourceRequirement('corps-de-metier', 'write')).toEqual([
      'configuration.corps-de-metier',
    ]);
  });

  it('guards the sign-in journal with its Administration permission', () => {
    expect(PERMISSION_GROUPS.find((g) => g.key === 'administration')?.permissions).toContainEqual({
      code: 'administration.journal-connexions',
      label: 'Consulter le journal des connexions',
    });
    expect(resourceRequirement('journal-connexions', 'read')).toEqual([
      'administration.journal-connexions',
    ]);
  });
});
