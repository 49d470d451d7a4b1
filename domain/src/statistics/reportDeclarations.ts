/** The seven reports, declared, and how a view picks its columns. */
import { CANDIDATURE_STATUS_LABELS, CANDIDATURE_STATUSES } from '../registration/candidature.js';
import {
  AGENT_ACTIONS,
  PIECES_BUCKETS,
  STATUTS_EN_COURS,
  STATUTS_VALIDES,
  type StatisticsCube,
} from './cubes.js';
import {
  REPORT_FILTERS,
  type ReportChart,
  type ReportColumn,
  type ReportDeclaration,
  type ReportFilter,
  type ReportView,
} from './reportTypes.js';

const count = (
  key: string,
  header: string,
  where?: Readonly<Record<string, readonly string[]>>,
  cube?: StatisticsCube,
): ReportColumn => ({
  key,
  header,
  format: 'nombre',
  sum: { measure: 'n', ...(where ? { where } : {}), ...(cube ? { cube } : {}) },
});

const BY_STATUT: readonly ReportColumn[] = [
  ...CANDIDATURE_STATUSES.map((statut) =>
    count(statut, CANDIDATURE_STATUS_LABELS[statut], { statut: [statut] }),
  ),
  count('total', 'Total'),
];

const GEOGRAPHY_VIEWS = (chart: ReportChart): ReportView[] => [
  { key: 'centre', label: 'Centre de dépôt', chart },
  { key: 'departement', label: 'Département', chart },
  { key: 'zone', label: 'Zone', chart },
];

const ALL_FILTERS = REPORT_FILTERS;
const WITHOUT_PERIOD: readonly ReportFilter[] = [
  'session',
  'zone',
  'departement',
  'metier',
  'sexe',
];
const STATUS_SERIES = CANDIDATURE_STATUSES as readonly string[];
const money = (key: string, header: string, measure: string): ReportColumn => ({
  key,
  header,
  format: 'fcfa',
  sum: { measure },
});

