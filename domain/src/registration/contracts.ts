/**
 * The candidatures' contracts: what their routes accept (`candidatureInput.ts`), the dossier's
 * read-model document (`candidatureDocument.ts`), its collection, history and resources
 * (`candidatureResource.ts`).
 */
export * from './candidatureInput.js';
export * from './candidatureDocument.js';
export * from './candidatureResource.js';
