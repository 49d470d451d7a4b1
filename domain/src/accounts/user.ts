import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent } from '../core/envelope.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors.js';

export const USER_CATEGORY = 'utilisateurs';

/** 0: the user must choose a new password before anything else (seed §2); 1: free. */
export type ChangePasswordFlag = 0 | 1;

export interface UserDetails {
  nom: string;
  prenoms: string;
  /** The sign-in identifier: an e-mail address, stored in lower case. */
  login: string;
  telephone: string;
  profilId: string;
  /** Enrôleurs belong to a centre de dépôt (null for other staff; absent from older events). */
  centreDepotId?: string | null;
}

export type UserCreated = DomainEvent<
  'UserCreated',
  UserDetails & { utilisateurId: string; passwordHash: string }
>;
export type UserModified = DomainEvent<'UserModified', UserDetails & { utilisateurId: string }>;
export type OwnAccountModified = DomainEvent<
  'OwnAccountModified',
  { utilisateurId: string; nom: string; prenoms: string; telephone: string }
>;
export type UserDeactivated = DomainEvent<'UserDeactivated', { utilisateurId: string }>;
export type UserReactivated = DomainEvent<'UserReactivated', { utilisateurId: string }>;
/** An administrator set a temporary password: the user must change it at the next sign-in. */
export type UserPasswordReset = DomainEvent<
  'UserPasswordReset',
  { utilisateurId: string; passwordHash: string }
>;
/** The user chose their own password. */
export type UserPasswordChanged = DomainEvent<
  'UserPasswordChanged',
  { utilisateurId: string; passwordHash: string }
>;

/**
 * The same password hashed again with today's parameters (at its owner's sign-in, the hash being
 * of older ones): nothing else changes, no session ends.
 */
export type UserPasswordRehashed = DomainEvent<
  'UserPasswordRehashed',
  { utilisateurId: string; passwordHash: string }
>;

export type UserEvent =
  | UserCreated
  | UserModified
  | OwnAccountModified
  | UserDeactivated
  | UserReactivated
  | UserPasswordReset
  | UserPasswordChanged
  | UserPasswordRehashed;

export const USER_EVENT_TYPES: readonly UserEvent['type'][] = [
  'UserCreated',
  'UserModified',
  'OwnAccountModified',
  'UserDeactivated',
  'UserReactivated',
  'UserPasswordReset',
  'UserPasswordChanged',
  'UserPasswordRehashed',
];

export type UserCommand =
  | { type: 'CreateUser'; data: UserDetails & { utilisateurId: string; passwordHash: string } }
  | { type: 'ModifyUser'; data: UserDetails & { utilisateurId: string } }
  | {
      type: 'ModifyOwnAccount';
      data: { utilisateurId: string; nom: string; prenoms: string; telephone: string };
    }
  /** `byUserId`: who asks; nobody deactivates their own account (it would lock them out). */
  | { type: 'DeactivateUser'; data: { utilisateurId: string; byUserId: string } }
  | { type: 'ReactivateUser'; data: { utilisateurId: string } }
  | { type: 'ResetPassword'; data: { utilisateurId: string; passwordHash: string } }
  /** The handler checks the current password (hashing is I/O-bound work) and says whether it matched. */
  | {
      type: 'ChangePassword';
      data: { utilisateurId: string; passwordHash: string; currentPasswordMatches: boolean };
    }
  /** `previousHash`: the hash the password was checked against; changed since, nothing is done. */
  | {
      type: 'RehashPassword';
      data: { utilisateurId: string; previousHash: string; passwordHash: string };
    };

export type User =
  | { status: 'absent' }
  | (UserDetails & {
      status: 'actif' | 'inactif';
      id: string;
      passwordHash: string;
      isChangePassword: ChangePasswordFlag;
      /**
       * How many times the account's sessions were ended: a password changed or reset, a
       * deactivation, a change of profile. A session remembers the generation it was opened in and
       * ends when the account has moved on (the person changing their own password keeps theirs).
       */
      sessionGeneration: number;
    });

type ExistingUser = Extract<User, { status: 'actif' | 'inactif' }>;

export const USER_NOT_FOUND = 'Cet utilisateur est introuvable.';
export const WRONG_CURRENT_PASSWORD = 'Le mot de passe actuel est incorrect.';

const existing = (state: User): ExistingUser => {
  if (state.status === 'absent') throw new NotFoundError(USER_NOT_FOUND);
  return state;
};

