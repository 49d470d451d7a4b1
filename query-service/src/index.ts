export * from './app.js';
export type { ProductInformation } from './accounts/accounts.js';
// The export writers (their formula guard is tested where every route is: embedded/src/security).
export { csvExport, csvText, xlsxExport } from './exports.js';
