import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Stamps each build with an id, compiled into the bundle as `__BUILD_ID__` and published as
 * `builds/latest.json`: an open tab compares the two to learn that a new version is deployed.
 */
const buildId = (): Plugin => {
  const id =
    process.env.BUILD_ID ??
    `${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
  const builtAt = new Date().toISOString();
  return {
    name: 'examens-pro-build-id',
    config: (_config, { command }) => ({
      define: { __BUILD_ID__: JSON.stringify(command === 'build' ? id : 'dev') },
    }),
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify({ id, builtAt })}\n`,
      });
    },
  };
};

type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;

const MAIN = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const DASHBOARD = fileURLToPath(new URL('./src/dashboard/Dashboard.tsx', import.meta.url));

/** Modules a root pulls in through static imports only (a dynamic import is a later chunk). */
const staticClosure = (root: string, info: ModuleInfoOf): Set<string> => {
  const seen = new Set<string>();
  const pending = [root];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(info(id)?.importedIds ?? []));
  }
  return seen;
};

interface Closures {
  home: Set<string>;
  dashboard: Set<string>;
  core: Set<string>;
}
const closures = new WeakMap<ModuleInfoOf, Closures>();
const isPackage = (id: string): boolean => /node_modules|^\0/.test(id);

/**
 * How the JS is cut. The public pages (`react`: React, the router and the packages they use;
 * `index`: their own code) load without react-admin. Opening the dashboard loads `Dashboard` (the
 * route's entry, alone so the manifest keeps its name for the bench), `dashboard-shell` (the app's
 * and the domain's code it imports statically: layout, menu, providers, the resource table),
 * `admin-core` (ra-core and its packages) and whatever Material UI / ra-ui-materialui modules the
 * shell really uses. Those are left to Rollup (`onlyExplicitManualChunks`): a manual chunk would
 * swallow every module behind the packages' index files, so the resource screens' grids, forms and
 * inputs would weigh on the first load instead of coming with the screens' lazy chunks.
 */
const chunkOf = (id: string, info: ModuleInfoOf): string | undefined => {
  if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id))
    return 'react';
  let sets = closures.get(info);
  if (!sets) {
    const dashboard = staticClosure(DASHBOARD, info);
    const core = [...dashboard].find((m) => /node_modules\/ra-core\/dist\/index\.js$/.test(m));
    sets = {
      home: staticClosure(MAIN, info),
      dashboard,
      core: core ? staticClosure(core, info) : new Set(),
    };
    closures.set(info, sets);
  }
  if (sets.home.has(id)) return isPackage(id) ? 'react' : 'index';
  if (id === DASHBOARD) return 'Dashboard';
  // react-admin's headless core and the packages it builds on, whole: its modules import one another
  // in cycles that must not be cut between chunks, and the shell uses most of it anyway.
  if (sets.core.has(id)) return 'admin-core';
  if (sets.dashboard.has(id) && !isPackage(id)) return 'dashboard-shell';
  // Screen-only code and the rest of Material UI: placed by Rollup after what each chunk really uses.
  return undefined;
};

/**
 * The app shell, installable and loaded offline (#35): Workbox precaches the built files (code,
 * styles, fonts, icons), so that the exam sites' screens (« Éditer les présences », « Liste des
 * notes ») open without network once this browser has opened the dashboard online. Pages are asked
 * of the server first (its 404s, its preload links) and answered from the cache only when the network
 * fails; `/api` is never cached by the worker (the screens keep their own day's copy of what they
 * read: src/offline/readCache.ts); `builds/latest.json` neither (it says a new version is out).
 */
const pwa = () =>
  VitePWA({
    registerType: 'autoUpdate',
    injectRegister: false,
    manifest: {
      name: 'Examens Pro',
      short_name: 'Examens Pro',
      description: 'Examens nationaux de qualification professionnelle',
      lang: 'fr',
      start_url: '/tableau-de-bord',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#234683',
      icons: [
        { src: '/icone-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icone-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2}'],
      globIgnores: ['builds/**'],
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'pages',
            networkTimeoutSeconds: 5,
            precacheFallback: { fallbackURL: '/index.html' },
          },
        },
      ],
    },
  });

// The UI reads the domain's sources (route table, contracts, rules): one truth for both sides.
export default defineConfig({
  plugins: [react(), buildId(), pwa()],
  resolve: {
    alias: {
      '@examens-pro/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    // The bench reads it to weigh what each route loads.
    manifest: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      output: {
        manualChunks: (id, { getModuleInfo }) => chunkOf(id, getModuleInfo),
        onlyExplicitManualChunks: true,
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
