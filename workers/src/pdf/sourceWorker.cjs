/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * Development only: runs a worker thread's TypeScript source (the tests run the sources, never
 * dist) by compiling each `.ts` module with @swc/core on load, as jest does. A relative `./x.js`
 * import resolves to `./x.ts` when no `x.js` exists. Never used from dist, where the compiled
 * `.js` entry exists; tsc does not copy this file there.
 */
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { workerData } = require('node:worker_threads');
const { transformSync } = require('@swc/core');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  try {
    return resolveFilename.call(this, request, ...rest);
  } catch (error) {
    if (!request.startsWith('.') || !request.endsWith('.js')) throw error;
    return resolveFilename.call(this, `${request.slice(0, -3)}.ts`, ...rest);
  }
};
Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
require(workerData.entry);