const sameDetails = (a: UserDetails, b: UserDetails): boolean =>
  a.nom === b.nom &&
  a.prenoms === b.prenoms &&
  a.login === b.login &&
  a.telephone === b.telephone &&
  a.profilId === b.profilId &&
  (a.centreDepotId ?? null) === (b.centreDepotId ?? null);

export const decideUser = (command: UserCommand, state: User): UserEvent[] => {
  switch (command.type) {
    case 'CreateUser':
      if (state.status !== 'absent') throw new ConflictError('Cet utilisateur existe déjà.');
      return [{ type: 'UserCreated', data: { ...command.data } }];
    case 'ModifyUser': {
      const current = existing(state);
      if (sameDetails(current, command.data)) return [];
      return [{ type: 'UserModified', data: { ...command.data } }];
    }
    case 'ModifyOwnAccount': {
      const current = existing(state);
      const { nom, prenoms, telephone } = command.data;
      if (current.nom === nom && current.prenoms === prenoms && current.telephone === telephone)
        return [];
      return [{ type: 'OwnAccountModified', data: { ...command.data } }];
    }
    case 'DeactivateUser': {
      const current = existing(state);
      if (command.data.byUserId === current.id)
        throw new ForbiddenError('Vous ne pouvez pas désactiver votre propre compte.');
      if (current.status === 'inactif')
        throw new ConflictError('Cet utilisateur est déjà désactivé.');
      return [{ type: 'UserDeactivated', data: { utilisateurId: current.id } }];
    }
    case 'ReactivateUser': {
      const current = existing(state);
      if (current.status === 'actif') throw new ConflictError('Cet utilisateur est déjà actif.');
      return [{ type: 'UserReactivated', data: { utilisateurId: current.id } }];
    }
    case 'ResetPassword':
      existing(state);
      return [{ type: 'UserPasswordReset', data: { ...command.data } }];
    case 'ChangePassword': {
      existing(state);
      const { utilisateurId, passwordHash, currentPasswordMatches } = command.data;
      if (!currentPasswordMatches)
        throw new ValidationError(WRONG_CURRENT_PASSWORD, {
          currentPassword: WRONG_CURRENT_PASSWORD,
        });
      return [{ type: 'UserPasswordChanged', data: { utilisateurId, passwordHash } }];
    }
    case 'RehashPassword': {
      const { utilisateurId, previousHash, passwordHash } = command.data;
      if (state.status === 'absent' || state.passwordHash !== previousHash) return [];
      return [{ type: 'UserPasswordRehashed', data: { utilisateurId, passwordHash } }];
    }
    default:
      return assertNever(command);
  }
};

export const evolveUser = (state: User, event: UserEvent): User => {
  if (event.type === 'UserCreated') {
    const { utilisateurId, passwordHash, nom, prenoms, login, telephone, profilId } = event.data;
    const centreDepotId = event.data.centreDepotId ?? null;
    return {
      status: 'actif',
      id: utilisateurId,
      nom,
      prenoms,
      login,
      telephone,
      profilId,
      centreDepotId,
      passwordHash,
      isChangePassword: 0,
      sessionGeneration: 0,
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'UserModified': {
      const { nom, prenoms, login, telephone, profilId } = event.data;
      const centreDepotId = event.data.centreDepotId ?? null;
      const sessionGeneration = state.sessionGeneration + (profilId === state.profilId ? 0 : 1);
      return {
        ...state,
        nom,
        prenoms,
        login,
        telephone,
        profilId,
        centreDepotId,
        sessionGeneration,
      };
    }
    case 'OwnAccountModified': {
      const { nom, prenoms, telephone } = event.data;
      return { ...state, nom, prenoms, telephone };
    }
    case 'UserDeactivated':
      return { ...state, status: 'inactif', sessionGeneration: state.sessionGeneration + 1 };
    case 'UserReactivated':
      return { ...state, status: 'actif' };
    case 'UserPasswordReset':
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        isChangePassword: 0,
        sessionGeneration: state.sessionGeneration + 1,
      };
    case 'UserPasswordChanged':
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        isChangePassword: 1,
        sessionGeneration: state.sessionGeneration + 1,
      };
    case 'UserPasswordRehashed':
      return { ...state, passwordHash: event.data.passwordHash };
    default:
      return assertNever(event);
  }
};

export const userDecider: Decider<UserCommand, UserEvent, User> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: () => ({ status: 'absent' }),
};

/** The name staff read in histories and stamps: "Prénoms NOM". */
export const userDisplayName = (user: { nom: string; prenoms: string }): string =>
  `${user.prenoms} ${user.nom}`.trim();
