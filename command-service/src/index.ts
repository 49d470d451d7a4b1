export * from './app.js';
export {
  ADMIN_PROFILE_LABEL,
  BOOTSTRAP_STREAM,
  createAdministrator,
  DEFAULT_ADMIN_LOGIN,
  ensureFirstAdministrator,
  findUserByLogin,
  LOGIN_TAKEN,
  maintenanceCommands,
  profileCommands,
  userCommands,
  type AdministratorInput,
} from './accounts/handlers.js';
export { JOURNAL_WAIT_MS, recordSignInEvent } from './accounts/signInJournal.js';
export { SIGNOUT_CSRF_MESSAGE, safeCallback } from './routes/auth.js';
export { ensureGeography, listCommands } from './lists/handlers.js';
export { incidentCommands } from './routes/incidents.js';
export { examIncidentCommands } from './routes/examIncidents.js';
export { sessionCommands } from './lists/sessions.js';
export { candidatureCommands } from '@examens-pro/platform';
