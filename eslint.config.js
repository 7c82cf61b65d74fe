// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries: common imports nothing of ours; the server never imports the client (except
 * the shared error catalogues); the client never imports the server; a client feature never
 * imports another feature, and the client's shared layers import no feature; the widget stays
 * standalone.
 */
const serverImports = {
  group: ['**/server/**', '../server/*', '../../server/*'],
  message: 'The client and shared code must not import the server.',
};
const clientImports = {
  regex: '^@/|(^|/)client/(?!locales/[^/]+/errors\\.json$)',
  message: 'Only the error catalogues of client/locales may be shared with the server.',
};
/**
 * The server and the benchmarks reach common/ through the `@common/` path alias (tsconfig paths,
 * honoured by tsx, esbuild and vitest): a relative path counts the folders between, so it breaks
 * whenever a file moves and says nothing about what is imported.
 */
const relativeCommon = {
  regex: '^(\\.\\./)+common/',
  message: 'Import common/ through the @common/ alias.',
};

/**
 * client/components, client/lib and client/hooks are the layers every feature builds on. Were one
 * of them to import a feature (or the app that composes the features), that feature's internals
 * would become a dependency of every other feature behind the back of the feature→feature rule,
 * and the layers would no longer have one direction: app → features → shared.
 */
const sharedClientLayers = ['client/components', 'client/lib', 'client/hooks'];
const featureImports = {
  regex: '^(@/|(\\.\\./)+)(features|app)(/|$)',
  message:
    'Shared client code (components, lib, hooks) must not import a feature or the app; move what both need into the shared layer, or let client/app pass it in.',
};

/**
 * Files that break a rule on purpose, so that server/test/eslint-config.test.ts can show the rule
 * fails: the tree's lint skips them (the test lints them with `ignore: false`), and the folder
 * under client/features is no feature.
 */
const lintFixtures = 'lint-fixtures';

