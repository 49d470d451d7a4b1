import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../common/lazyScreen';
import { EDITABLE_LISTS, MANAGED_LISTS, managedPath } from './reference-lists/definition';
import candidatures, { inscrits, listeExamen } from './registration/candidatures';
import attestations from './certificates';
import correctionsIdentite from './registration/identityCorrections';
import { disputeGradeHistory, gradeHistory } from './grades';
import journal from './accounts/signInJournal';
import historique from './registration/candidatureChanges';
import { incidents, mesIncidents } from './incidents';
import { examIncidents } from './incidents/examIncidents';
import listesAgents from './registration/personLists';
import { bulkResults, bulkRuns } from './registration/bulkActions';
import { listScreens } from './reference-lists';
import profils from './accounts/profiles';
import referencesExamen from './sessions/references';
import sessions from './sessions';
import utilisateurs, { enroleurs } from './accounts/users';

/** Lists with a panel of their own above the generic list: the juries' coverage, the certificate. */
const LIST_PANELS: Readonly<Record<string, ComponentType>> = {
  jurys: lazyScreen(
    () => import('./deliberation/CoveragePanel'),
    (m) => m.CoveragePanel,
  ),
  // The documents' signing certificate, shown and deposited above the signatories.
  signataires: lazyScreen(
    () => import('./certificates/SigningCertificatePanel'),
    (m) => m.SigningCertificatePanel,
  ),
};

/**
 * Screens per API resource; the route table says where each one lives and how the menu names it.
 * Every reference list the domain declares with a path gets the generic list screens.
 */
export const resourceScreens: Record<string, Omit<ResourceProps, 'name'>> = {
  utilisateurs,
  enroleurs,
  profils,
  sessions,
  'journal-connexions': journal,
  candidatures,
  inscrits,
  'liste-examen': listeExamen,
  'historique-candidatures': historique,
  'listes-candidats': listesAgents,
  'lots-candidatures': bulkRuns,
  'resultats-lots-candidatures': bulkResults,
  'mes-incidents': mesIncidents,
  'incidents-inscription': incidents,
  'historique-notes': gradeHistory,
  'historique-notes-contentieux': disputeGradeHistory,
  'incidents-examen': examIncidents,
  'corrections-identite': correctionsIdentite,
  'references-examen': referencesExamen,
  attestations,
  ...Object.fromEntries(
    EDITABLE_LISTS.map((list) => [list.name, listScreens(list, LIST_PANELS[list.name])]),
  ),
};

/**
 * Lists shown as tabs of another screen (filières, corps de métiers under métiers): the same
 * generic screens, as resources under that screen's path; outside the menu, which follows the
 * route table.
 */
export const managedListResources: readonly (Omit<ResourceProps, 'name'> & {
  name: string;
  managedFrom: string;
  label: string;
})[] = MANAGED_LISTS.map((list) => ({
  name: managedPath(list)!,
  managedFrom: list.managedFrom!,
  label: list.label,
  ...listScreens(list),
}));
