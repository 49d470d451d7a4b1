/**
 * The application layer: what is neither a pure decision (domain) nor infrastructure (platform).
 * One folder per area of docs/glossary.md: its command handlers, the reads both services share,
 * its reactors' logic. It imports only domain and platform; the services, projections and workers
 * import it, never each other.
 */
export * from './commands.js';
export * from './accounts/accounts.js';
export * from './accounts/signInJournal.js';
export * from './reference-lists/lists.js';
export * from './sessions/sessions.js';
export * from './registration/candidatures.js';
export * from './registration/personLists.js';
export * from './registration/personListsReactor.js';
export * from './registration/candidatureBulk.js';
export * from './allocation/allocation.js';
export * from './allocation/examLists.js';
export * from './grades/grades.js';
export * from './deliberation/deliberations.js';
export * from './deliberation/juryStates.js';
export * from './deliberation/pvArchive.js';
export * from './public-results/resultsVisibility.js';
export * from './admission/admissionDecisions.js';
export * from './admission/admissions.js';
export * from './certificates/attestations.js';
export * from './certificates/signingCertificates.js';
export * from './payments/onlinePayments.js';
export * from './payments/paymentStatements.js';
export * from './statistics/reports.js';
export * from './documents/requestDocument.js';
export * from './incidents/incidentCommands.js';
export * from './incidents/registrationIncidents.js';
export * from './incidents/examIncidents.js';
export * from './accounts/principal.js';
export * from './reference-lists/references.js';
export * from './registration/personListFile.js';
export * from './payments/signature.js';
export * from './payments/providers.js';
export * from './payments/receipt.js';
