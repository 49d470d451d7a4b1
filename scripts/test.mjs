#!/usr/bin/env node
// The test command (`npm test`): every suite of the project, then one line with the totals.
// Suites: typecheck, lint and formatting, then jest (unit and integration tests on real stores).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const results = '.test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

const run = (command, args) => {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  }).status;
};

/** A check without tests of its own counts as one test. */
const check = (name, command, args) => {
  const ok = run(command, args) === 0;
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${name}: ${ok ? 'réussi' : 'ÉCHEC'}`);
  return ok;
};

const built = check('typecheck (tsc -b)', 'npx', ['tsc', '-b']);
check('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0']);
check('format (prettier --check)', 'npx', ['prettier', '--check', '.', '--log-level=warn']);

const jestFile = `${results}/jest.json`;
const jestStatus = run('npx', [
  'jest',
  '--json',
  `--outputFile=${jestFile}`,
  ...process.argv.slice(2),
]);
try {
  const report = JSON.parse(readFileSync(jestFile, 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += skipped;
  lines.push(
    `jest: ${report.numPassedTests} réussis, ${report.numFailedTests} en échec, ${skipped} ignorés (${report.numTotalTestSuites} fichiers)`,
  );
} catch {
  totals.failed += 1;
  lines.push(`jest: ÉCHEC (code ${jestStatus}, aucun rapport)`);
}

if (!built) lines.push('(la compilation a échoué : le démarrage du produit échouerait aussi)');
const summary = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
writeFileSync(`${results}/summary.txt`, `${summary}\n`);
console.log(`\n${lines.join('\n')}\n${summary}`);
process.exit(totals.failed > 0 || jestStatus !== 0 ? 1 : 0);
