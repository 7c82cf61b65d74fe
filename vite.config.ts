import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const root = import.meta.dirname;
const apiTarget = 'http://127.0.0.1:5000';

export default defineConfig(({ isSsrBuild }) => ({
  root: path.join(root, 'client'),
  plugins: [
    react(),
    tailwindcss(),
    // A brotli and a gzip copy beside each text file, at their best levels (done once, at build
    // time); the server sends the one the browser accepts (server/plugins/static-client.ts). Not
    // for the build-time renderer of the public pages (scripts/prerender.ts), which is no asset.
    !isSsrBuild &&
      compression({
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
        logLevel: 'silent',
      }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: path.join(root, 'client') },
      { find: '@common', replacement: path.join(root, 'common') },
    ],
  },
  build: isSsrBuild
    ? // `vite build --ssr entry-server.tsx`: the public pages' renderer, run once by the build.
      { outDir: path.join(root, 'dist/prerender'), emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: path.join(root, 'dist/client'),
        emptyOutDir: true,
        // Every browser the app supports knows <link rel="modulepreload">; the polyfill was dead weight.
        modulePreload: { polyfill: false },
        // What every page runs (React, i18next, the router, clsx and cva) in one
        // chunk instead of a handful of small ones: fewer requests, and better compression together
        // (1.2 KB less brotli on each page, measured with bench/first-load.ts).
        rolldownOptions: {
          output: {
            advancedChunks: {
              groups: [
                // Forms (react-hook-form, the signed-in screens') apart from validation (zod), which the
                // sign-in page, with no form library, fetches on its forms' first focus
                // (client/features/auth/hooks/use-schema-form.ts).
                { name: 'zod', test: /node_modules[\\/](zod|@hookform)[\\/]/, priority: 1 },
                { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/, priority: 2 },
                // TanStack Query only loads with the screens that read the API (lib/query-provider.tsx).
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 0 },
                {
                  name: 'framework',
                  priority: 3,
                  test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|i18next-resources-to-backend|wouter|regexparam|use-sync-external-store|clsx|class-variance-authority)[\\/]/,
                },
              ],
            },
          },
        },
      },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      // The built-in gateway simulator's controls, used by the /simulator page.
      '/simulator/evolution': apiTarget,
    },
  },
}));
