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
import {
  commandIdOf,
  etag,
  newItemId,
  requireAccess,
  requiredRevision,
} from '@examens-pro/platform';
import { profileCommands, userCommands } from '../accounts/handlers.js';
import { signInJournalFor } from '../accounts/signInJournal.js';
import type { CommandAnswer } from '../commands.js';
import { commandContext } from '../context.js';
import { may } from '../guard.js';
import type { RouteDeps } from './metiers.js';

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
  const context = (request: Parameters<typeof commandIdOf>[0]) =>
    commandContext(request, commandIdOf(request));
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

  app.post('/', { preHandler: may(resource, 'write') }, async (request, reply) => {
    const input = withCentre(parseInput(userCreateSchema, request.body));
    const ctx = context(request);
    reply.status(201);
    return answer(reply, await users.create(newItemId(ctx.commandId), input, ctx));
  });

  app.put<{ Params: { id: string } }>(
    '/:id',
    { preHandler: may(resource, 'write') },
    async (request, reply) => {
      const revision = requiredRevision(request);
      const input = withCentre(parseInput(userModifySchema, request.body));
      return answer(
        reply,
        await users.modify(await reachable(request.params.id), input, revision, context(request)),
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/:id/desactiver',
    { preHandler: may(resource, 'remove') },
    async (request, reply) =>
      answer(
        reply,
        await users.deactivate(
          await reachable(request.params.id),
          requiredRevision(request),
          context(request),
        ),
      ),
  );

  app.post<{ Params: { id: string } }>(
    '/:id/reactiver',
    { preHandler: may(resource, 'write') },
    async (request, reply) =>
      answer(
        reply,
        await users.reactivate(
          await reachable(request.params.id),
          requiredRevision(request),
          context(request),
        ),
      ),
  );

  app.post<{ Params: { id: string } }>(
    '/:id/reinitialiser-mot-de-passe',
    { preHandler: may(resource, 'write') },
    async (request, reply) => {
      const revision = requiredRevision(request);
      const { motDePasse } = parseInput(resetPasswordSchema, request.body);
      const ctx = context(request);
      const journal = signInJournalFor(eventStore, request, ctx.commandId);
      return answer(
        reply,
        await users.resetPassword(
          await reachable(request.params.id),
          motDePasse,
          revision,
          ctx,
          // The administrator acted; the entry is about the account reset.
          (user) => journal('PasswordResetJournaled', { login: user.login, user }, {}, ctx.actor),
        ),
      );
    },
  );
};

const CENTRE_MISSING = 'Le centre de dépôt est obligatoire pour un enrôleur.';

/** /api/profils */
export const profilesRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore },
) => {
  const profiles = profileCommands(eventStore, readStore);
  const context = (request: Parameters<typeof commandIdOf>[0]) =>
    commandContext(request, commandIdOf(request));

  app.post('/', { preHandler: may('profils', 'write') }, async (request, reply) => {
    const input = parseInput(profileInputSchema, request.body);
    const ctx = context(request);
    reply.status(201);
    return answer(reply, await profiles.create(newItemId(ctx.commandId), input, ctx));
  });

  app.put<{ Params: { id: string } }>(
    '/:id',
    { preHandler: may('profils', 'write') },
    async (request, reply) => {
      const revision = requiredRevision(request);
      const input = parseInput(profileInputSchema, request.body);
      return answer(
        reply,
        await profiles.modify(request.params.id, input, revision, context(request)),
      );
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    { preHandler: may('profils', 'remove') },
    async (request, reply) =>
      answer(
        reply,
        await profiles.remove(request.params.id, requiredRevision(request), context(request)),
      ),
  );
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
