/**
 * The figures of the dashboard's home: for
 * one session (the one open for registration, else the most recent), what a director looks at
 * first. Each figure links to the screen that lists what it counts, so filtered, and is shown only
 * to whoever may open that screen (the route table's permissions).
 */
import type { RouteId } from '../routes/routeTable.js';
import {
  CANDIDATURE_STATUS_LABELS,
  CANDIDATURE_STATUSES,
  type CandidatureStatus,
} from '../registration/candidature.js';

/** Where a figure is read: the statistics' cubes, or an indexed count of a read model. */
export type FigureSource =
  | { readonly kind: 'dossiers'; readonly statut?: CandidatureStatus; readonly measure: string }
  | {
      readonly kind: 'count';
      /** The resource whose collection and scope are counted. */
      readonly resource: 'candidatures' | 'notes' | 'resultats';
      readonly filter: Readonly<Record<string, string | boolean>>;
    };

export interface DashboardFigure {
  readonly key: string;
  readonly label: string;
  /** The cards are grouped: « Dossiers de candidature », « Examen », « Finances ». */
  readonly group: string;
  readonly format: 'nombre' | 'fcfa';
  readonly source: FigureSource;
  /** The screen it links to. */
  readonly route: RouteId;
  /**
   * How the link narrows that screen to what is counted: a list's `filter` (react-admin), or the
   * page's query string (`sessionId`).
   */
  readonly link: 'filter' | 'query';
  /** The list filter besides the session (the statut…). */
  readonly filter?: Readonly<Record<string, string>>;
}

const LIST: RouteId = 'inscription/candidats/liste';
const DOSSIERS = 'Dossiers de candidature';

export const DASHBOARD_FIGURES: readonly DashboardFigure[] = [
  {
    key: 'total',
    label: 'Dossiers',
    group: DOSSIERS,
    format: 'nombre',
    source: { kind: 'dossiers', measure: 'n' },
    route: LIST,
    link: 'filter',
  },
  ...CANDIDATURE_STATUSES.map((statut): DashboardFigure => ({
    key: statut,
    label: CANDIDATURE_STATUS_LABELS[statut],
    group: DOSSIERS,
    format: 'nombre',
    source: { kind: 'dossiers', statut, measure: 'n' },
    route: LIST,
    link: 'filter',
    filter: { statut },
  })),
  {
    key: 'pieces-en-attente',
    label: 'Dossiers soumis aux pièces incomplètes',
    group: 'À traiter',
    format: 'nombre',
    source: {
      kind: 'count',
      resource: 'candidatures',
      filter: { statut: 'soumis', etatPieces: 'incomplet' },
    },
    route: LIST,
    link: 'filter',
    filter: { statut: 'soumis', etatPieces: 'incomplet' },
  },
  {
    key: 'affectes',
    label: 'Candidats affectés à un site',
    group: 'Examen',
    format: 'nombre',
    source: { kind: 'dossiers', statut: 'affecte', measure: 'n' },
    route: 'inscription/candidats/liste-d-examen',
    link: 'filter',
  },
  {
    key: 'notes',
    label: 'Notes retenues',
    group: 'Examen',
    format: 'nombre',
    source: { kind: 'count', resource: 'notes', filter: { statut: 'retenue' } },
    route: 'espace-examen/notes/liste-des-notes',
    link: 'query',
  },
  {
    key: 'admis',
    label: 'Candidats admis',
    group: 'Examen',
    format: 'nombre',
    source: { kind: 'count', resource: 'resultats', filter: { admis: true } },
    route: 'espace-examen/gestion-des-admissions/extraction-par-rang-des-admis',
    link: 'query',
  },
  {
    key: 'regles',
    label: 'Dossiers réglés',
    group: 'Finances',
    format: 'nombre',
    source: { kind: 'dossiers', measure: 'regles' },
    route: 'rapports-statistiques/statistiques-financieres',
    link: 'query',
  },
  {
    key: 'montant-paye',
    label: 'Montant payé',
    group: 'Finances',
    format: 'fcfa',
    source: { kind: 'dossiers', measure: 'montantPaye' },
    route: 'rapports-statistiques/statistiques-financieres',
    link: 'query',
  },
];

/** A figure as the home page receives it. */
export interface DashboardFigureValue {
  readonly key: string;
  readonly label: string;
  readonly group: string;
  readonly format: 'nombre' | 'fcfa';
  readonly value: number;
  readonly route: RouteId;
  /** The screen's address under /tableau-de-bord, its query string included. */
  readonly path: string;
}

/** The address a figure links to, narrowed to the session (and its statut…). */
export const figurePath = (figure: DashboardFigure, sessionId: string): string => {
  const query =
    figure.link === 'filter'
      ? `filter=${encodeURIComponent(JSON.stringify({ sessionId, ...figure.filter }))}`
      : `sessionId=${encodeURIComponent(sessionId)}`;
  return `${figure.route}?${query}`;
};
