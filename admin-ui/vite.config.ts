import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

// The UI reads the domain's sources (route table, contracts, rules): one truth for both sides.
export default defineConfig({
  plugins: [react(), buildId()],
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
        // The public pages load without react-admin; the dashboard pulls it in on demand.
        manualChunks: (id) => {
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id))
            return 'react';
          if (
            /node_modules\/(@mui|@emotion|react-admin|ra-[a-z-]+|@tanstack|react-hook-form)\//.test(
              id,
            )
          ) {
            return 'admin-vendor';
          }
          return undefined;
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
