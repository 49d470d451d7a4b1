export * from './handle.js';
export * from './ids.js';
export * from './unique.js';
export * from './reservationsReactor.js';
