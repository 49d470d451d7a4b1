// The SQLite read store, in parts: the store (connection, writes, leases), its collections' reads,
// and the SQL they share.
export * from './sqliteStore.js';
