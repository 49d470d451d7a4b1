export * from './app.js';
export { JOURNAL_WAIT_MS, recordSignInEvent } from './accounts/signInJournal.js';
export { SIGNOUT_CSRF_MESSAGE, safeCallback } from './accounts/auth.js';
export { incidentCommands } from './incidents/incidents.js';
export { examIncidentCommands } from './incidents/examIncidents.js';
