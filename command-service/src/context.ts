import type { FastifyRequest } from 'fastify';
import { UnauthenticatedError, type Actor, type CommandContext } from '@examens-pro/domain';
import { typedAtOf } from '@examens-pro/platform';

/** Who issues the command: the signed-in user that `requireAccess` put on the request. */
export const actorOf = (request: FastifyRequest): Actor => {
  if (!request.principal) throw new UnauthenticatedError();
  return request.principal.actor;
};

export const commandContext = (request: FastifyRequest, commandId: string): CommandContext => {
  const now = new Date().toISOString();
  const typedAt = typedAtOf(request, now);
  return { commandId, actor: actorOf(request), now, ...(typedAt ? { typedAt } : {}) };
};
