export * from './listDocument.js';
