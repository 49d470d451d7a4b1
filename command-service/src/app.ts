import type { FastifyPluginAsync } from 'fastify';
import { installErrorHandling } from '@examens-pro/platform';
import { REFERENCE_LISTS } from '@examens-pro/domain';
import { authRoutes, canRoutes } from './routes/auth.js';
import { imagesRoutes } from './routes/images.js';
import { listRoutes } from './routes/lists.js';
import { sessionsRoutes } from './routes/sessions.js';
import { documentsRoutes } from './routes/documents.js';
import { maintenanceRoutes } from './routes/maintenance.js';
import { metiersRoutes, type RouteDeps } from './routes/metiers.js';
import { ownAccountRoutes, profilesRoutes, usersRoutes } from './routes/users.js';

export type CommandServiceOptions = RouteDeps & {
  /** PUBLIC_URL: the origin of the addresses the sign-in service answers (see routes/auth). */
  readonly publicUrl?: string;
};

/**
 * The command service as a plugin: the embedded process and the standalone server both register it
 * (sessions are installed by whoever owns the root). Routes never read: they decide and append,
 * and answer `{ id, revision, position }`. Every route checks the session and permissions itself.
 */
export const commandService: FastifyPluginAsync<CommandServiceOptions> = async (app, options) => {
  installErrorHandling(app);
  await app.register(authRoutes, { prefix: '/api/auth', ...options });
  await app.register(canRoutes, { prefix: '/api/can' });
  await app.register(metiersRoutes, { prefix: '/api/metiers', ...options });
  await app.register(documentsRoutes, { prefix: '/api/documents', ...options });
  await app.register(usersRoutes, { prefix: '/api/utilisateurs', ...options });
  await app.register(usersRoutes, { prefix: '/api/enroleurs', ...options, resource: 'enroleurs' });
  await app.register(profilesRoutes, { prefix: '/api/profils', ...options });
  await app.register(ownAccountRoutes, { prefix: '/api/mon-compte', ...options });
  await app.register(maintenanceRoutes, { prefix: '/api/maintenance', ...options });
  await app.register(sessionsRoutes, { prefix: '/api/sessions', ...options });
  await app.register(imagesRoutes, { prefix: '/api/images', storage: options.storage });
  // The geography is seed data: read-only for staff.
  for (const list of REFERENCE_LISTS.filter((l) => !l.readOnly))
    await app.register(listRoutes, { prefix: `/api/${list.name}`, ...options, list });
};