export const REPORTS: readonly ReportDeclaration[] = [
  {
    id: 'candidats/statistiques-inscriptions',
    route: 'rapports-statistiques/candidats/statistiques-inscriptions',
    title: 'Statistiques des inscriptions',
    description:
      'Les dossiers de candidature de la session par statut, par jour d’inscription et par lieu de dépôt.',
    cube: 'dossiers',
    filters: ALL_FILTERS,
    views: [
      {
        key: 'statut',
        label: 'Statut',
        columns: ['total', 'part'],
        chart: { kind: 'pie', series: ['total'] },
      },
      {
        key: 'jour',
        label: 'Jour d’inscription',
        chart: { kind: 'line', series: ['total', 'valide', 'affecte'] },
      },
      ...GEOGRAPHY_VIEWS({ kind: 'bar', series: STATUS_SERIES, stacked: true }),
    ],
    columns: [
      ...BY_STATUT,
      { key: 'part', header: 'Part (%)', format: 'pourcentage', share: 'total' },
    ],
    fileName: 'statistiques-inscriptions',
  },
  {
    id: 'candidats/par-metier',
    route: 'rapports-statistiques/candidats/par-metier',
    title: 'Candidats par métier',
    description:
      'Les dossiers de candidature de la session par métier : hommes et femmes, validés et rejetés.',
    cube: 'dossiers',
    filters: ALL_FILTERS,
    views: [
      {
        key: 'metier',
        label: 'Métier',
        chart: { kind: 'bar', series: ['hommes', 'femmes'], stacked: true },
      },
      ...GEOGRAPHY_VIEWS({ kind: 'bar', series: ['hommes', 'femmes'], stacked: true }),
    ],
    columns: [
      count('total', 'Dossiers'),
      count('hommes', 'Hommes', { sexe: ['M'] }),
      count('femmes', 'Femmes', { sexe: ['F'] }),
      count('valides', 'Validés', { statut: STATUTS_VALIDES }),
      count('rejetes', 'Rejetés', { statut: ['rejete'] }),
      { key: 'part', header: 'Part (%)', format: 'pourcentage', share: 'total' },
    ],
    fileName: 'candidats-par-metier',
  },
  {
    id: 'candidats/par-zone-et-nombre-de-pieces-soumis',
    route: 'rapports-statistiques/candidats/par-zone-et-nombre-de-pieces-soumis',
    title: 'Candidats par zone et pièces soumises',
    description:
      'Les dossiers de candidature de la session par zone (ou département, ou centre de dépôt) et par nombre de pièces justificatives déposées.',
    cube: 'pieces',
    filters: ALL_FILTERS,
    views: [
      { key: 'zone', label: 'Zone', chart: { kind: 'bar', series: PIECES_BUCKETS, stacked: true } },
      {
        key: 'departement',
        label: 'Département',
        chart: { kind: 'bar', series: PIECES_BUCKETS, stacked: true },
      },
      {
        key: 'centre',
        label: 'Centre de dépôt',
        chart: { kind: 'bar', series: PIECES_BUCKETS, stacked: true },
      },
    ],
    columns: [
      ...PIECES_BUCKETS.map((bucket) =>
        count(
          bucket,
          bucket === '0'
            ? 'Aucune pièce'
            : bucket === '5+'
              ? '5 pièces ou plus'
              : `${bucket} pièce${bucket === '1' ? '' : 's'}`,
          { pieces: [bucket] },
        ),
      ),
      count('total', 'Dossiers'),
      {
        key: 'soumises',
        header: 'Pièces soumises',
        format: 'nombre',
        sum: { measure: 'soumises' },
      },
      {
        key: 'moyenne',
        header: 'Pièces par dossier',
        format: 'decimal',
        ratio: { plus: ['soumises'], over: 'total', percent: false },
      },
    ],
    fileName: 'candidats-par-zone-et-pieces',
  },
  {
    id: 'patrons/par-metier',
    route: 'rapports-statistiques/patrons/par-metier',
    title: 'Patrons par métier',
    description:
      'Les patrons enregistrés par métier, ceux dont des candidats sont inscrits à la session et ces candidats (zone, département et sexe du patron).',
    cube: 'patrons-candidats',
    filters: WITHOUT_PERIOD,
    views: [
      {
        key: 'metier',
        label: 'Métier',
        chart: { kind: 'bar', series: ['patrons', 'avecCandidats'] },
      },
      {
        key: 'departement',
        label: 'Département',
        chart: { kind: 'bar', series: ['patrons', 'avecCandidats'] },
      },
      { key: 'zone', label: 'Zone', chart: { kind: 'bar', series: ['patrons', 'avecCandidats'] } },
    ],
    columns: [
      count('patrons', 'Patrons enregistrés', undefined, 'patrons'),
      {
        key: 'avecCandidats',
        header: 'Patrons ayant des candidats',
        format: 'nombre',
        sum: { measure: 'avecCandidats' },
      },
      count('candidats', 'Candidats inscrits'),
      {
        key: 'valides',
        header: 'Candidats validés',
        format: 'nombre',
        sum: { measure: 'valides' },
      },
    ],
    fileName: 'patrons-par-metier',
  },
  {
    id: 'patrons/candidat-inscrit-par-patron',
    route: 'rapports-statistiques/patrons/candidat-inscrit-par-patron',
    title: 'Candidats inscrits par patron',
    description:
      'Pour chaque patron, ses candidats inscrits à la session (ses apprentis et lui-même) : hommes, femmes, validés.',
    cube: 'patrons-candidats',
    filters: WITHOUT_PERIOD,
    views: [
      {
        key: 'patron',
        label: 'Patron',
        paged: true,
        chart: { kind: 'bar', series: ['hommes', 'femmes'], stacked: true },
      },
    ],
    columns: [
      {
        key: 'metier',
        header: 'Métier',
        format: 'texte',
        attribute: { field: 'metierId', list: 'metiers' },
      },
      {
        key: 'departement',
        header: 'Département',
        format: 'texte',
        attribute: { field: 'departementId', list: 'departements' },
      },
      count('candidats', 'Candidats'),
      { key: 'hommes', header: 'Hommes', format: 'nombre', sum: { measure: 'hommes' } },
      { key: 'femmes', header: 'Femmes', format: 'nombre', sum: { measure: 'femmes' } },
      { key: 'valides', header: 'Validés', format: 'nombre', sum: { measure: 'valides' } },
    ],
    fileName: 'candidats-par-patron',
  },
  {
    id: 'statistiques-financieres',
    route: 'rapports-statistiques/statistiques-financieres',
    title: 'Statistiques financières',
    description:
      'Les frais d’examen des dossiers en cours (brouillon, soumis, validé, affecté) : montant dû, payé et reste à payer, en FCFA. Le montant payé compte aussi les paiements des dossiers rejetés ou désistés. Les paiements de démonstration (aucun argent reçu) sont montrés à part : ils n’entrent dans le montant payé que si la session compte les paiements de démonstration.',
    cube: 'dossiers',
    filters: ALL_FILTERS,
    views: [
      ...GEOGRAPHY_VIEWS({ kind: 'bar', series: ['montantPaye', 'reste'], stacked: true }),
      {
        key: 'metier',
        label: 'Métier',
        chart: { kind: 'bar', series: ['montantPaye', 'reste'], stacked: true },
      },
      {
        key: 'session',
        label: 'Session',
        ignores: ['session'],
        chart: { kind: 'bar', series: ['montantPaye', 'reste'], stacked: true },
      },
    ],
    columns: [
      count('dossiers', 'Dossiers en cours', { statut: STATUTS_EN_COURS }),
      { key: 'regles', header: 'Dossiers réglés', format: 'nombre', sum: { measure: 'regles' } },
      money('montantDu', 'Montant dû', 'montantDu'),
      money('montantPaye', 'Montant payé', 'montantPaye'),
      money('reste', 'Reste à payer', 'reste'),
      {
        key: 'recouvrement',
        header: 'Taux de recouvrement',
        format: 'pourcentage',
        ratio: { plus: ['montantDu'], minus: ['reste'], over: 'montantDu', percent: true },
      },
      money('demonstration', 'Paiements de démonstration', 'demonstration'),
    ],
    fileName: 'statistiques-financieres',
  },
  {
    id: 'inscriptions-et-validations-par-agent',
    route: 'rapports-statistiques/inscriptions-et-validations-par-agent',
    title: 'Inscriptions et validations par agent',
    description:
      'Les dossiers inscrits, validés et rejetés par chaque agent (d’après les événements qu’il a produits), par agent ou par jour.',
    cube: 'agents',
    filters: ALL_FILTERS,
    views: [
      {
        key: 'agent',
        label: 'Agent',
        chart: { kind: 'bar', series: AGENT_ACTIONS, stacked: true },
      },
      { key: 'jour', label: 'Jour', chart: { kind: 'line', series: AGENT_ACTIONS } },
    ],
    columns: [
      count('inscription', 'Dossiers inscrits', { action: ['inscription'] }),
      count('validation', 'Dossiers validés', { action: ['validation'] }),
      count('rejet', 'Dossiers rejetés', { action: ['rejet'] }),
      count('total', 'Total'),
    ],
    fileName: 'inscriptions-et-validations-par-agent',
  },
];

export const reportById = (id: string): ReportDeclaration | undefined =>
  REPORTS.find((report) => report.id === id);

/** The report a dashboard route shows. */
export const reportOfRoute = (route: string): ReportDeclaration | undefined =>
  REPORTS.find((report) => report.route === route);

export const viewOf = (report: ReportDeclaration, key: string | undefined): ReportView =>
  report.views.find((view) => view.key === key) ?? report.views[0]!;

/** The columns a view shows. */
export const viewColumns = (report: ReportDeclaration, view: ReportView): ReportColumn[] =>
  view.columns
    ? view.columns.map((key) => report.columns.find((c) => c.key === key)!)
    : [...report.columns];
