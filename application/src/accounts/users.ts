/**
 * User accounts: the login unique (its reservation stream), the centre de dépôt of an enrôleur's
 * accounts, and one function per command on an account.
 */
import {
  DuplicateError,
  fold,
  streamName,
  uniqueValueStream,
  USER_CATEGORY,
  userDecider,
  userDisplayName,
  reservationDecider,
  ValidationError,
  type CommandContext,
  type OwnAccountInput,
  type ReservationEvent,
  type User,
  type UserCreateInput,
  type UserEvent,
  type UserModifyInput,
} from '@examens-pro/domain';
import {
  checkPasswordPolicy,
  hashPassword,
  newId,
  releaseUniqueValue,
  reserveUniqueValue,
  verifyPassword,
  type EventStore,
  type UniqueValue,
} from '@examens-pro/platform';
import { aggregateRunner, type CommandAnswer } from '../commands.js';
import { isActiveItem } from '../reference-lists/references.js';

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

const runUser = (eventStore: EventStore) => aggregateRunner(eventStore, USER_CATEGORY, userDecider);
const owner = (id: string) => streamName(USER_CATEGORY, id);

export const createUser = async (
  eventStore: EventStore,
  id: string,
  input: UserCreateInput,
  context: CommandContext,
  /** The centre de dépôt the person acting is attached to (null: national, any centre). */
  within: string | null = null,
): Promise<CommandAnswer> => {
  checkPasswordPolicy(input.motDePasse, { login: input.login, field: 'motDePasse' });
  await checkCentre(eventStore, input.centreDepotId, within);
  const { motDePasse, ...details } = input;
  const passwordHash = await hashPassword(motDePasse);
  await reserveUniqueValue(eventStore, loginOf(input.login), owner(id), context).catch(
    asLoginConflict,
  );
  try {
    return (
      await runUser(eventStore)(
        id,
        { type: 'CreateUser', data: { utilisateurId: id, ...details, passwordHash } },
        context,
      )
    ).answer;
  } catch (error) {
    await releaseUniqueValue(eventStore, loginOf(input.login), owner(id), context);
    throw error;
  }
};

export const modifyUser = async (
  eventStore: EventStore,
  id: string,
  input: UserModifyInput,
  expectedRevision: number,
  context: CommandContext,
  /** As for `createUser`: a centre-attached person keeps the account in their centre. */
  within: string | null = null,
): Promise<CommandAnswer> => {
  await checkCentre(eventStore, input.centreDepotId, within);
  let previousLogin: string | undefined;
  try {
    const { answer } = await runUser(eventStore)(
      id,
      { type: 'ModifyUser', data: { utilisateurId: id, ...input } },
      context,
      expectedRevision,
      async (state, events) => {
        if (events.length === 0 || state.status === 'absent' || state.login === input.login) return;
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
};

export const modifyOwnAccount = async (
  eventStore: EventStore,
  input: OwnAccountInput,
  expectedRevision: number,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const id = context.actor.id;
  return (
    await runUser(eventStore)(
      id,
      { type: 'ModifyOwnAccount', data: { utilisateurId: id, ...input } },
      context,
      expectedRevision,
    )
  ).answer;
};

/**
 * At a sign-in, the password just checked against a hash of older parameters: stored again
 * with today's. Never fails the sign-in (a failure is logged, the next sign-in tries again).
 */
export const rehashUserPassword = async (
  eventStore: EventStore,
  id: string,
  password: string,
  log: { warn(details: object, message: string): void },
): Promise<void> => {
  try {
    const state = fold(
      userDecider,
      (await eventStore.readStream(owner(id))) as unknown as UserEvent[],
    );
    if (state.status === 'absent') return;
    const passwordHash = await hashPassword(password);
    await runUser(eventStore)(
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
};

export const deactivateUser = async (
  eventStore: EventStore,
  id: string,
  expectedRevision: number,
  context: CommandContext,
) =>
  (
    await runUser(eventStore)(
      id,
      { type: 'DeactivateUser', data: { utilisateurId: id, byUserId: context.actor.id } },
      context,
      expectedRevision,
    )
  ).answer;

export const reactivateUser = async (
  eventStore: EventStore,
  id: string,
  expectedRevision: number,
  context: CommandContext,
) =>
  (
    await runUser(eventStore)(
      id,
      { type: 'ReactivateUser', data: { utilisateurId: id } },
      context,
      expectedRevision,
    )
  ).answer;

/** Told once a reset is stored (or was, for a retry): the sign-in journal's entry. */
export type PasswordResetJournal = (user: {
  id: string;
  login: string;
  nom: string;
  prenoms: string;
}) => Promise<void>;

export const resetUserPassword = async (
  eventStore: EventStore,
  id: string,
  password: string,
  expectedRevision: number,
  context: CommandContext,
  journal?: PasswordResetJournal,
): Promise<CommandAnswer> => {
  const current = fold(
    userDecider,
    (await eventStore.readStream(owner(id))) as unknown as UserEvent[],
  );
  checkPasswordPolicy(password, {
    login: current.status === 'absent' ? undefined : current.login,
    field: 'motDePasse',
  });
  const passwordHash = await hashPassword(password);
  const { outcome, answer } = await runUser(eventStore)(
    id,
    { type: 'ResetPassword', data: { utilisateurId: id, passwordHash } },
    context,
    expectedRevision,
  );
  if (outcome.state.status !== 'absent') await journal?.(outcome.state);
  return answer;
};

/**
 * The signed-in user changes their own password (no If-Match: it is theirs, and checked).
 * `sessionGeneration`: the account's after the change, for the session that made it to go on.
 */
export const changeOwnPassword = async (
  eventStore: EventStore,
  currentPassword: string,
  newPassword: string,
  context: CommandContext,
): Promise<CommandAnswer & { readonly sessionGeneration: number }> => {
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
  const { outcome, answer } = await runUser(eventStore)(
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
};

/** The accounts' commands, by name (each one is a function above). */
export const userCommands = (eventStore: EventStore) => ({
  create: (id: string, input: UserCreateInput, context: CommandContext, within?: string | null) =>
    createUser(eventStore, id, input, context, within),
  modify: (
    id: string,
    input: UserModifyInput,
    expectedRevision: number,
    context: CommandContext,
    within?: string | null,
  ) => modifyUser(eventStore, id, input, expectedRevision, context, within),
  modifyOwnAccount: (input: OwnAccountInput, expectedRevision: number, context: CommandContext) =>
    modifyOwnAccount(eventStore, input, expectedRevision, context),
  rehashPassword: (
    id: string,
    password: string,
    log: { warn(details: object, message: string): void },
  ) => rehashUserPassword(eventStore, id, password, log),
  deactivate: (id: string, expectedRevision: number, context: CommandContext) =>
    deactivateUser(eventStore, id, expectedRevision, context),
  reactivate: (id: string, expectedRevision: number, context: CommandContext) =>
    reactivateUser(eventStore, id, expectedRevision, context),
  resetPassword: (
    id: string,
    password: string,
    expectedRevision: number,
    context: CommandContext,
    journal?: PasswordResetJournal,
  ) => resetUserPassword(eventStore, id, password, expectedRevision, context, journal),
  changeOwnPassword: (currentPassword: string, newPassword: string, context: CommandContext) =>
    changeOwnPassword(eventStore, currentPassword, newPassword, context),
});
