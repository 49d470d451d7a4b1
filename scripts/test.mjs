#!/usr/bin/env node
// The test command (`npm test`): every suite of the project, then one line with the totals.
// Suites: typecheck, lint, formatting, UI build, jest (unit and integration tests on real stores),
// the crash tests (embedded/src/crash), then the browser journeys (e2e, Debian's chromium).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const results = '.test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

const run = (command, args) => {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const env = { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' };
  return spawnSync(command, args, { stdio: 'inherit', env }).status;
};

/** A check without tests of its own counts as one test. */
const check = (name, command, args) => {
  const ok = run(command, args) === 0;
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${name}: ${ok ? 'réussi' : 'ÉCHEC'}`);
  return ok;
};

/** A jest run, counted from its JSON report. */
const suite = (name, args) => {
  const file = `${results}/${name}.json`;
  const status = run('npx', ['jest', ...args, '--json', `--outputFile=${file}`]);
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const skipped = report.numPendingTests + report.numTodoTests;
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += skipped;
    lines.push(
      `${name}: ${report.numPassedTests} réussis, ${report.numFailedTests} en échec, ${skipped} ignorés (${report.numTotalTestSuites} fichiers)`,
    );
  } catch {
    totals.failed += 1;
    lines.push(`${name}: ÉCHEC (code ${status}, aucun rapport)`);
  }
  return status;
};

const built = check('typecheck (tsc -b)', 'npx', ['tsc', '-b']);
check('typecheck admin-ui (tsc)', 'npx', ['tsc', '-p', 'admin-ui']);
check('typecheck e2e (tsc)', 'npx', ['tsc', '-p', 'e2e']);
check('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0']);
check('format (prettier --check)', 'npx', ['prettier', '--check', '.', '--log-level=warn']);
const uiBuilt = check('build admin-ui (vite)', 'npm', [
  'run',
  'build',
  '--silent',
  '-w',
  '@examens-pro/admin-ui',
]);

const jestStatus = suite('jest', process.argv.slice(2));
// Crash tests: the built entry points killed with SIGKILL at random instants (figures in the output).
let crashStatus = 1;
if (built) {
  process.env.CRASH_BUILT = '1';
  crashStatus = suite('crash', ['-c', 'embedded/jest.crash.config.js']);
} else {
  totals.failed += 1;
  lines.push('crash: ÉCHEC (produit non construit)');
}
// Browser journeys need the built product (tsc -b above, and the UI build).
let e2eStatus = 1;
if (built && uiBuilt) {
  e2eStatus = suite('e2e', ['-c', 'e2e/jest.config.js']);
} else {
  totals.failed += 1;
  lines.push('e2e: ÉCHEC (produit non construit)');
}

const summary = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
writeFileSync(`${results}/summary.txt`, `${summary}\n`);
console.log(`\n${lines.join('\n')}\n${summary}`);
process.exit(totals.failed > 0 || jestStatus !== 0 || crashStatus !== 0 || e2eStatus !== 0 ? 1 : 0);
