import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.config.js must be able to fail: each is run, with the repository's
 * own configuration, on fixtures that break it on purpose (`lint-fixtures/`, which the tree's
 * lint skips). A rule that silently reads nothing — no-cycle did, before import-x was told to
 * follow .ts files — fails here.
 */
const root = path.resolve(import.meta.dirname, '../..');
const fixture = (file: string) => path.join(root, file);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, ignore: false });
});

async function problems(files: string[]) {
  const results = await eslint.lintFiles(files.map(fixture));
  return results.map((result) => ({
    file: path.relative(root, result.filePath),
    rules: result.messages.map((m) => m.ruleId ?? m.message),
  }));
}

// The first lint starts the TypeScript project service, which takes seconds on a busy machine.
const firstLint = 180_000;

describe('eslint.config.js', () => {
  it(
    'refuses a cycle between two files',
    async () => {
      expect(
        await problems([
          'server/test/lint-fixtures/cycle/first.ts',
          'server/test/lint-fixtures/cycle/second.ts',
        ]),
      ).toEqual([
        { file: 'server/test/lint-fixtures/cycle/first.ts', rules: ['import-x/no-cycle'] },
        { file: 'server/test/lint-fixtures/cycle/second.ts', rules: ['import-x/no-cycle'] },
      ]);
    },
    firstLint,
  );

  it(
    'lets a type-only import close a loop',
    async () => {
      expect(
        await problems([
          'server/test/lint-fixtures/type-cycle/caller.ts',
          'server/test/lint-fixtures/type-cycle/callee.ts',
        ]),
      ).toEqual([
        { file: 'server/test/lint-fixtures/type-cycle/caller.ts', rules: [] },
        { file: 'server/test/lint-fixtures/type-cycle/callee.ts', rules: [] },
      ]);
    },
    firstLint,
  );

  it(
    'refuses a client feature importing client/app, by alias or by relative path',
    async () => {
      expect(await problems(['client/features/lint-fixtures/imports-app.ts'])).toEqual([
        {
          file: 'client/features/lint-fixtures/imports-app.ts',
          rules: ['import-x/no-restricted-paths', 'import-x/no-restricted-paths'],
        },
      ]);
    },
    firstLint,
  );

  it(
    'refuses the conversation core importing a channel',
    async () => {
      expect(
        await problems(['server/modules/conversations/lint-fixtures/imports-channel.ts']),
      ).toEqual([
        {
          file: 'server/modules/conversations/lint-fixtures/imports-channel.ts',
          rules: ['no-restricted-imports'],
        },
      ]);
    },
    firstLint,
  );
});
