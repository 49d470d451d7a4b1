import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const DASHBOARD = /^\/tableau-de-bord(\/.*)?$/;

/** Paths the single-page app answers itself; any other page gets its 404 screen with a 404 status. */
const CLIENT_ROUTES = [
  /^\/$/,
  DASHBOARD,
  /^\/(connexion|change-password|acces-non-autorise|maintenance|maintenance-a)$/,
];

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}

/**
 * The dashboard's own chunks (its module and what it imports, less what the page's entry loads
 * anyway), read from the build's manifest: a dashboard page asks for them with the entry's, not
 * once the entry has run and the session is checked.
 */
export const dashboardChunks = (uiDir: string): string[] => {
  const file = join(uiDir, '.vite/manifest.json');
  if (!existsSync(file)) return [];
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string | undefined, seen = new Set<string>()): Set<string> => {
    if (key === undefined || seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, seen);
    return seen;
  };
  const keys = Object.keys(manifest);
  const entry = closure(keys.find((key) => manifest[key]!.isEntry));
  return [...closure(keys.find((key) => key.endsWith('src/dashboard/Dashboard.tsx')))]
    .filter((key) => !entry.has(key))
    .map((key) => `/${manifest[key]!.file}`);
};

/**
 * Serves the built admin UI: hashed assets cached for a year, `index.html` never cached, and the
 * app's own page for every non-API path (the app shows the seed's 404 screen where nothing matches);
 * a dashboard page names the dashboard's chunks for the browser to fetch beside the entry's.
 */
export const serveUi = async (app: FastifyInstance, uiDir: string): Promise<boolean> => {
  const indexFile = join(uiDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const dashboardHtml = indexHtml.replace(
    '</head>',
    `${dashboardChunks(uiDir)
      .map((href) => `  <link rel="modulepreload" crossorigin href="${href}">\n`)
      .join('')}  </head>`,
  );
  await app.register(fastifyStatic, {
    root: uiDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // Its own header (`public, max-age=0`) would replace the one set here.
    cacheControl: false,
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
    const page = path.replace(/\/+$/, '') || '/';
    const known = CLIENT_ROUTES.some((route) => route.test(page));
    return reply
      .status(known ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(DASHBOARD.test(page) ? dashboardHtml : indexHtml);
  });
  return true;
};
