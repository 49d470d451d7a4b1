import type { FastifyPluginAsync } from 'fastify';
import {
  parseListItem,
  type CommandContext,
  type ReferenceListDefinition,
} from '@examens-pro/domain';
import { activationRoutes, recordRoutes } from '../commandRoute.js';
import { listCommands } from '@examens-pro/application';
import type { RouteDeps } from '../routeDeps.js';

/** POST, PUT, DELETE /api/<list> and the actions desactiver / reactiver, for any reference list. */
export const listRoutes: FastifyPluginAsync<RouteDeps & { list: ReferenceListDefinition }> = async (
  app,
  { eventStore, readStore, storage, list },
) => {
  const commands = listCommands(eventStore, readStore, list, storage);
  const resource = list.name;
  const input = (body: unknown, context: CommandContext) => parseListItem(list, body, context);

  recordRoutes(app, resource, input, commands);
  activationRoutes(app, resource, commands.setActive);
};
