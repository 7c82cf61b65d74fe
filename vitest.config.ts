import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { EMBEDDED_ONLY, ONE_ENGINE, POSTGRES_ONLY } from './server/test/engines';

const alias = {
  '@': path.join(import.meta.dirname, 'client'),
  '@common': path.join(import.meta.dirname, 'common'),
};

/**
 * The integration files (all, or all but those left out), each starting its own app, on
 * `maxWorkers` workers (a project's own count: `--maxWorkers` on the command line does not reach
 * it).
 */
function integration(
  name: string,
  leftOut: string[],
  maxWorkers = 2,
): TestProjectInlineConfiguration {
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
      maxWorkers,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Two cores: two workers for the unit tests and `--project integration`; npm test's
    // integration passes set their own below.
    maxWorkers: 2,
    setupFiles: ['server/test/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          globalSetup: ['server/test/unit-global-setup.ts'],
          include: ['{client,common,server,widget,bench}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      integration('integration', []),
      // npm test's two passes, side by side: which file runs on which engine is
      // server/test/engines.ts's rule (TEST_DATABASE=postgres is set by the script)
      // Workers per pass, measured on two cores with both passes side by side: at two each the
      // cores were 84 % busy and the PostgreSQL pass (whose files wait on its server, its queue and
      // their timers) finished long before the embedded one; three embedded and four PostgreSQL
      // workers keep them 97 % busy, 347 s → 292 s for the two.
      integration('integration-embedded', [...ONE_ENGINE, ...POSTGRES_ONLY], 3),
      integration('integration-postgres', EMBEDDED_ONLY, 4),
    ],
  },
});
