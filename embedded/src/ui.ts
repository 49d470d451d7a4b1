import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths the single-page app answers itself; any other page gets its 404 screen with a 404 status. */
const CLIENT_ROUTES = [
  /^\/$/,
  /^\/tableau-de-bord(\/.*)?$/,
  /^\/(connexion|change-password|acces-non-autorise|maintenance|maintenance-a)$/,
];

/**
 * Serves the built admin UI: hashed assets cached for a year, `index.html` never cached, and the
 * app's own page for every non-API path (the app shows the seed's 404 screen where nothing matches).
 */
export const serveUi = async (app: FastifyInstance, uiDir: string): Promise<boolean> => {
  const indexFile = join(uiDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: uiDir,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders: (res, path) => {
      res.setHeader(
        'Cache-Control',
        path.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : // builds/latest.json is polled for new versions: never from a cache.
            path.includes('/builds/')
            ? 'no-store'
            : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      return reply
        .status(404)
        .send({ message: `Page non retrouvée : ${path}`, code: 'introuvable' });
    }
    const known = CLIENT_ROUTES.some((route) => route.test(path.replace(/\/+$/, '') || '/'));
    return reply
      .status(known ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
  return true;
};
