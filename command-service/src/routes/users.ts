import type { FastifyPluginAsync } from 'fastify';
import {
  ENROLER_NOT_FOUND,
  fold,
  NotFoundError,
  ownAccountSchema,
  streamName,
  USER_CATEGORY,
  userDecider,
  ValidationError,
  type UserEvent,
  parseInput,
  profileInputSchema,
  resetPasswordSchema,
  userCreateSchema,
  userModifySchema,
} from '@examens-pro/domain';
import { commandIdOf, etag, requireAccess, requiredRevision } from '@examens-pro/platform';
import { profileCommands, userCommands } from '../accounts/handlers.js';
import { signInJournalFor } from '../accounts/signInJournal.js';
import type { CommandAnswer } from '../commands.js';
import { commandContext } from '../context.js';
import { commandRoute, recordRoutes } from '../commandRoute.js';
import type { RouteDeps } from './deps.js';

type Reply = { header(name: string, value: string): unknown };
const answer = (reply: Reply, result: CommandAnswer) => {
  reply.header('ETag', etag(result.revision));
  return result;
};

/**
 * /api/utilisateurs and /api/enroleurs (users attached to a centre de dépôt, under their own
 * permissions). Users are never deleted (their name stays on every event they signed):
 * deactivation is the deletion, guarded by "Supprimer un utilisateur" / "Supprimer un enrôleur".
 */
export const usersRoutes: FastifyPluginAsync<
  RouteDeps & { resource?: 'utilisateurs' | 'enroleurs' }
> = async (app, { eventStore, resource = 'utilisateurs' }) => {
  const users = userCommands(eventStore);
  const enrolers = resource === 'enroleurs';
  /** Through /api/enroleurs a centre de dépôt is required, and only enrôleurs are reached. */
  const withCentre = <T extends { centreDepotId: string | null }>(input: T): T => {
    if (enrolers && !input.centreDepotId)
      throw new ValidationError(CENTRE_MISSING, { centreDepotId: CENTRE_MISSING });
    return input;
  };
  const reachable = async (id: string): Promise<string> => {
    if (enrolers) {
      const user = fold(
        userDecider,
        (await eventStore.readStream(streamName(USER_CATEGORY, id))) as unknown as UserEvent[],
      );
      if (user.status === 'absent' || !user.centreDepotId)
        throw new NotFoundError(ENROLER_NOT_FOUND);
    }
    return id;
  };

  commandRoute(app, {
    method: 'POST',
    url: '/',
    resource,
    access: 'write',
    input: (body) => withCentre(parseInput(userCreateSchema, body)),
    run: ({ id, input, context }) => users.create(id, input, context),
  });
  commandRoute(app, {
    method: 'PUT',
    url: '/:id',
    resource,
    access: 'write',
    input: (body) => withCentre(parseInput(userModifySchema, body)),
    run: async ({ id, input, revision, context }) =>
      users.modify(await reachable(id), input, revision, context),
  });
  // Deactivation is the users' deletion: guarded by "Supprimer".
  commandRoute(app, {
    method: 'POST',
    url: '/:id/desactiver',
    resource,
    access: 'remove',
    run: async ({ id, revision, context }) =>
      users.deactivate(await reachable(id), revision, context),
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/reactiver',
    resource,
    access: 'write',
    run: async ({ id, revision, context }) =>
      users.reactivate(await reachable(id), revision, context),
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/reinitialiser-mot-de-passe',
    resource,
    access: 'write',
    input: (body) => parseInput(resetPasswordSchema, body),
    run: async ({ id, input, revision, context, request }) => {
      const journal = signInJournalFor(eventStore, request, context.commandId);
      return users.resetPassword(
        await reachable(id),
        input.motDePasse,
        revision,
        context,
        // The administrator acted; the entry is about the account reset.
        (user) => journal('PasswordResetJournaled', { login: user.login, user }, {}, context.actor),
      );
    },
  });
};

const CENTRE_MISSING = 'Le centre de dépôt est obligatoire pour un enrôleur.';

/** /api/profils */
export const profilesRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore },
) => {
  const profiles = profileCommands(eventStore, readStore);
  recordRoutes(app, 'profils', (body) => parseInput(profileInputSchema, body), profiles);
};

/** PUT /api/mon-compte: one's own details ("Enregistrer son compte"). */
export const ownAccountRoutes: FastifyPluginAsync<RouteDeps> = async (app, { eventStore }) => {
  const users = userCommands(eventStore);
  app.put('/', { preHandler: requireAccess(['compte.enregistrer']) }, async (request, reply) => {
    const revision = requiredRevision(request);
    const input = parseInput(ownAccountSchema, request.body);
    return answer(
      reply,
      await users.modifyOwnAccount(input, revision, commandContext(request, commandIdOf(request))),
    );
  });
};
