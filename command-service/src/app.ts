import type { FastifyPluginAsync } from 'fastify';
import { installErrorHandling } from '@examens-pro/platform';
import { documentsRoutes } from './routes/documents.js';
import { metiersRoutes, type RouteDeps } from './routes/metiers.js';

export type CommandServiceOptions = RouteDeps;

/**
 * The command service as a plugin: the embedded process and the standalone server both register it.
 * Routes never read: they decide and append, and answer `{ id, revision, position }`.
 */
export const commandService: FastifyPluginAsync<CommandServiceOptions> = async (app, options) => {
  installErrorHandling(app);
  await app.register(metiersRoutes, { prefix: '/api/metiers', ...options });
  await app.register(documentsRoutes, { prefix: '/api/documents', ...options });
};
