import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseListItem, type ReferenceListDefinition } from '@examens-pro/domain';
import { commandIdOf, etag, newItemId, requiredRevision } from '@examens-pro/platform';
import type { CommandAnswer } from '../commands.js';
import { commandContext } from '../context.js';
import { may } from '../guard.js';
import { listCommands } from '../lists/handlers.js';
import type { RouteDeps } from './metiers.js';

type Reply = { header(name: string, value: string): unknown };
const answer = (reply: Reply, result: CommandAnswer) => {
  reply.header('ETag', etag(result.revision));
  return result;
};

/** POST, PUT, DELETE /api/<list> and the actions desactiver / reactiver, for any reference list. */
export const listRoutes: FastifyPluginAsync<RouteDeps & { list: ReferenceListDefinition }> = async (
  app,
  { eventStore, readStore, storage, list },
) => {
  const commands = listCommands(eventStore, readStore, list, storage);
  const context = (request: FastifyRequest) => commandContext(request, commandIdOf(request));
  const write = { preHandler: may(list.name, 'write') };

  app.post('/', write, async (request, reply) => {
    const input = parseListItem(list, request.body);
    const ctx = context(request);
    reply.status(201);
    return answer(reply, await commands.create(newItemId(ctx.commandId), input, ctx));
  });

  app.put<{ Params: { id: string } }>('/:id', write, async (request, reply) => {
    const revision = requiredRevision(request);
    const input = parseListItem(list, request.body);
    return answer(
      reply,
      await commands.modify(request.params.id, input, revision, context(request)),
    );
  });

  app.delete<{ Params: { id: string } }>(
    '/:id',
    { preHandler: may(list.name, 'remove') },
    async (request, reply) =>
      answer(
        reply,
        await commands.remove(request.params.id, requiredRevision(request), context(request)),
      ),
  );

  for (const [action, active] of [
    ['desactiver', false],
    ['reactiver', true],
  ] as const) {
    app.post<{ Params: { id: string } }>(`/:id/${action}`, write, async (request, reply) =>
      answer(
        reply,
        await commands.setActive(
          request.params.id,
          active,
          requiredRevision(request),
          context(request),
        ),
      ),
    );
  }
};
