/** « Rapports statistiques »: one route per report. */
import { route, STATS } from './routeDeclaration.js';

export const REPORT_ROUTES = [
  route(STATS, `${STATS}/candidats/statistiques-inscriptions`, 'Statistiques des inscriptions', [
    'statistiques.candidats',
  ]),
  route(STATS, `${STATS}/candidats/par-metier`, 'Candidats par métier', [
    'statistiques.par-metier',
  ]),
  route(
    STATS,
    `${STATS}/candidats/par-zone-et-nombre-de-pieces-soumis`,
    'Candidats par zone et pièces soumises',
    ['statistiques.par-zone-pieces'],
  ),
  route(STATS, `${STATS}/patrons/par-metier`, 'Patrons par métier', [
    'statistiques.par-patron',
    'statistiques.par-metier',
  ]),
  route(STATS, `${STATS}/patrons/candidat-inscrit-par-patron`, 'Candidats inscrits par patron', [
    'statistiques.par-patron',
  ]),
  route(STATS, `${STATS}/statistiques-financieres`, 'Statistiques financières', [
    'statistiques.financieres',
  ]),
  route(
    STATS,
    `${STATS}/inscriptions-et-validations-par-agent`,
    'Inscriptions et validations par agent',
    ['statistiques.par-agent'],
  ),
];
