export * from './centreScope.js';
export * from './centreScopeHook.js';
export * from './passwords.js';
export * from './principal.js';
export * from './sessions.js';
export * from './sessionStore.js';
export * from './signInLimiter.js';
