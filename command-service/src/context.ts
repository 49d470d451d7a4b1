import type { FastifyRequest } from 'fastify';
import { UnauthenticatedError, type Actor, type CommandContext } from '@examens-pro/domain';

/** Who issues the command: the signed-in user that `requireAccess` put on the request. */
export const actorOf = (request: FastifyRequest): Actor => {
  if (!request.principal) throw new UnauthenticatedError();
  return request.principal.actor;
};

export const commandContext = (request: FastifyRequest, commandId: string): CommandContext => ({
  commandId,
  actor: actorOf(request),
  now: new Date().toISOString(),
});
