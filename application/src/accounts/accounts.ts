import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  checkMayGrant,
  DuplicateError,
  fold,
  MAINTENANCE_STREAM,
  maintenanceDecider,
  PERMISSION_CODES,
  PROFILE_CATEGORY,
  profileDecider,
  reservationDecider,
  streamName,
  SYSTEM_ACTOR,
  uniqueValueStream,
  USER_CATEGORY,
  userDecider,
  userDisplayName,
  ValidationError,
  type CommandContext,
  type OwnAccountInput,
  type ProfileEvent,
  type ProfileInput,
  type ReservationEvent,
  type TrustAction,
  type User,
  type UserCreateInput,
  type UserEvent,
  type UserModifyInput,
} from '@examens-pro/domain';
import {
  checkPasswordPolicy,
  eventIdFor,
  WrongExpectedRevisionError,
  handleCommand,
  hashPassword,
  newId,
  releaseUniqueValue,
  reserveUniqueValue,
  verifyPassword,
  type EventStore,
  type ReadStore,
  type UniqueValue,
} from '@examens-pro/platform';
import { aggregateRunner, usageCount, type CommandAnswer } from '../commands.js';
import { isActiveItem } from '@examens-pro/platform';

export const LOGIN_TAKEN = 'Cet identifiant est déjà utilisé.';
const SAME_PASSWORD = 'Le nouveau mot de passe doit être différent de l’actuel.';

const loginOf = (login: string): UniqueValue => ({
  resource: USER_CATEGORY,
  field: 'login',
  value: login,
});

const asLoginConflict = (error: unknown): never => {
  if (error instanceof DuplicateError) throw new DuplicateError(LOGIN_TAKEN, 'login');
  throw error;
};

/** The user whose login this is (through the login's reservation stream), folded from its stream. */
export const findUserByLogin = async (
  eventStore: EventStore,
  login: string,
): Promise<Extract<User, { status: 'actif' | 'inactif' }> | null> => {
  const reservation = fold(
    reservationDecider,
    (await eventStore.readStream(
      uniqueValueStream(USER_CATEGORY, 'login', login),
    )) as unknown as ReservationEvent[],
  );
  if (reservation.status !== 'reserved') return null;
  const user = fold(
    userDecider,
    (await eventStore.readStream(reservation.ownerId)) as unknown as UserEvent[],
  );
  return user.status === 'absent' || user.login !== login ? null : user;
};

const CENTRE_REQUIRED = 'Choisissez un centre de dépôt actif.';
export const OWN_CENTRE_ONLY =
  'Rattachez ce compte à votre centre de dépôt : vous ne gérez que les comptes de votre centre.';

/**
 * An enrôleur's centre de dépôt must be an active one. `within`: the centre the person acting is
 * attached to: the account is attached to it, another centre is refused as one
 * that does not exist, none (a national account) is refused.
 */
const checkCentre = async (
  eventStore: EventStore,
  centreDepotId: string | null | undefined,
  within: string | null = null,
) => {
  if (within && !centreDepotId)
    throw new ValidationError(OWN_CENTRE_ONLY, { centreDepotId: OWN_CENTRE_ONLY });
  if (
    centreDepotId &&
    ((within && centreDepotId !== within) ||
      !(await isActiveItem(eventStore, 'centres-depot', centreDepotId)))
  )
    throw new ValidationError(CENTRE_REQUIRED, { centreDepotId: CENTRE_REQUIRED });
};

