export * from './app.js';
export * from './demoNames.js';
export * from './projectionsThread.js';
