import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseSession, ValidationError } from '@examens-pro/domain';
import { commandIdOf, etag, newItemId, requiredRevision } from '@examens-pro/platform';
import type { CommandAnswer } from '../commands.js';
import { commandContext } from '../context.js';
import { may } from '../guard.js';
import { isSessionStatus, sessionCommands } from '../lists/sessions.js';
import type { RouteDeps } from './metiers.js';

type Reply = { header(name: string, value: string): unknown };
const answer = (reply: Reply, result: CommandAnswer) => {
  reply.header('ETag', etag(result.revision));
  return result;
};

/** POST, PUT /api/sessions and POST /api/sessions/:id/avancer { statut } (the next step, confirmed). */
export const sessionsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { eventStore }) => {
  const sessions = sessionCommands(eventStore);
  const context = (request: FastifyRequest) => commandContext(request, commandIdOf(request));
  const write = { preHandler: may('sessions', 'write') };

  app.post('/', write, async (request, reply) => {
    const details = parseSession(request.body);
    const ctx = context(request);
    reply.status(201);
    return answer(reply, await sessions.create(newItemId(ctx.commandId), details, ctx));
  });

  app.put<{ Params: { id: string } }>('/:id', write, async (request, reply) => {
    const revision = requiredRevision(request);
    const details = parseSession(request.body);
    return answer(
      reply,
      await sessions.modify(request.params.id, details, revision, context(request)),
    );
  });

  app.post<{ Params: { id: string }; Body: { statut?: unknown } }>(
    '/:id/avancer',
    write,
    async (request, reply) => {
      const revision = requiredRevision(request);
      const to = (request.body as { statut?: unknown } | undefined)?.statut;
      if (!isSessionStatus(to))
        throw new ValidationError('Indiquez l’étape suivante de la session.', {
          statut: 'Indiquez l’étape suivante de la session.',
        });
      return answer(
        reply,
        await sessions.advance(request.params.id, to, revision, context(request)),
      );
    },
  );
};
