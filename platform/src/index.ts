export * from './event-store/port.js';
export * from './event-store/sqlite.js';
export * from './read-store/port.js';
export * from './read-store/sqlite.js';
export * from './read-store/search.js';
export * from './commands/index.js';
export * from './read-store/wait.js';
