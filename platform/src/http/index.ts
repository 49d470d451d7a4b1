export * from './errors.js';
export * from './headers.js';
export * from './origin.js';
export * from './standalone.js';