export const userCommands = (eventStore: EventStore) => {
  const run = aggregateRunner(eventStore, USER_CATEGORY, userDecider);
  const owner = (id: string) => streamName(USER_CATEGORY, id);

  return {
    async create(
      id: string,
      input: UserCreateInput,
      context: CommandContext,
      /** The centre de dépôt the person acting is attached to (null: national, any centre). */
      within: string | null = null,
    ): Promise<CommandAnswer> {
      checkPasswordPolicy(input.motDePasse, { login: input.login, field: 'motDePasse' });
      await checkCentre(eventStore, input.centreDepotId, within);
      const { motDePasse, ...details } = input;
      const passwordHash = await hashPassword(motDePasse);
      await reserveUniqueValue(eventStore, loginOf(input.login), owner(id), context).catch(
        asLoginConflict,
      );
      try {
        return (
          await run(
            id,
            { type: 'CreateUser', data: { utilisateurId: id, ...details, passwordHash } },
            context,
          )
        ).answer;
      } catch (error) {
        await releaseUniqueValue(eventStore, loginOf(input.login), owner(id), context);
        throw error;
      }
    },

    async modify(
      id: string,
      input: UserModifyInput,
      expectedRevision: number,
      context: CommandContext,
      /** As for `create`: a centre-attached person keeps the account in their centre. */
      within: string | null = null,
    ): Promise<CommandAnswer> {
      await checkCentre(eventStore, input.centreDepotId, within);
      let previousLogin: string | undefined;
      try {
        const { answer } = await run(
          id,
          { type: 'ModifyUser', data: { utilisateurId: id, ...input } },
          context,
          expectedRevision,
          async (state, events) => {
            if (events.length === 0 || state.status === 'absent' || state.login === input.login)
              return;
            await reserveUniqueValue(eventStore, loginOf(input.login), owner(id), context).catch(
              asLoginConflict,
            );
            previousLogin = state.login;
          },
        );
        if (previousLogin !== undefined)
          await releaseUniqueValue(eventStore, loginOf(previousLogin), owner(id), context);
        return answer;
      } catch (error) {
        if (previousLogin !== undefined)
          await releaseUniqueValue(eventStore, loginOf(input.login), owner(id), context);
        throw error;
      }
    },

    async modifyOwnAccount(
      input: OwnAccountInput,
      expectedRevision: number,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const id = context.actor.id;
      return (
        await run(
          id,
          { type: 'ModifyOwnAccount', data: { utilisateurId: id, ...input } },
          context,
          expectedRevision,
        )
      ).answer;
    },

    /**
     * At a sign-in, the password just checked against a hash of older parameters: stored again
     * with today's. Never fails the sign-in (a failure is logged, the next sign-in tries again).
     */
    async rehashPassword(
      id: string,
      password: string,
      log: { warn(details: object, message: string): void },
    ): Promise<void> {
      try {
        const state = fold(
          userDecider,
          (await eventStore.readStream(owner(id))) as unknown as UserEvent[],
        );
        if (state.status === 'absent') return;
        const passwordHash = await hashPassword(password);
        await run(
          id,
          {
            type: 'RehashPassword',
            data: { utilisateurId: id, previousHash: state.passwordHash, passwordHash },
          },
          {
            commandId: newId(),
            actor: { id, name: userDisplayName(state) },
            now: new Date().toISOString(),
          },
        );
      } catch (error) {
        log.warn({ err: error, utilisateurId: id }, 'mot de passe : nouveau hachage impossible');
      }
    },

    async deactivate(id: string, expectedRevision: number, context: CommandContext) {
      return (
        await run(
          id,
          { type: 'DeactivateUser', data: { utilisateurId: id, byUserId: context.actor.id } },
          context,
          expectedRevision,
        )
      ).answer;
    },

    async reactivate(id: string, expectedRevision: number, context: CommandContext) {
      return (
        await run(
          id,
          { type: 'ReactivateUser', data: { utilisateurId: id } },
          context,
          expectedRevision,
        )
      ).answer;
    },

    async resetPassword(
      id: string,
      password: string,
      expectedRevision: number,
      context: CommandContext,
      /** Told once the reset is stored (or was, for a retry): the sign-in journal's entry. */
      journal?: (user: {
        id: string;
        login: string;
        nom: string;
        prenoms: string;
      }) => Promise<void>,
    ): Promise<CommandAnswer> {
      const current = fold(
        userDecider,
        (await eventStore.readStream(owner(id))) as unknown as UserEvent[],
      );
      checkPasswordPolicy(password, {
        login: current.status === 'absent' ? undefined : current.login,
        field: 'motDePasse',
      });
      const passwordHash = await hashPassword(password);
      const { outcome, answer } = await run(
        id,
        { type: 'ResetPassword', data: { utilisateurId: id, passwordHash } },
        context,
        expectedRevision,
      );
      if (outcome.state.status !== 'absent') await journal?.(outcome.state);
      return answer;
    },

    /**
     * The signed-in user changes their own password (no If-Match: it is theirs, and checked).
     * `sessionGeneration`: the account's after the change, for the session that made it to go on.
     */
    async changeOwnPassword(
      currentPassword: string,
      newPassword: string,
      context: CommandContext,
    ): Promise<CommandAnswer & { readonly sessionGeneration: number }> {
      const id = context.actor.id;
      const state = fold(
        userDecider,
        (await eventStore.readStream(owner(id))) as unknown as UserEvent[],
      );
      const matches =
        state.status !== 'absent' && (await verifyPassword(currentPassword, state.passwordHash));
      if (matches && currentPassword === newPassword)
        throw new ValidationError(SAME_PASSWORD, { newPassword: SAME_PASSWORD });
      checkPasswordPolicy(newPassword, {
        login: state.status === 'absent' ? undefined : state.login,
        field: 'newPassword',
      });
      const passwordHash = await hashPassword(newPassword);
      const { outcome, answer } = await run(
        id,
        {
          type: 'ChangePassword',
          data: { utilisateurId: id, passwordHash, currentPasswordMatches: matches },
        },
        context,
      );
      const after = outcome.state;
      return {
        ...answer,
        sessionGeneration: after.status === 'absent' ? 0 : after.sessionGeneration,
      };
    },
  };
};

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

/** The stream whose first event marks the first administrator as created (once, whatever the replicas). */
export const BOOTSTRAP_STREAM = 'amorcage-administrateur';
export const ADMIN_PROFILE_LABEL = 'Administrateur';

export interface AdministratorInput {
  readonly login: string;
  readonly password: string;
  readonly nom?: string;
  readonly prenoms?: string;
  readonly telephone?: string;
}

