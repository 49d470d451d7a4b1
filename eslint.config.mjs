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
    // Infrastructure knows no business area either: it takes the domain's kernel only (envelopes,
    // errors, streams, uniqueness, routes…), so that an area's rules live in domain and application.
    // Same rule as the block above (a later block replaces it): its restriction is repeated here.
    files: ['platform/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@examens-pro/domain',
              message:
                'platform n’importe du domaine que son noyau (@examens-pro/domain/kernel) : le code métier va dans application.',
            },
          ],
          patterns: [
            {
              group: ['@examens-pro/*', '!@examens-pro/domain', '!@examens-pro/domain/kernel'],
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
    // The screens read and write through react-admin's data provider (`useDataProvider`): one way
    // of fetching, with its CSRF token, its read-your-writes position and its errors.
    files: ['admin-ui/src/resources/**/*.ts', 'admin-ui/src/resources/**/*.tsx'],
    rules: {
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
            {
              group: ['**/common/api'],
              importNames: ['apiJson', 'fetchWithCsrf'],
              message:
                'Un écran passe par le fournisseur de données (useDataProvider<ExamensDataProvider>() : read, command, action…), jamais par common/api.',
            },
          ],
        },
      ],
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
  {
    // A read route's guard and scope come from one module, so that who may read what, and how
    // much of it, is stated once for the whole query service.
    files: ['query-service/src/**/*.ts'],
    ignores: ['query-service/src/readers.ts', '**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@examens-pro/platform',
              importNames: ['requireAccess'],
              message: 'Read routes take their guard from query-service/src/readers.ts.',
            },
          ],
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
    // One way to write a command route: commandRoute gives every one the same guard, body limit,
    // If-Match, command id, status and ETag. The sign-in protocol (accounts/auth.ts) is no command.
    files: ['command-service/src/**/*.ts'],
    ignores: [
      'command-service/src/commandRoute.ts',
      'command-service/src/accounts/auth.ts',
      '**/*.spec.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='app'][callee.property.name=/^(post|put|delete|patch|route)$/]",
          message: 'Command routes go through commandRoute (command-service/src/commandRoute.ts).',
        },
      ],
    },
  },
);
