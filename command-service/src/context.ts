import type { FastifyRequest } from 'fastify';
import { SYSTEM_ACTOR, type Actor, type CommandContext } from '@examens-pro/domain';

/**
 * Who issues the command. Until sign-in exists every command is recorded with the system actor;
 * the accounts issue replaces this with the session's user.
 */
export const actorOf = (_request: FastifyRequest): Actor => SYSTEM_ACTOR;

export const commandContext = (request: FastifyRequest, commandId: string): CommandContext => ({
  commandId,
  actor: actorOf(request),
  now: new Date().toISOString(),
});
