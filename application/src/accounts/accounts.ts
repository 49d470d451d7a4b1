/** Accounts, profiles and the first administrator: one file each, re-exported here. */
export * from './users.js';
export * from './profiles.js';
export * from './administrator.js';
