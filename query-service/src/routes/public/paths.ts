import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import {
  listCollection,
  normalizePagePath,
  pageMiddleware,
  REDIRECTIONS,
  type ReadModelDocument,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';

/** How long a browser (or a shared cache) keeps one path's answer: a redirection shows within it. */
export const PATH_LOOKUP_MAX_AGE_SECONDS = 30;

type Redirection = ReadModelDocument & { chemin?: string; cible?: string; actif?: boolean };

/**
 * GET `chemins?chemin=/ancienne-page` (seed §2 rule 4, §7's per-path lookup): the path's active
 * redirection, if staff set one (« Configuration › Redirections »), and its middleware flags (sign-in,
 * permission check, maintenance, temporary password). Public and the same for everyone: no
 * session read, nothing personal, cacheable.
 */
export const publicPathRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly limit: onRequestHookHandler;
}> = async (app, { readStore, limit }) => {
  const collection = listCollection(REDIRECTIONS);
  await readStore.ensureCollection(collection);
  const redirections = readStore.collection<Redirection>(collection);

  app.get<{ Querystring: { chemin?: unknown } }>(
    '/chemins',
    { onRequest: limit },
    async (request, reply) => {
      const asked = request.query.chemin;
      if (typeof asked !== 'string' || !asked.startsWith('/') || asked.length > 500)
        return reply.status(400).send({
          message: 'Indiquez le chemin de la page, commençant par « / » (paramètre chemin).',
        });
      const path = normalizePagePath(asked);
      // An item's libellé is its chemin (`titleFrom`), declared and indexed like every libellé.
      const found = (await redirections.list({ filter: { libelle: path, actif: true }, limit: 1 }))
        .items[0];
      reply.header('Cache-Control', `public, max-age=${PATH_LOOKUP_MAX_AGE_SECONDS}`);
      return {
        path,
        redirect: typeof found?.cible === 'string' && found.cible !== '' ? found.cible : null,
        middleware: pageMiddleware(path),
      };
    },
  );
};
