/**
 * The product's Content-Security-Policy forbids `eval` and `new Function`. Zod compiles its object
 * parsers with `new Function` when it may, and probes for it the first time an object schema is
 * built: the probe's refusal is caught, but the browser still reports it as a CSP violation. In
 * `jitless` mode zod neither probes nor compiles. Zod reads its settings from this global object,
 * so this module sets them before any schema of the domain is built: main.tsx imports it first.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
