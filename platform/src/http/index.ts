export * from './errors.js';
export * from './headers.js';
