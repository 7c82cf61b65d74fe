import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.join(import.meta.dirname, 'client'),
  '@common': path.join(import.meta.dirname, 'common'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Two cores: more workers only add PGlite instances competing for memory and CPU.
    maxWorkers: 2,
    setupFiles: ['server/test/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{client,common,server,widget,bench}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['server/**/*.int.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          // Each file starts its own app on its own database and closes it, so the files share a
          // worker's module graph instead of importing the server again per file (~4 s each on
          // two cores). Checked on both databases with --logHeapUsage: a worker's heap stays
          // between 70 and 200 MB over every file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
