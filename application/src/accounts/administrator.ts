/** The first administrator: created once at the first start, whatever the replicas. */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  fold,
  PERMISSION_CODES,
  PROFILE_CATEGORY,
  profileDecider,
  streamName,
  SYSTEM_ACTOR,
  type CommandContext,
} from '@examens-pro/domain';
import {
  eventIdFor,
  WrongExpectedRevisionError,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';
import { profileCommands } from './profiles.js';
import { userCommands } from './users.js';

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
