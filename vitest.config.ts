import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { EMBEDDED_ONLY, ONE_ENGINE, POSTGRES_ONLY } from './server/test/engines';

const alias = {
  '@': path.join(import.meta.dirname, 'client'),
  '@common': path.join(import.meta.dirname, 'common'),
};

/** The integration files (all, or all but those left out), each starting its own app. */
function integration(name: string, leftOut: string[]): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include: ['server/**/*.int.test.ts'],
      exclude: ['**/node_modules/**', ...leftOut],
      globalSetup: ['server/test/global-setup.ts'],
      // Each file starts its own app on its own database and closes it, so the files share a
      // worker's module graph instead of importing the server again per file (~4 s each on
      // two cores). Checked on both databases with --logHeapUsage: a worker's heap stays
      // between 70 and 200 MB over every file.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

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
      integration('integration', []),
      // npm test's two passes, side by side: which file runs on which engine is
      // server/test/engines.ts's rule (TEST_DATABASE=postgres is set by the script)
      integration('integration-embedded', [...ONE_ENGINE, ...POSTGRES_ONLY]),
      integration('integration-postgres', EMBEDDED_ONLY),
    ],
  },
});
