import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { dashboardChunks, serveUi } from './ui.js';

let dir: string;
let app: FastifyInstance;

const INDEX = `<!doctype html>
<html lang="fr">
  <head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
  </head>
  <body><div id="root"></div></body>
</html>
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ui-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  for (const file of ['index-a.js', 'react-b.js', 'Dashboard-c.js', 'admin-d.js'])
    writeFileSync(join(dir, 'assets', file), 'export {};\n');
  writeFileSync(
    join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'] },
      '_react-b.js': { file: 'assets/react-b.js' },
      'src/dashboard/Dashboard.tsx': {
        file: 'assets/Dashboard-c.js',
        imports: ['_react-b.js', '_admin-d.js'],
      },
      '_admin-d.js': { file: 'assets/admin-d.js', imports: ['_react-b.js'] },
    }),
  );
  app = Fastify();
  await serveUi(app, dir);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the admin UI’s files', () => {
  it('names the dashboard’s own chunks, less what the entry loads anyway', () => {
    expect(dashboardChunks(dir)).toEqual(['/assets/Dashboard-c.js', '/assets/admin-d.js']);
    expect(dashboardChunks(join(dir, 'assets'))).toEqual([]);
  });

  it('has a dashboard page ask for the dashboard’s chunks with the entry’s; other pages do not', async () => {
    const dashboard = await app.inject({ url: '/tableau-de-bord/configuration/metiers' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['cache-control']).toBe('no-cache');
    expect(dashboard.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/Dashboard-c.js">',
    );
    expect(dashboard.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/admin-d.js">',
    );
    expect(dashboard.body.match(/react-b\.js/g)).toHaveLength(1);
    expect(dashboard.body.indexOf('Dashboard-c.js')).toBeLessThan(
      dashboard.body.indexOf('</head>'),
    );
    const home = await app.inject({ url: '/' });
    expect(home.body).toBe(INDEX);
    const unknown = await app.inject({ url: '/nulle-part' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(INDEX);
  });

  it('lets the browser keep a hashed chunk for a year, never the page itself', async () => {
    const chunk = await app.inject({ url: '/assets/Dashboard-c.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/tableau-de-bord' })).headers['cache-control']).toBe(
      'no-cache',
    );
  });
});
