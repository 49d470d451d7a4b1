/**
 * Allocation (« Affectation »): the sites' seats, the automatic plan's inputs, the commands by hand
 * and the automatic allocation with its reactor — one file each, re-exported here.
 */
export * from './siteSeats.js';
export * from './allocationInputs.js';
export { allocationDeps, type AllocationDeps } from './allocationDeps.js';
export * from './allocationByHand.js';
export * from './allocationRuns.js';
export * from './allocationCommands.js';
