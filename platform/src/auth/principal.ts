import {
  allows,
  fold,
  PROFILE_CATEGORY,
  profileDecider,
  streamName,
  USER_CATEGORY,
  userDecider,
  userDisplayName,
  type Actor,
  type ChangePasswordFlag,
  type ProfileEvent,
  type UserEvent,
} from '@examens-pro/domain';
import type { EventStore } from '../event-store/port.js';

/** The signed-in user as every service sees them: details, flag, permissions and the actor of events. */
export interface Principal {
  readonly user: {
    readonly id: string;
    readonly nom: string;
    readonly prenoms: string;
    readonly login: string;
    readonly telephone: string;
    readonly profilId: string;
    readonly profil: string;
    readonly is_change_password: ChangePasswordFlag;
  };
  readonly permissions: ReadonlySet<string>;
  readonly actor: Actor;
}

/**
 * Folded from the user's and the profile's streams, not from read models: a password just changed,
 * a profile just edited or an account just deactivated count from the very next request.
 * Null when the user does not exist or is deactivated.
 */
export const loadPrincipal = async (
  eventStore: EventStore,
  userId: string,
): Promise<Principal | null> => {
  const user = fold(
    userDecider,
    (await eventStore.readStream(streamName(USER_CATEGORY, userId))) as unknown as UserEvent[],
  );
  if (user.status !== 'actif') return null;
  const profile = fold(
    profileDecider,
    (await eventStore.readStream(
      streamName(PROFILE_CATEGORY, user.profilId),
    )) as unknown as ProfileEvent[],
  );
  const permissions = new Set(profile.status === 'actif' ? profile.permissions : []);
  return {
    user: {
      id: user.id,
      nom: user.nom,
      prenoms: user.prenoms,
      login: user.login,
      telephone: user.telephone,
      profilId: user.profilId,
      profil: profile.status === 'actif' ? profile.libelle : '',
      is_change_password: user.isChangePassword,
    },
    permissions,
    actor: { id: user.id, name: userDisplayName(user) },
  };
};

export const principalAllows = (principal: Principal, anyOf: readonly string[]): boolean =>
  allows(principal.permissions, anyOf);
