export * from './app.js';
export { SIGNOUT_CSRF_MESSAGE, safeCallback } from './accounts/auth.js';
