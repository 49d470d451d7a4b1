export * from './port.js';
export * from './memory.js';
export * from './bullmq.js';
