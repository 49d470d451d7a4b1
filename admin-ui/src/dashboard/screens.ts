import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import { canOpen, DASHBOARD_ROUTES, type DashboardRoute, type RouteId } from '@examens-pro/domain';
import { resourceScreens } from '../resources';
import { lazyScreen } from '../common/lazyScreen';
import { InformationsPage } from './InformationsPage';
import { MonComptePage } from './MonComptePage';
import { usePermissions } from './permissions';

/** What the dashboard mounts for one route: a resource's screens, or a page (reports are pages). */
export type Screen =
  | { readonly kind: 'resource'; readonly props: Omit<ResourceProps, 'name'> }
  | { readonly kind: 'page'; readonly component: ComponentType | null };

/** The pages of this build, by route id (the home page is react-admin's dashboard: no component). */
const PAGES: { readonly [id in RouteId]?: ComponentType | null } = {
  '': null,
  informations: InformationsPage,
  'mon-compte': MonComptePage,
  'inscription/candidats': lazyScreen(
    () => import('../resources/registration/candidatures/LandingPage'),
    (m) => m.LandingPage,
  ),
  'inscription/candidats/histo': lazyScreen(
    () => import('../resources/registration/candidatures/HistoPage'),
    (m) => m.HistoPage,
  ),
  'inscription/candidats/bilan-general-pieces': lazyScreen(
    () => import('../resources/registration/candidatures/PiecesReportPage'),
    (m) => m.PiecesReportPage,
  ),
  'inscription/candidats/file-verification-pieces': lazyScreen(
    () => import('../resources/registration/candidatures/PiecesQueuePage'),
    (m) => m.PiecesQueuePage,
  ),
  'inscription/candidats/inscrire-un-candidat': lazyScreen(
    () => import('../resources/registration/candidatures/screens'),
    (m) => m.RegisterPage,
  ),
  'inscription/candidats/telechargement-des-listes': lazyScreen(
    () => import('../resources/allocation/ListsDownloadPage'),
    (m) => m.ListsDownloadPage,
  ),
  'inscription/candidats/bilan-affectation': lazyScreen(
    () => import('../resources/allocation/AllocationReportPage'),
    (m) => m.AllocationReportPage,
  ),
  'inscription/candidats/paiements-depuis-un-releve': lazyScreen(
    () => import('../resources/payments/PaymentStatementPage'),
    (m) => m.PaymentStatementPage,
  ),
  'inscription/affectation-des-candidats-aux-sites': lazyScreen(
    () => import('../resources/allocation/AllocationPage'),
    (m) => m.AllocationPage,
  ),
  'inscription/affectation-des-candidats-aux-sites/affectation-automatique': lazyScreen(
    () => import('../resources/allocation/AutomaticAllocationPage'),
    (m) => m.AutomaticAllocationPage,
  ),
  'inscription/gestion-des-incidents': lazyScreen(
    () => import('../resources/incidents/LandingPage'),
    (m) => m.LandingPage,
  ),
  'inscription/gestion-des-incidents/enregistrer-un-incident': lazyScreen(
    () => import('../resources/incidents/RecordIncidentPage'),
    (m) => m.RecordIncidentPage,
  ),
  'espace-examen/rechercher-un-candidat': lazyScreen(
    () => import('../resources/registration/candidateSearch/SearchPage'),
    (m) => m.CandidateSearchPage,
  ),
  'espace-examen/notes/configuration': lazyScreen(
    () => import('../resources/grades/SettingsPage'),
    (m) => m.GradeSettingsPage,
  ),
  'espace-examen/notes/importation-des-notes': lazyScreen(
    () => import('../resources/grades/ImportPage'),
    (m) => m.GradeImportPage,
  ),
  'espace-examen/notes/liste-des-notes': lazyScreen(
    () => import('../resources/grades/GridPage'),
    (m) => m.GradeGridPage,
  ),
  'espace-examen/notes/telechargement-des-fiches-de-notes': lazyScreen(
    () => import('../resources/grades/SheetsDownloadPage'),
    (m) => m.SheetsDownloadPage,
  ),
  'espace-examen/presences-des-candidats/editer-les-presences': lazyScreen(
    () => import('../resources/grades/PresencesPage'),
    (m) => m.PresencesPage,
  ),
  'espace-examen/presences-des-candidats/bilan-des-presences': lazyScreen(
    () => import('../resources/grades/PresencesReportPage'),
    (m) => m.PresencesReportPage,
  ),
  'espace-examen/gestion-des-admissions/resultat-et-pv': lazyScreen(
    () => import('../resources/deliberation/ResultsPage'),
    (m) => m.ResultsPage,
  ),
  'espace-examen/archives-des-proces-verbal/sauvegarde': lazyScreen(
    () => import('../resources/deliberation/ArchivePage'),
    (m) => m.ArchivePage,
  ),
  'espace-examen/archives-des-proces-verbal/consultations': lazyScreen(
    () => import('../resources/deliberation/ConsultationsPage'),
    (m) => m.ConsultationsPage,
  ),
  'espace-examen/gestion-des-admissions/visibilite-des-resultats': lazyScreen(
    () => import('../resources/public-results/VisibilityPage'),
    (m) => m.VisibilityPage,
  ),
  'espace-examen/gestion-des-admissions/attestations/telechargement-des-attestations': lazyScreen(
    () => import('../resources/certificates/ChosenDownloadPage'),
    (m) => m.ChosenDownloadPage,
  ),
  'espace-examen/gestion-des-admissions/attestations/telechargement-par-departement': lazyScreen(
    () => import('../resources/certificates/PlaceDownloadPage'),
    (m) => m.DepartementDownloadPage,
  ),
  'espace-examen/gestion-des-admissions/attestations/telechargement-par-zone': lazyScreen(
    () => import('../resources/certificates/PlaceDownloadPage'),
    (m) => m.ZoneDownloadPage,
  ),
  'espace-examen/gestion-des-contentieux/modification-informations-identites': lazyScreen(
    () => import('../resources/registration/identityCorrections/CorrectionPage'),
    (m) => m.CorrectionPage,
  ),
  'espace-examen/gestion-des-admissions/decision-d-admission/signature-du-ministre': lazyScreen(
    () => import('../resources/admission/SignaturePage'),
    (m) => m.SignaturePage,
  ),
  'espace-examen/gestion-des-admissions/decision-d-admission/apposer-la-signature-du-ministre':
    lazyScreen(
      () => import('../resources/admission/ApplySignaturePage'),
      (m) => m.ApplySignaturePage,
    ),
  'espace-examen/gestion-des-admissions/decision-d-admission/telechargement-des-decisions':
    lazyScreen(
      () => import('../resources/admission/DecisionsDownloadPage'),
      (m) => m.DecisionsDownloadPage,
    ),
  'espace-examen/gestion-des-admissions/extraction-par-rang-des-admis': lazyScreen(
    () => import('../resources/admission/ExtractionPage'),
    (m) => m.ExtractionPage,
  ),
  'espace-examen/gestion-des-admissions/statistiques': lazyScreen(
    () => import('../resources/admission/StatisticsPage'),
    (m) => m.StatisticsPage,
  ),
};

