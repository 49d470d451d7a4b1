/**
 * Profiles and what guards them: no escalation through a profile, the profiles' commands, and the
 * site's maintenance switch.
 */
import {
  checkMayGrant,
  fold,
  MAINTENANCE_STREAM,
  maintenanceDecider,
  PROFILE_CATEGORY,
  profileDecider,
  streamName,
  USER_CATEGORY,
  userDecider,
  type CommandContext,
  type ProfileEvent,
  type ProfileInput,
  type TrustAction,
  type UserEvent,
} from '@examens-pro/domain';
import { handleCommand, type EventStore, type ReadStore } from '@examens-pro/platform';
import { aggregateRunner, usageCount, type CommandAnswer } from '../commands.js';

/** The permissions a profile gives, as stored: none when it is absent or deleted. */
const profilePermissions = async (eventStore: EventStore, profilId: string): Promise<string[]> => {
  const profile = fold(
    profileDecider,
    (await eventStore.readStream(
      streamName(PROFILE_CATEGORY, profilId),
    )) as unknown as ProfileEvent[],
  );
  return profile.status === 'actif' ? profile.permissions : [];
};

/**
 * No escalation through profiles, for users and enrôleurs alike: the domain's rule on
 * the profiles and accounts as stored. Each check throws the 403 naming the permissions that
 * `held` (the person acting) lacks, before anything is written.
 */
export const accountTrust = (eventStore: EventStore) => ({
  /** Giving an account this profile (creating it, or changing its profile). */
  async mayGive(held: ReadonlySet<string>, profilId: string): Promise<void> {
    checkMayGrant(held, await profilePermissions(eventStore, profilId), 'attribuer');
  },
  /** Modifying, resetting the password of, disabling or reactivating an account: its profile. */
  async mayActOn(
    held: ReadonlySet<string>,
    userId: string,
    action: Extract<TrustAction, 'modifier-compte' | 'reinitialiser' | 'desactiver' | 'reactiver'>,
  ): Promise<void> {
    const user = fold(
      userDecider,
      (await eventStore.readStream(streamName(USER_CATEGORY, userId))) as unknown as UserEvent[],
    );
    // An unknown account: the command itself answers 404.
    if (user.status === 'absent') return;
    checkMayGrant(held, await profilePermissions(eventStore, user.profilId), action);
  },
  /**
   * Creating a profile (`profilId` null), editing one (both its permissions and the new ones) or
   * deleting one (`permissions` null).
   */
  async mayWriteProfile(
    held: ReadonlySet<string>,
    profilId: string | null,
    permissions: readonly string[] | null,
  ): Promise<void> {
    if (profilId !== null)
      checkMayGrant(
        held,
        await profilePermissions(eventStore, profilId),
        permissions === null ? 'supprimer-profil' : 'modifier-profil',
      );
    if (permissions !== null) checkMayGrant(held, permissions, 'enregistrer-profil');
  },
});

export const profileCommands = (eventStore: EventStore, readStore: ReadStore) => {
  const run = aggregateRunner(eventStore, PROFILE_CATEGORY, profileDecider);
  return {
    async create(id: string, input: ProfileInput, context: CommandContext) {
      return (await run(id, { type: 'CreateProfile', data: { profilId: id, ...input } }, context))
        .answer;
    },
    async modify(
      id: string,
      input: ProfileInput,
      expectedRevision: number,
      context: CommandContext,
    ) {
      return (
        await run(
          id,
          { type: 'ModifyProfile', data: { profilId: id, ...input } },
          context,
          expectedRevision,
        )
      ).answer;
    },
    async remove(id: string, expectedRevision: number, context: CommandContext) {
      const references = await usageCount(eventStore, readStore, PROFILE_CATEGORY, id);
      return (
        await run(
          id,
          { type: 'DeleteProfile', data: { profilId: id, usageCount: references } },
          context,
          expectedRevision,
        )
      ).answer;
    },
  };
};

export const maintenanceCommands = (eventStore: EventStore) => ({
  async set(active: boolean, message: string, context: CommandContext): Promise<CommandAnswer> {
    const outcome = await handleCommand(eventStore, {
      stream: MAINTENANCE_STREAM,
      decider: maintenanceDecider,
      command: active
        ? { type: 'EnableMaintenance', data: { message } }
        : { type: 'DisableMaintenance' },
      context,
    });
    return { id: 'site', revision: outcome.revision, position: outcome.position };
  },
});
