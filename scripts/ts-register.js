// Runs an entry point from its TypeScript sources, as jest does (swc, CommonJS, workspace packages
// resolved to their sources): `node -r ./scripts/ts-register.js query-service/src/server.ts`.
// Tests start real processes with it without a build first.
const Module = require('node:module');
const { existsSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');
const { addHook } = require('pirates');
const { transformSync } = require('@swc/core');

const ROOT = resolve(__dirname, '..');
const PACKAGES =
  /^@examens-pro\/(domain|platform|projections|command-service|query-service|workers|embedded)(?:\/(.*))?$/;

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const workspace = PACKAGES.exec(request);
  if (workspace) {
    const base = join(ROOT, workspace[1], 'src', workspace[2] ?? 'index');
    const file = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    if (file) return file;
  }
  if (parent?.filename?.endsWith('.ts') && request.startsWith('.') && request.endsWith('.js')) {
    const file = resolve(dirname(parent.filename), `${request.slice(0, -3)}.ts`);
    if (existsSync(file)) return file;
  }
  return resolveFilename.call(this, request, parent, ...rest);
};

addHook(
  (code, filename) =>
    transformSync(code, {
      filename,
      jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    }).code,
  { exts: ['.ts'], ignoreNodeModules: true },
);
