export * from './eventStoreContract.js';
export * from './readStoreContract.js';
