import type { FastifyPluginAsync } from 'fastify';
import { metierInputSchema, parseInput } from '@examens-pro/domain';
import {
  type EventStore,
  type DocumentStorage,
  type ReadStore,
  type SignInLimiter,
} from '@examens-pro/platform';
import { activationRoutes, recordRoutes } from '../commandRoute.js';
import { metierCommands } from '../metiers/handlers.js';

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
  const resource = 'metiers';
  const input = (body: unknown) => parseInput(metierInputSchema, body);

  recordRoutes(app, resource, input, commands);
  activationRoutes(app, resource, (id, active, revision, context) =>
    active
      ? commands.reactivate(id, revision, context)
      : commands.deactivate(id, revision, context),
  );
};
