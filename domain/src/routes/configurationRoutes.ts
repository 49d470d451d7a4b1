/** « Configuration »: the reference lists with a screen, the métiers, the sessions. */
import { REFERENCE_LISTS } from '../reference-lists/lists.js';
import { config, route } from './routeDeclaration.js';

/** The lists managed from a screen (its tabs), whose permissions open that screen too. */
const managedFrom = (path: string) => REFERENCE_LISTS.filter((list) => list.managedFrom === path);

export const CONFIGURATION_ROUTES = [
  config('signataires', 'Signataires', 'signataires'),
  config('langues', 'Langues', 'langues'),
  config('metiers', 'Métiers', 'metiers', {
    resource: 'metiers',
    itemLabel: 'Métier',
    documents: ['liste-metiers'],
    // The filières and corps de métiers tabs live on this screen: their holders open it (and read
    // the métiers), but only "Configurer les métiers" writes a métier.
    permissions: [
      'configuration.metiers',
      ...managedFrom('configuration/metiers').flatMap((list) => list.permissions ?? []),
    ],
    write: ['configuration.metiers'],
  }),
  config('motifs-rejet', 'Motifs de rejet', 'motifs-rejet'),
  config('niveaux-de-scolarisation', 'Niveaux de scolarisation', 'niveaux-scolarisation'),
  config('piece-justificative', 'Pièces justificatives', 'pieces-justificatives'),
  config('centre-de-depot', 'Centres de dépôt', 'centres-depot'),
  config('config-mail-dep', 'E-mails par département', 'emails-departements'),
  config('espace-financier', 'Espace financier', 'frais-examen'),
  config('parametre-dedition', 'Paramètres d’édition', 'parametres-edition'),
  config('types-d-incidents', 'Types d’incidents', 'types-incidents'),
  // (product) Seed §2/§7's per-path redirects, set by whoever switches the maintenance mode.
  route('configuration', 'configuration/redirections', 'Redirections', [
    'administration.maintenance',
  ]),
  config('inscriptions/metiers', 'Métiers (inscriptions)', 'metiers'),
  config(
    'inscriptions/niveaux-de-scolarisation',
    'Niveaux de scolarisation (inscriptions)',
    'niveaux-scolarisation',
  ),
  config('inscriptions/types-handicap', 'Types de handicap', 'types-handicap'),
  config('examen-session/examens', 'Examens', 'examens'),
  config('examen-session/session', 'Sessions', 'sessions', {
    resource: 'sessions',
    itemLabel: 'Session',
  }),
  config('examen-session/centres-d-examen', 'Centres d’examen', 'centres-examen'),
  // « Configurer les centres de composition » (seed §6) is the sites' older name: it opens and
  // writes the same screen (docs/decisions.md).
  config('examen-session/sites-de-composition', 'Sites de composition', 'sites-composition', {
    permissions: ['configuration.sites-composition', 'configuration.centres-composition'],
  }),
  config('examen-session/epreuves', 'Épreuves', 'epreuves'),
  config('examen-session/types-de-jurys', 'Types de jurys', 'types-jurys'),
  config(
    'examen-session/fonction-des-membres-de-jurys',
    'Fonctions des membres de jurys',
    'fonctions-membres-jurys',
  ),
  config(
    'examen-session/type-des-incidents-examen',
    'Types d’incidents d’examen',
    'types-incidents',
  ),
];
