export * from './app.js';
export type { ProductInformation } from './routes/accounts.js';
