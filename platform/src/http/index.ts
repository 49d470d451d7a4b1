export * from './errors.js';
export * from './headers.js';
export * from './origin.js';
export * from './rateLimit.js';
export * from './security.js';
export * from './standalone.js';
export * from './readiness.js';
export * from './logging.js';
