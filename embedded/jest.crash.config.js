/**
 * Crash tests (`*.crash.spec.ts`): real entry points (built JavaScript in dist/) run as child
 * processes and are killed with SIGKILL at random instants. `npm test` runs them as a suite of
 * their own (scripts/test.mjs); alone: `npx jest -c embedded/jest.crash.config.js`.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS config file
const base = require('../jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  rootDir: '..',
  roots: ['<rootDir>/embedded/src/crash'],
  testMatch: ['**/*.crash.spec.ts'],
  testPathIgnorePatterns: [],
  // One scenario at a time: each one already keeps the machine's cores busy.
  maxWorkers: 1,
  testTimeout: 900_000,
  // The SQLite scenarios need no server: no FerretDB nor Redis is started for them.
  globalSetup: undefined,
  globalTeardown: undefined,
};