const features = (() => {
  try {
    return readdirSync(new URL('./client/features', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== lintFixtures)
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

const featureBoundaries = features.map((feature) => ({
  files: [`client/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          serverImports,
          {
            group: features
              .filter((f) => f !== feature)
              .flatMap((f) => [`@/features/${f}/*`, `**/features/${f}/*`]),
            message:
              'A feature must not import another feature; move shared code to client/components or client/lib.',
          },
        ],
      },
    ],
  },
}));

/**
 * Server modules (server/modules/<m>/) show one public face, their index.ts: another module, the
 * app, the jobs, the tests and the benchmarks reach a module only through it, so the module can be
 * rewritten behind it and what it offers is one file to read. Inside a module another module's
 * files are `../<other>/<file>`; outside the modules they are `modules/<m>/<file>`.
 */
const serverModules = (() => {
  try {
    return readdirSync(new URL('./server/modules', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();
const moduleFace = 'Reach another server module through its index.ts (its public surface) only.';

/**
 * The conversation layers (docs/architecture.md, "Conversations: the core and its channels"):
 * the core (`conversations`) belongs to no channel and imports none, nor the owner's features
 * above it; a channel (WhatsApp, the widget, the test console) imports the core, never the inbox
 * above it. What a lower layer needs of a higher one reaches it as a hook of the context.
 */
const channelModules = ['whatsapp', 'webchat', 'agent-test'];
const ownerFeatureModules = ['inbox'];
const layerAbove = {
  conversations: [...channelModules, ...ownerFeatureModules],
  ...Object.fromEntries(channelModules.map((channel) => [channel, ownerFeatureModules])),
};
const layerMessage =
  'A layer imports only the layers beneath it: the conversation core no channel nor the inbox, a channel not the inbox (docs/architecture.md). Let the higher layer attach a hook instead.';

const moduleBoundary = (mod, tests) => {
  const others = serverModules.filter((other) => other !== mod);
  return {
    files: tests ? [`server/modules/${mod}/**/*.test.ts`] : [`server/modules/${mod}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            clientImports,
            relativeCommon,
            tests
              ? {
                  // A test may drive another module the way that module's own tests do: through
                  // its `testing/` helpers (the WhatsApp simulator's customers, for one).
                  regex: `^(?:(?:\\.\\./)+|.*/modules/)(?:${others.join('|')})/(?!(?:.*/)?testing/)`,
                  message: moduleFace,
                }
              : {
                  group: others.flatMap((other) => [
                    `../${other}/**`,
                    `../../${other}/**`,
                    `../../../${other}/**`,
                    `**/modules/${other}/**`,
                  ]),
                  message: moduleFace,
                },
            ...(!tests && layerAbove[mod]
              ? [
                  {
                    group: layerAbove[mod].flatMap((above) => [
                      `../${above}`,
                      `../../${above}`,
                      `../../../${above}`,
                      `**/modules/${above}`,
                    ]),
                    message: layerMessage,
                  },
                ]
              : []),
          ],
        },
      ],
    },
  };
};
const moduleBoundaries = serverModules.flatMap((mod) => [
  moduleBoundary(mod, false),
  moduleBoundary(mod, true),
]);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'tmp/**',
      'test-results/**',
      'playwright-report/**',
      'server/db/migrations/**',
      `**/${lintFixtures}/**`,
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['error', 'warn'] }],
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.int.test.ts', 'server/test/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  {
    // The repository's own command-line tools (npm test's runner) print to the terminal.
    files: ['scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [serverImports] }],
    },
  },
  {
    // Every text a user sees or hears (JSX text, and the attributes a screen reader or a
    // tooltip reads out) comes from client/locales, in pt-BR and in English; a literal in a
    // component would show one language to everybody. Attribute values the user never reads
    // (class names, test ids, URLs, ids, types) are not checked; literals whose type is a string
    // union (a variant="outline") pass through the type checker.
    files: ['client/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'aria-label',
              'aria-description',
              'aria-placeholder',
              'aria-roledescription',
              'aria-valuetext',
              'title',
              'placeholder',
              'alt',
              'label',
              'description',
              'message',
            ],
          },
          words: {
            // Punctuation, numbers and symbols alone, and web addresses, are in no language.
            exclude: ['[0-9!-/:-@[-`{-~\\s•·…–—×]+', 'https?://\\S*'],
          },
          // Field ids handed to the helpers that wire a label to its input; `t` is the
          // translation itself.
          callees: { exclude: ['t', 'i18n(ext)?', 'fieldA11y', 'id'] },
          // Input attributes and element ids spread from a field description: never read out.
          'object-properties': {
            exclude: [
              'type',
              'autoComplete',
              'inputMode',
              'name',
              'id',
              'aria-describedby',
              'aria-labelledby',
              'aria-controls',
            ],
          },
        },
      ],
    },
  },
  {
    files: sharedClientLayers.map((dir) => `${dir}/**/*.{ts,tsx}`),
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImports, featureImports] }] },
  },
  ...featureBoundaries,
  {
    // client/app composes the features; a feature reaching back into it would make the layers
    // circular (app → feature → app). Paths are resolved, so `@/app/…` and `../../app/…` both count.
    files: ['client/features/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './client/features',
              from: './client/app',
              message:
                'A feature must not import client/app, which composes the features; let the app pass it in, or move it to client/components or client/lib.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            {
              group: ['@/*', '**/client/**', '**/widget/**'],
              message: 'common/ is shared by both sides and imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'bench/**/*.ts'],
    ignores: ['server/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            clientImports,
            relativeCommon,
            { group: ['**/modules/*/**'], message: moduleFace },
          ],
        },
      ],
    },
  },
  {
    // A test outside the modules (two workers racing over every module's jobs, say) may drive a
    // module through its `testing/` helpers too, as the modules' own tests do.
    files: ['server/**/*.test.ts'],
    ignores: ['server/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            clientImports,
            relativeCommon,
            { regex: '(?:^|/)modules/[^/]+/(?!(?:.*/)?testing/)', message: moduleFace },
          ],
        },
      ],
    },
  },
  ...moduleBoundaries,
  {
    // Adapters speak to vendors (and stand in for them); what they need of the domain is passed
    // in, so a vendor can change without touching the modules and the modules can be tested
    // without a vendor.
    files: ['server/adapters/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            clientImports,
            relativeCommon,
            { group: ['**/modules/**'], message: 'Adapters import no domain code: pass it in.' },
          ],
        },
      ],
    },
  },
  {
    // A cycle between files (and so between modules, whose faces re-export their files) means
    // neither side can be understood, tested or changed alone. Type-only imports do not count:
    // they vanish at run time.
    files: ['server/**/*.ts', 'common/**/*.ts', 'client/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x follows only the extensions listed here (its default is .js, .mjs and .cjs), and
      // parses what it follows with the parser named for the extension: without these two, no
      // .ts file is ever read and no-cycle cannot fail.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
    },
  },
  {
    files: ['widget/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            {
              group: ['@/*', '**/client/**', 'react', 'react-dom'],
              message: 'The widget is standalone and framework-free.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '*.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
