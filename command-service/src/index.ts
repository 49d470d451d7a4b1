export * from './app.js';
export { JOURNAL_WAIT_MS, recordSignInEvent } from './accounts/signInJournal.js';
export { SIGNOUT_CSRF_MESSAGE, safeCallback } from './routes/auth.js';
export { incidentCommands } from './routes/incidents.js';
export { examIncidentCommands } from './routes/examIncidents.js';
