import {
  fold,
  PROFILE_CATEGORY,
  profileDecider,
  streamName,
  USER_CATEGORY,
  userDecider,
  userDisplayName,
  type Profile,
  type ProfileEvent,
  type User,
  type UserEvent,
} from '@examens-pro/domain';
import type { EventStore, Principal } from '@examens-pro/platform';

/** The principal as last folded, and the stream revisions it was folded at. */
interface CachedPrincipal {
  readonly principal: Principal | null;
  readonly userRevision: number;
  readonly profileStream: string | null;
  readonly profileRevision: number;
}

/** Principals per event store (tests run several stores in one process), at most this many each. */
const principalCaches = new WeakMap<EventStore, Map<string, CachedPrincipal>>();
const PRINCIPAL_CACHE_SIZE = 5000;

const lastRevision = (events: readonly { revision: number }[]): number =>
  events.length > 0 ? events[events.length - 1]!.revision : -1;

/**
 * Folded from the user's and the profile's streams, not from read models: a password just changed,
 * a profile just edited or an account just deactivated count from the very next request.
 * Null when the user does not exist or is deactivated. Cached by stream revision: a request reads
 * only whether either stream has grown since (one read where the store can, else two indexed
 * look-ups answering nothing), and folds again when one has.
 */
export const loadPrincipal = async (
  eventStore: EventStore,
  userId: string,
): Promise<Principal | null> => {
  let cache = principalCaches.get(eventStore);
  if (!cache) principalCaches.set(eventStore, (cache = new Map()));
  const userStream = streamName(USER_CATEGORY, userId);
  const cached = cache.get(userId);
  if (cached && eventStore.grownSince) {
    // One read for both streams (the SQLite store: one statement).
    const grown = await eventStore.grownSince([
      { stream: userStream, revision: cached.userRevision },
      ...(cached.profileStream
        ? [{ stream: cached.profileStream, revision: cached.profileRevision }]
        : []),
    ]);
    if (!grown) return cached.principal;
  } else if (cached) {
    const [newerUser, newerProfile] = await Promise.all([
      eventStore.readStream(userStream, { fromRevision: cached.userRevision + 1, maxCount: 1 }),
      cached.profileStream
        ? eventStore.readStream(cached.profileStream, {
            fromRevision: cached.profileRevision + 1,
            maxCount: 1,
          })
        : Promise.resolve([]),
    ]);
    if (newerUser.length === 0 && newerProfile.length === 0) return cached.principal;
  }
  const userEvents = await eventStore.readStream(userStream);
  const user = fold(userDecider, userEvents as unknown as UserEvent[]);
  let entry: CachedPrincipal;
  if (user.status !== 'actif') {
    entry = {
      principal: null,
      userRevision: lastRevision(userEvents),
      profileStream: null,
      profileRevision: -1,
    };
  } else {
    const profileStream = streamName(PROFILE_CATEGORY, user.profilId);
    const profileEvents = await eventStore.readStream(profileStream);
    const profile = fold(profileDecider, profileEvents as unknown as ProfileEvent[]);
    entry = {
      principal: principalOf(user, profile),
      userRevision: lastRevision(userEvents),
      profileStream,
      profileRevision: lastRevision(profileEvents),
    };
  }
  cache.delete(userId);
  cache.set(userId, entry);
  if (cache.size > PRINCIPAL_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return entry.principal;
};

const principalOf = (user: Exclude<User, { status: 'absent' }>, profile: Profile): Principal => {
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
      centreDepotId: user.centreDepotId ?? null,
    },
    permissions,
    actor: { id: user.id, name: userDisplayName(user) },
    sessionGeneration: user.sessionGeneration,
  };
};
