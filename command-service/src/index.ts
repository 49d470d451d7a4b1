export * from './app.js';
export { JOURNAL_WAIT_MS, recordSignInEvent } from './accounts/signInJournal.js';
export { SIGNOUT_CSRF_MESSAGE, safeCallback } from './accounts/auth.js';
// The incidents' commands live in the application layer; the crash samples still take them here.
export { examIncidentCommands, incidentCommands } from '@examens-pro/application';
