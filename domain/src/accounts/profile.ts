import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent } from '../core/envelope.js';
import { ConflictError, NotFoundError } from '../core/errors.js';

export const PROFILE_CATEGORY = 'profils';

/** A profile: a libellé and the set of permission codes its users hold. */
export type ProfileCreated = DomainEvent<
  'ProfileCreated',
  { profilId: string; libelle: string; permissions: string[] }
>;
export type ProfileModified = DomainEvent<
  'ProfileModified',
  { profilId: string; libelle: string; permissions: string[] }
>;
export type ProfileDeleted = DomainEvent<'ProfileDeleted', { profilId: string }>;

export type ProfileEvent = ProfileCreated | ProfileModified | ProfileDeleted;

export const PROFILE_EVENT_TYPES: readonly ProfileEvent['type'][] = [
  'ProfileCreated',
  'ProfileModified',
  'ProfileDeleted',
];

export type ProfileCommand =
  | { type: 'CreateProfile'; data: { profilId: string; libelle: string; permissions: string[] } }
  | { type: 'ModifyProfile'; data: { profilId: string; libelle: string; permissions: string[] } }
  /** `usageCount`: users holding the profile, from the usage read model. */
  | { type: 'DeleteProfile'; data: { profilId: string; usageCount: number } };

export type Profile =
  | { status: 'absent' }
  | { status: 'actif'; id: string; libelle: string; permissions: string[] }
  | { status: 'supprime'; id: string };

export const PROFILE_NOT_FOUND = 'Ce profil est introuvable.';

const existing = (state: Profile): Extract<Profile, { status: 'actif' }> => {
  if (state.status !== 'actif') throw new NotFoundError(PROFILE_NOT_FOUND);
  return state;
};

const sorted = (codes: readonly string[]): string[] => [...new Set(codes)].sort();

export const decideProfile = (command: ProfileCommand, state: Profile): ProfileEvent[] => {
  switch (command.type) {
    case 'CreateProfile':
      if (state.status !== 'absent') throw new ConflictError('Ce profil existe déjà.');
      return [
        {
          type: 'ProfileCreated',
          data: { ...command.data, permissions: sorted(command.data.permissions) },
        },
      ];
    case 'ModifyProfile': {
      const current = existing(state);
      const permissions = sorted(command.data.permissions);
      if (
        current.libelle === command.data.libelle &&
        JSON.stringify(current.permissions) === JSON.stringify(permissions)
      )
        return [];
      return [{ type: 'ProfileModified', data: { ...command.data, permissions } }];
    }
    case 'DeleteProfile': {
      const current = existing(state);
      const { usageCount } = command.data;
      if (usageCount > 0)
        throw new ConflictError(
          `Ce profil est attribué à ${usageCount} utilisateur${usageCount > 1 ? 's' : ''} : changez leur profil avant de le supprimer.`,
        );
      return [{ type: 'ProfileDeleted', data: { profilId: current.id } }];
    }
    default:
      return assertNever(command);
  }
};

export const evolveProfile = (state: Profile, event: ProfileEvent): Profile => {
  switch (event.type) {
    case 'ProfileCreated':
    case 'ProfileModified':
      return {
        status: 'actif',
        id: event.data.profilId,
        libelle: event.data.libelle,
        permissions: event.data.permissions,
      };
    case 'ProfileDeleted':
      return { status: 'supprime', id: event.data.profilId };
    default:
      return assertNever(event);
  }
};

export const profileDecider: Decider<ProfileCommand, ProfileEvent, Profile> = {
  decide: decideProfile,
  evolve: evolveProfile,
  initialState: () => ({ status: 'absent' }),
};
