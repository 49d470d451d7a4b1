export * from './eventStoreContract.js';
export * from './readStoreContract.js';
export * from './jobQueueContract.js';
