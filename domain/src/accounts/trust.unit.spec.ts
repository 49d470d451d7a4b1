import { describe, expect, it } from '@jest/globals';
import { ForbiddenError } from '../core/errors.js';
import { canOpen, DASHBOARD_ROUTES, routeById, routeForPath } from '../routes/routeTable.js';
import { allows, PERMISSION_CODES } from './permissions.js';
import { checkMayGrant, mayGrant, missingPermissions, trustRefusal } from './trust.js';
import { userDecider, type UserEvent } from './user.js';

const enrolerManager = new Set(['enroleur.enregistrer', 'enroleur.lister']);

describe('no escalation through profiles', () => {
  it('names the permissions a profile gives beyond the person’s, in the catalogue’s order', () => {
    expect(
      missingPermissions(enrolerManager, [
        'administration.journal-connexions',
        'enroleur.lister',
        'profil.enregistrer',
        'profil.enregistrer',
      ]),
    ).toEqual(['profil.enregistrer', 'administration.journal-connexions']);
    expect(missingPermissions(enrolerManager, ['enroleur.lister'])).toEqual([]);
    // The administrator's profile holds every permission: everything the manager lacks.
    expect(missingPermissions(enrolerManager, PERMISSION_CODES)).toHaveLength(
      PERMISSION_CODES.length - 2,
    );
  });

  it('lets a person give a smaller or equal profile, never a bigger one', () => {
    expect(mayGrant(enrolerManager, ['enroleur.lister'])).toBe(true);
    expect(mayGrant(enrolerManager, ['enroleur.enregistrer', 'enroleur.lister'])).toBe(true);
    expect(mayGrant(enrolerManager, ['enroleur.lister', 'utilisateur.enregistrer'])).toBe(false);
    expect(mayGrant(enrolerManager, PERMISSION_CODES)).toBe(false);
    expect(mayGrant(new Set(PERMISSION_CODES), PERMISSION_CODES)).toBe(true);
    // A profile without permissions (deleted) gives nothing.
    expect(mayGrant(new Set(), [])).toBe(true);
  });

  it('refuses in French, naming the missing permissions by their labels', () => {
    expect(() =>
      checkMayGrant(enrolerManager, ['enroleur.lister', 'profil.enregistrer'], 'attribuer'),
    ).toThrow(
      new ForbiddenError(
        'Vous ne pouvez pas attribuer ce profil : il donne une permission que vous n’avez pas : « Enregistrer un profil ».',
      ),
    );
    expect(
      trustRefusal('reinitialiser', ['utilisateur.enregistrer', 'administration.maintenance']),
    ).toBe(
      'Vous ne pouvez pas réinitialiser le mot de passe de ce compte : son profil donne des permissions que vous n’avez pas : « Enregistrer un utilisateur », « Activer ou désactiver le mode maintenance ».',
    );
    expect(trustRefusal('enregistrer-profil', ['jury.lister'])).toBe(
      'Vous ne pouvez pas donner à un profil une permission que vous n’avez pas : « Lister les jurys ».',
    );
    expect(() => checkMayGrant(enrolerManager, ['enroleur.lister'], 'desactiver')).not.toThrow();
  });
});

describe('allows(held, []) denies', () => {
  it('allows nobody on an empty requirement; the routes open to every signed-in user say so', () => {
    expect(allows(new Set(PERMISSION_CODES), [])).toBe(false);
    expect(allows(new Set(['a']), ['a'])).toBe(true);
    const open = DASHBOARD_ROUTES.filter((r) => r.permissions.length === 0).map((r) => r.path);
    expect(open).toEqual(['', 'informations', 'mon-compte']);
    for (const path of open) expect(canOpen(new Set(), routeForPath(path)!)).toBe(true);
    expect(canOpen(new Set(), routeById('utilisateurs-profils/utilisateurs'))).toBe(false);
  });
});

describe('a session generation per account', () => {
  const created: UserEvent = {
    type: 'UserCreated',
    data: {
      utilisateurId: 'u1',
      nom: 'Diallo',
      prenoms: 'Awa',
      login: 'awa@exemple.bf',
      telephone: '70000000',
      profilId: 'p1',
      passwordHash: 'h0',
    },
  };
  const generation = (events: UserEvent[]) => {
    const state = events.reduce(userDecider.evolve, userDecider.initialState());
    return state.status === 'absent' ? undefined : state.sessionGeneration;
  };
  const modified = (profilId: string, telephone = '70000000'): UserEvent => ({
    type: 'UserModified',
    data: { ...created.data, profilId, telephone },
  });

  it('moves on at a password change or reset, a deactivation and a change of profile only', () => {
    expect(generation([created])).toBe(0);
    const password = { utilisateurId: 'u1', passwordHash: 'h1' };
    expect(generation([created, { type: 'UserPasswordChanged', data: password }])).toBe(1);
    expect(generation([created, { type: 'UserPasswordReset', data: password }])).toBe(1);
    expect(
      generation([
        created,
        { type: 'UserDeactivated', data: { utilisateurId: 'u1' } },
        { type: 'UserReactivated', data: { utilisateurId: 'u1' } },
      ]),
    ).toBe(1);
    expect(generation([created, modified('p2')])).toBe(1);
    expect(generation([created, modified('p1', '71000000')])).toBe(0);
    // The same password hashed again at sign-in (today's parameters): no session ends.
    expect(
      generation([
        created,
        { type: 'UserPasswordRehashed', data: { utilisateurId: 'u1', passwordHash: 'h2' } },
      ]),
    ).toBe(0);
    expect(
      generation([
        created,
        {
          type: 'OwnAccountModified',
          data: { utilisateurId: 'u1', nom: 'Diallo', prenoms: 'Awa', telephone: '72000000' },
        },
      ]),
    ).toBe(0);
  });
});
