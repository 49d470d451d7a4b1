export * from './certificates.js';
export * from './sealing.js';
export * from './signPdf.js';
export * from './cadesSigner.js';
export * from './verifyPdf.js';