/**
 * A report route's screen: the one report screen, drawn from the report's declaration, its code
 * (and the charts') loaded when a report is first opened.
 */
const reportPage = (id: RouteId): ComponentType =>
  lazyScreen(
    () => import('../resources/statistics/ReportPage'),
    (m) => m.reportScreen(id),
  );

const screenOf = (route: DashboardRoute & { readonly id: RouteId }): Screen | undefined => {
  if (route.screen === 'report') return { kind: 'page', component: reportPage(route.id) };
  if (route.screen === 'resource') {
    const props = route.resource ? resourceScreens[route.resource] : undefined;
    return props && { kind: 'resource', props };
  }
  const page = PAGES[route.id];
  return page === undefined ? undefined : { kind: 'page', component: page };
};

/**
 * Every screen of this build, keyed by route id: the route table says what each route is (resource,
 * page, report), this map what draws it. The menu, the home page and the mounting read it.
 */
export const SCREENS: ReadonlyMap<RouteId, Screen> = new Map(
  DASHBOARD_ROUTES.flatMap((route) => {
    const screen = screenOf(route);
    return screen ? [[route.id, screen] as const] : [];
  }),
);

/** A route has a screen in this build: the menu never offers a page that does not exist yet. */
export const hasScreen = (route: DashboardRoute & { readonly id: RouteId }): boolean =>
  SCREENS.has(route.id);

/** The routes of this build the user may open, in the route table's order (the menu hides the rest). */
export const useOpenRoutes = (): DashboardRoute[] => {
  const held = usePermissions();
  return DASHBOARD_ROUTES.filter((route) => hasScreen(route) && canOpen(held, route));
};
