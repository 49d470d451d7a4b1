import { documentsProjection } from './documents/documentsProjection.js';
import type { Projection } from '@examens-pro/platform';
import { usagesProjection } from './usage/usagesProjection.js';
import {
  profilesProjection,
  siteSettingsProjection,
  usersProjection,
} from './accounts/accountsProjections.js';
import { signInJournalProjection } from './accounts/signInJournalProjection.js';

export * from './accounts/accountsProjections.js';
export { signInJournalProjection } from './accounts/signInJournalProjection.js';
export { listsProjection } from './reference-lists/listsProjection.js';
import { listsProjection } from './reference-lists/listsProjection.js';
import { sessionsProjection } from './sessions/sessionsProjection.js';
export { sessionsProjection } from './sessions/sessionsProjection.js';
import { candidaturesProjection } from './registration/candidaturesProjection.js';
export { candidaturesProjection } from './registration/candidaturesProjection.js';
import { candidatureChangesProjection } from './registration/candidatureChangesProjection.js';
export { candidatureChangesProjection } from './registration/candidatureChangesProjection.js';
import { personListsProjection } from './registration/personListsProjection.js';
export { personListsProjection } from './registration/personListsProjection.js';
import { bulkProjection } from './registration/bulkProjection.js';
export { bulkProjection } from './registration/bulkProjection.js';
import { allocationRunsProjection } from './allocation/allocationRunsProjection.js';
export { allocationRunsProjection } from './allocation/allocationRunsProjection.js';
import { paymentStatementsProjection } from './payments/paymentStatementsProjection.js';
export { paymentStatementsProjection } from './payments/paymentStatementsProjection.js';
import { examIncidentsProjection, incidentsProjection } from './incidents/incidentsProjection.js';
export { examIncidentsProjection, incidentsProjection } from './incidents/incidentsProjection.js';
import { identityCorrectionsProjection } from './registration/identityCorrectionsProjection.js';
export { identityCorrectionsProjection } from './registration/identityCorrectionsProjection.js';
import {
  gradeHistoryProjection,
  gradeSettingsProjection,
  marksProjection,
} from './grades/gradesProjections.js';
export * from './grades/gradesProjections.js';
import { attestationsProjection } from './certificates/attestationsProjection.js';
export { attestationsProjection } from './certificates/attestationsProjection.js';
import { publicResultsProjection } from './public-results/publicResultsProjection.js';
export { publicResultsProjection } from './public-results/publicResultsProjection.js';
import {
  deliberationsProjection,
  resultsProjection,
} from './deliberation/deliberationsProjections.js';
export * from './deliberation/deliberationsProjections.js';
import { pvArchivesProjection } from './deliberation/pvArchivesProjection.js';
import { resultsVisibilityProjection } from './public-results/resultsVisibilityProjection.js';
export * from './deliberation/pvArchivesProjection.js';
export * from './public-results/resultsVisibilityProjection.js';

import {
  admissionDecisionsProjection,
  ministerSignaturesProjection,
} from './admission/admissionDecisionsProjections.js';
export * from './admission/admissionDecisionsProjections.js';

import { statisticsProjection } from './statistics/statisticsProjection.js';
export { statisticsProjection } from './statistics/statisticsProjection.js';

export { usagesProjection } from './usage/usagesProjection.js';
export { documentsProjection } from './documents/documentsProjection.js';

/** Every projection of the product, in one list: the runner, the rebuild CLI and the bench use it. */
export const allProjections = (): Projection[] => [
  usagesProjection(),
  documentsProjection,
  usersProjection,
  profilesProjection,
  siteSettingsProjection,
  listsProjection,
  sessionsProjection,
  signInJournalProjection,
  candidaturesProjection,
  candidatureChangesProjection,
  personListsProjection,
  bulkProjection,
  allocationRunsProjection,
  paymentStatementsProjection,
  incidentsProjection,
  examIncidentsProjection,
  identityCorrectionsProjection,
  gradeSettingsProjection,
  marksProjection,
  gradeHistoryProjection,
  deliberationsProjection,
  resultsProjection,
  pvArchivesProjection,
  resultsVisibilityProjection,
  ministerSignaturesProjection,
  admissionDecisionsProjection,
  attestationsProjection,
  publicResultsProjection,
  statisticsProjection(),
];
