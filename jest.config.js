/** @type {import('jest').Config} */
const packages = [
  'domain',
  'platform',
  'application',
  'projections',
  'command-service',
  'query-service',
  'workers',
  'embedded',
];

module.exports = {
  testEnvironment: 'node',
  // The admin UI's plain modules (display constants, notifications) have unit specs too.
  // The bench's national session runs at a small size as a correctness test (session.int.spec.ts).
  roots: [
    ...packages.map((p) => `<rootDir>/${p}/src`),
    '<rootDir>/admin-ui/src',
    '<rootDir>/bench/src',
  ],
  testMatch: ['**/*.spec.ts'],
  // Crash tests run in a suite of their own (embedded/jest.crash.config.js).
  testPathIgnorePatterns: ['/node_modules/', '\\.crash\\.spec\\.ts$'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
    '^.+\\.tsx$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    // Workspace packages resolve to their sources, so tests never need a build first.
    '^@examens-pro/(domain|platform|application|projections|command-service|query-service|workers|embedded)$':
      '<rootDir>/$1/src/index.ts',
    '^@examens-pro/(domain|platform|application|projections|command-service|query-service|workers|embedded)/(.*)$':
      '<rootDir>/$1/src/$2',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testTimeout: 30000,
  globalSetup: '<rootDir>/scripts/jest.global-setup.js',
  globalTeardown: '<rootDir>/scripts/jest.global-teardown.js',
};
