import type { FastifyPluginAsync } from 'fastify';
import { metierInputSchema, parseInput } from '@examens-pro/domain';
import {
  commandIdOf,
  etag,
  newItemId,
  requiredRevision,
  type EventStore,
  type DocumentStorage,
  type ReadStore,
  type SignInLimiter,
} from '@examens-pro/platform';
import { metierCommands, type CommandAnswer } from '../metiers/handlers.js';
import { commandContext } from '../context.js';
import { may } from '../guard.js';

export interface RouteDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly signInLimiter: SignInLimiter;
  /** Where uploaded images are kept (the documents' storage). */
  readonly storage?: DocumentStorage;
}

/** POST, PUT, DELETE /api/metiers and the actions desactiver / reactiver. */
export const metiersRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore },
) => {
  const commands = metierCommands(eventStore, readStore);
  const answer = (
    reply: { header(name: string, value: string): unknown },
    result: CommandAnswer,
  ) => {
    reply.header('ETag', etag(result.revision));
    return result;
  };

  app.post('/', { preHandler: may('metiers', 'write') }, async (request, reply) => {
    const input = parseInput(metierInputSchema, request.body);
    const context = commandContext(request, commandIdOf(request));
    const result = await commands.create(newItemId(context.commandId), input, context);
    reply.status(201);
    return answer(reply, result);
  });

  app.put<{ Params: { id: string } }>(
    '/:id',
    { preHandler: may('metiers', 'write') },
    async (request, reply) => {
      const revision = requiredRevision(request);
      const input = parseInput(metierInputSchema, request.body);
      return answer(
        reply,
        await commands.modify(
          request.params.id,
          input,
          revision,
          commandContext(request, commandIdOf(request)),
        ),
      );
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    { preHandler: may('metiers', 'remove') },
    async (request, reply) => {
      const revision = requiredRevision(request);
      return answer(
        reply,
        await commands.remove(
          request.params.id,
          revision,
          commandContext(request, commandIdOf(request)),
        ),
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/:id/desactiver',
    { preHandler: may('metiers', 'write') },
    async (request, reply) => {
      const revision = requiredRevision(request);
      return answer(
        reply,
        await commands.deactivate(
          request.params.id,
          revision,
          commandContext(request, commandIdOf(request)),
        ),
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/:id/reactiver',
    { preHandler: may('metiers', 'write') },
    async (request, reply) => {
      const revision = requiredRevision(request);
      return answer(
        reply,
        await commands.reactivate(
          request.params.id,
          revision,
          commandContext(request, commandIdOf(request)),
        ),
      );
    },
  );
};