/**
 * Creates an administrator account (is_change_password = 0) holding the "Administrateur" profile
 * (every permission of the catalogue), made once and reused. `onlyIfFirst` (start-up): the bootstrap
 * stream is claimed with "no stream" first, so that of several replicas starting together one creates
 * the account and the others do nothing.
 */
export const createAdministrator = async (
  eventStore: EventStore,
  readStore: ReadStore,
  input: AdministratorInput,
  context: CommandContext,
  options: { readonly onlyIfFirst: boolean },
): Promise<{ created: boolean; userId?: string }> => {
  const recorded = await eventStore.readStream(BOOTSTRAP_STREAM);
  if (recorded.length > 0 && options.onlyIfFirst) return { created: false };
  const userId = eventIdFor(`${context.commandId}/utilisateur`, 0);
  let profilId = (recorded[0]?.data as { profilId?: string } | undefined)?.profilId;
  const claim = {
    id: eventIdFor(`${context.commandId}/amorcage`, 0),
    type: 'AdministratorBootstrapped',
    data: {
      utilisateurId: userId,
      profilId: profilId ?? eventIdFor(`${context.commandId}/profil`, 0),
    },
    metadata: {
      actor: context.actor,
      at: context.now,
      correlationId: context.commandId,
      causationId: context.commandId,
      schemaVersion: 1,
    },
  };
  if (options.onlyIfFirst) {
    try {
      await eventStore.appendToStream(BOOTSTRAP_STREAM, [claim], { expectedRevision: 'no_stream' });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return { created: false };
      throw error;
    }
  }
  const profile =
    profilId === undefined
      ? { status: 'absent' }
      : fold(
          profileDecider,
          (await eventStore.readStream(streamName(PROFILE_CATEGORY, profilId))) as never,
        );
  if (profile.status !== 'actif') {
    profilId = claim.data.profilId;
    await profileCommands(eventStore, readStore).create(
      profilId,
      { libelle: ADMIN_PROFILE_LABEL, permissions: [...PERMISSION_CODES] },
      // One command id per stream written: event ids derive from it.
      { ...context, commandId: `${context.commandId}/profil` },
    );
  }
  await userCommands(eventStore).create(
    userId,
    {
      nom: input.nom ?? 'Administrateur',
      prenoms: input.prenoms ?? 'Premier',
      login: input.login,
      telephone: input.telephone ?? '00000000',
      profilId: profilId!,
      centreDepotId: null,
      motDePasse: input.password,
    },
    { ...context, commandId: `${context.commandId}/utilisateur` },
  );
  if (!options.onlyIfFirst && recorded.length === 0) {
    await eventStore.appendToStream(
      BOOTSTRAP_STREAM,
      [{ ...claim, data: { utilisateurId: userId, profilId: profilId! } }],
      { expectedRevision: 'any' },
    );
  }
  return { created: true, userId };
};

export const DEFAULT_ADMIN_LOGIN = 'admin@examens.local';

/** Where the first administrator's drawn password is kept, in DATA_DIR (read by its owner only). */
export const FIRST_ADMIN_FILE = 'premier-administrateur.txt';

/**
 * First start: if the bootstrap never ran, an administrator is created from ADMIN_LOGIN /
 * ADMIN_PASSWORD. Without ADMIN_PASSWORD a random one is drawn and written to
 * `DATA_DIR/premier-administrateur.txt` (mode 0600): the log tells the login and that file's path,
 * never a password (logs are read, kept and shipped by more people than the administrator).
 * is_change_password = 0: the first sign-in forces a new password.
 */
export const ensureFirstAdministrator = async (
  eventStore: EventStore,
  readStore: ReadStore,
  env: NodeJS.ProcessEnv,
  print: (message: string) => void,
  dataDir: string,
): Promise<boolean> => {
  const login = (env.ADMIN_LOGIN || DEFAULT_ADMIN_LOGIN).trim().toLowerCase();
  const password = env.ADMIN_PASSWORD || randomBytes(9).toString('base64url');
  const { created } = await createAdministrator(
    eventStore,
    readStore,
    { login, password },
    {
      commandId: `amorcage-${login}`,
      actor: SYSTEM_ACTOR,
      now: new Date().toISOString(),
    },
    { onlyIfFirst: true },
  );
  if (!created) return false;
  if (env.ADMIN_PASSWORD) {
    print(
      `Premier administrateur créé — identifiant : ${login} — mot de passe provisoire : celui de ADMIN_PASSWORD — à changer à la première connexion.`,
    );
    return true;
  }
  const file = resolve(dataDir, FIRST_ADMIN_FILE);
  mkdirSync(dataDir, { recursive: true });
  // Replaced whole, created 0600 (the mode of an existing file is set again).
  rmSync(file, { force: true });
  writeFileSync(
    file,
    `Premier administrateur d’Examens Pro\nidentifiant : ${login}\nmot de passe provisoire : ${password}\n(à changer à la première connexion ; supprimez ce fichier ensuite)\n`,
    { mode: 0o600, flag: 'wx' },
  );
  chmodSync(file, 0o600);
  print(
    `Premier administrateur créé — identifiant : ${login} — mot de passe provisoire dans ${file} (lisible par ce compte seul), à changer à la première connexion.`,
  );
  return true;
};
