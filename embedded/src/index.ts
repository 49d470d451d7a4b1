export * from './app.js';
export * from './demoNames.js';
