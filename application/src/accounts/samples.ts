import { maintenanceCommands, profileCommands } from './profiles.js';
import { recordSignInEvent } from './signInJournal.js';
import { userCommands } from './users.js';
import {
  PERMISSION_CODES,
  PROFILE_CATEGORY,
  profileDecider,
  parseInput,
  profileInputSchema,
  SIGN_IN_JOURNAL_CATEGORY,
  streamName,
  USER_CATEGORY,
  userCreateSchema,
  userModifySchema,
  type Actor,
  type SignInJournalEvent,
} from '@examens-pro/domain';
import { handleCommand, newItemId } from '@examens-pro/platform';
import type { AggregateSamples, StoryScope } from '../sampleScope.js';

const createProfile = async (scope: StoryScope, n: number) => {
  const context = scope.context();
  const id = newItemId(context.commandId);
  const input = parseInput(profileInputSchema, {
    libelle: `Profil ${n}`,
    permissions: PERMISSION_CODES.filter((_, i) => (i + n) % 3 === 0),
  });
  const commands = profileCommands(scope.eventStore, scope.readStore);
  const { revision } = await commands.create(id, input, context);
  scope.offer(PROFILE_CATEGORY, id);
  return { id, input, revision, commands };
};

export const profiles: AggregateSamples = {
  name: 'profils',
  provides: [PROFILE_CATEGORY],
  weight: 1,
  async make(scope) {
    return (await createProfile(scope, scope.serial())).id;
  },
  async story(scope, n) {
    const { id, input, commands, revision: created } = await createProfile(scope, n);
    const input2 = { ...input, libelle: `${input.libelle} (modifié)` };
    const { revision } = await commands.modify(id, input2, created, scope.context());
    if (n % 3 === 2 && !scope.used(PROFILE_CATEGORY, id)) {
      await handleCommand(scope.eventStore, {
        stream: streamName(PROFILE_CATEGORY, id),
        decider: profileDecider,
        command: { type: 'DeleteProfile', data: { profilId: id, usageCount: 0 } },
        context: scope.context(),
        expectedRevision: revision,
      });
      scope.withdraw(PROFILE_CATEGORY, id);
    }
  },
};

export const users: AggregateSamples = {
  name: 'utilisateurs',
  provides: [USER_CATEGORY],
  weight: 1,
  limit: 2,
  async story(scope, n) {
    const profilId = await scope.reference(PROFILE_CATEGORY);
    const centreDepotId = n % 2 === 1 ? await scope.reference('centres-depot') : null;
    const context = scope.context();
    const id = newItemId(context.commandId);
    const password = `Provisoire-${n}-Examens`;
    const details = {
      nom: `Nom${n}`,
      prenoms: `Prénom ${n}`,
      login: `agent${n}@examens.cm`,
      telephone: `+2376${String(20_000_000 + n).slice(-8)}`,
      profilId,
      centreDepotId,
    };
    const commands = userCommands(scope.eventStore);
    let { revision } = await commands.create(
      id,
      parseInput(userCreateSchema, { ...details, motDePasse: password }),
      context,
    );
    const stream = streamName(USER_CATEGORY, id);
    const refs = () => ({
      profils: [details.profilId],
      'centres-depot': details.centreDepotId ? [details.centreDepotId] : [],
    });
    scope.references(stream, refs());
    details.telephone = `+2376${String(30_000_000 + n).slice(-8)}`;
    revision = (
      await commands.modify(id, parseInput(userModifySchema, details), revision, scope.context())
    ).revision;
    const self: Actor = { id, name: `${details.prenoms} ${details.nom}` };
    revision = (
      await commands.modifyOwnAccount(
        { nom: details.nom, prenoms: `${details.prenoms} Marie`, telephone: details.telephone },
        revision,
        scope.context(self),
      )
    ).revision;
    revision = (await commands.deactivate(id, revision, scope.context())).revision;
    revision = (await commands.reactivate(id, revision, scope.context())).revision;
    const reset = `Temporaire-${n}-Examens`;
    await commands.resetPassword(id, reset, revision, scope.context());
    await commands.changeOwnPassword(reset, `Personnel-${n}-Examens`, scope.context(self));
  },
};

export const maintenance: AggregateSamples = {
  name: 'maintenance',
  provides: [],
  weight: 1,
  async story(scope, n) {
    const commands = maintenanceCommands(scope.eventStore);
    await commands.set(true, `Maintenance programmée n° ${n}`, scope.context());
    await commands.set(false, '', scope.context());
  },
};

const JOURNAL: readonly SignInJournalEvent['type'][] = [
  'SignInSucceeded',
  'SignInFailed',
  'SignInLockedOut',
  'SignedOut',
  'PasswordChangeJournaled',
  'PasswordResetJournaled',
];

export const signInJournal: AggregateSamples = {
  name: 'journal des connexions',
  provides: [],
  writes: [SIGN_IN_JOURNAL_CATEGORY],
  weight: 2,
  async story(scope, n) {
    const type = JOURNAL[n % JOURNAL.length]!;
    const context = scope.context();
    const data =
      type === 'SignInFailed'
        ? { reason: 'mot-de-passe' as const }
        : type === 'SignInLockedOut'
          ? { lockedUntil: new Date(Date.parse(context.now) + 900_000).toISOString() }
          : {};
    await recordSignInEvent(
      scope.eventStore,
      { warn: (...args: unknown[]) => console.warn('journal :', ...args) },
      {
        event: { type, data } as never,
        login: `agent${n % 50}@examens.cm`,
        utilisateurId: null,
        client: {
          ip: `10.0.${n % 250}.${(n * 7) % 250}`,
          userAgent: 'Mozilla/5.0 (essai de charge)',
        },
        commandId: context.commandId,
      },
    );
  },
};
