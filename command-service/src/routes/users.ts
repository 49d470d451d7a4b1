import type { FastifyPluginAsync } from 'fastify';
import {
  ownAccountSchema,
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
 * /api/utilisateurs. Users are never deleted (their name stays on every event they signed):
 * deactivation is the deletion, guarded by "Supprimer un utilisateur".
 */
export const usersRoutes: FastifyPluginAsync<RouteDeps> = async (app, { eventStore }) => {
  const users = userCommands(eventStore);
  const context = (request: Parameters<typeof commandIdOf>[0]) =>
    commandContext(request, commandIdOf(request));

  app.post('/', { preHandler: may('utilisateurs', 'write') }, async (request, reply) => {
    const input = parseInput(userCreateSchema, request.body);
    const ctx = context(request);
    reply.status(201);
    return answer(reply, await users.create(newItemId(ctx.commandId), input, ctx));
  });

  app.put<{ Params: { id: string } }>(
    '/:id',
    { preHandler: may('utilisateurs', 'write') },
    async (request, reply) => {
      const revision = requiredRevision(request);
      const input = parseInput(userModifySchema, request.body);
      return answer(
        reply,
        await users.modify(request.params.id, input, revision, context(request)),
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/:id/desactiver',
    { preHandler: may('utilisateurs', 'remove') },
    async (request, reply) =>
      answer(
        reply,
        await users.deactivate(request.params.id, requiredRevision(request), context(request)),
      ),
  );

  app.post<{ Params: { id: string } }>(
    '/:id/reactiver',
    { preHandler: may('utilisateurs', 'write') },
    async (request, reply) =>
      answer(
        reply,
        await users.reactivate(request.params.id, requiredRevision(request), context(request)),
      ),
  );

  app.post<{ Params: { id: string } }>(
    '/:id/reinitialiser-mot-de-passe',
    { preHandler: may('utilisateurs', 'write') },
    async (request, reply) => {
      const revision = requiredRevision(request);
      const { motDePasse } = parseInput(resetPasswordSchema, request.body);
      return answer(
        reply,
        await users.resetPassword(request.params.id, motDePasse, revision, context(request)),
      );
    },
  );
};

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
