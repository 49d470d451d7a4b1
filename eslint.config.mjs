import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@examens-pro/command-service',
                '@examens-pro/query-service',
                '@examens-pro/projections',
              ],
              message:
                'Un service n’importe jamais un autre service : déplacez le code partagé dans domain ou platform.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'better-sqlite3', '@examens-pro/*'],
              message: 'domain ne fait aucune E/S.',
            },
          ],
        },
      ],
    },
  },
  {
    // The domain never reads the clock: « now » is the command's (CommandContext.now), so that a
    // decision is the same whenever it is replayed or tested.
    files: ['domain/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "NewExpression[callee.name='Date'][arguments.length=0]",
          "CallExpression[callee.name='Date']",
          "CallExpression[callee.object.name='Date'][callee.property.name='now']",
        ].map((selector) => ({
          selector,
          message:
            'domain ne lit jamais l’horloge : l’instant vient des métadonnées de la commande (CommandContext.now), passez-le en paramètre.',
        })),
      ],
    },
  },
  {
    // The application layer stands on domain and platform only: the services, projections and
    // workers use it, never the other way round.
    files: ['application/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@examens-pro/*', '!@examens-pro/domain', '!@examens-pro/platform'],
              message: 'application n’importe que domain et platform.',
            },
          ],
        },
      ],
    },
  },
  {
    // Infrastructure knows no handler: ports, adapters, HTTP, auth, jobs, PDF primitives, runner.
    files: ['platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@examens-pro/*', '!@examens-pro/domain'],
              message:
                'platform est l’infrastructure : il n’importe que domain (les gestionnaires vont dans application).',
            },
          ],
        },
      ],
    },
  },
  {
    // Handlers with names: a command, a screen or a read is a function one can read at once, in a
    // file of one family. Tests, journeys and benches may run longer.
    files: ['*/src/**/*.ts', '*/src/**/*.tsx'],
    ignores: ['**/*.spec.ts', 'e2e/**', 'bench/**'],
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Composition roots, benchmarks and tests may wire any package together.
    files: ['embedded/**/*.ts', 'bench/**/*.ts', '**/*.spec.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['scripts/**/*.js', '*.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        setTimeout: 'readonly',
        globalThis: 'readonly',
      },
    },
  },
);
