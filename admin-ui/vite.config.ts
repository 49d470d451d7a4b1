import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The UI reads the domain's sources (route table, contracts, rules): one truth for both sides.
export default defineConfig({
  plugins: [react()],
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
