/**
 * The domain's kernel: what every layer shares and no business area owns (envelopes, deciders,
 * errors, streams, time, uniqueness, usage, routes, history, exports, aggregates, upcasting).
 * Infrastructure (platform) imports only this entry, so that business rules stay out of it.
 */
export * from './core/envelope.js';
export * from './core/decider.js';
export * from './core/errors.js';
export * from './core/access.js';
export * from './core/imageSize.js';
export * from './core/streams.js';
export * from './core/text.js';
export * from './core/time.js';
export * from './core/frenchFormat.js';
export * from './core/positions.js';
export * from './core/readModels.js';
export * from './core/validation.js';
export * from './core/testing.js';
export * from './uniqueness/reservation.js';
export * from './uniqueness/owners.js';
export * from './usage/references.js';
export * from './routes/routeTable.js';
export * from './routes/centres.js';
export * from './routes/menuTree.js';
export * from './routes/pageRules.js';
export * from './history/history.js';
export * from './exports/exports.js';
export * from './aggregates/manifest.js';
export * from './upcasting/upcast.js';
