import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const root = import.meta.dirname;
const apiTarget = 'http://127.0.0.1:5000';

export default defineConfig({
  root: path.join(root, 'client'),
  plugins: [
    react(),
    tailwindcss(),
    // A brotli and a gzip copy beside each text file, at their best levels (done once, at build
    // time); the server sends the one the browser accepts (server/plugins/static-client.ts).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: {
      '@': path.join(root, 'client'),
      '@common': path.join(root, 'common'),
    },
  },
  build: {
    outDir: path.join(root, 'dist/client'),
    emptyOutDir: true,
    // Every browser the app supports knows <link rel="modulepreload">; the polyfill was dead weight.
    modulePreload: { polyfill: false },
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
});
