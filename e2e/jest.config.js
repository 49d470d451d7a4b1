/** Browser journeys: the built product in its own process, driven by Debian's chromium. */
/** @type {import('jest').Config} */
module.exports = {
  rootDir: '..',
  testEnvironment: 'node',
  roots: ['<rootDir>/e2e/src'],
  testMatch: ['**/*.e2e.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
  },
  // Any CSP violation of a page fails the step that caused it.
  setupFilesAfterEnv: ['<rootDir>/e2e/src/csp.setup.ts'],
  testTimeout: 120000,
  maxWorkers: 1,
  // FerretDB and Redis for the mixed-mode journey (same setup as the integration tests).
  globalSetup: '<rootDir>/scripts/jest.global-setup.js',
  globalTeardown: '<rootDir>/scripts/jest.global-teardown.js',
};
