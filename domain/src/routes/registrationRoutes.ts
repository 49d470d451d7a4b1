/** « Inscription »: patrons, apprentis, candidates and their dossiers, allocation, incidents. */
import { route } from './routeDeclaration.js';

const CANDIDAT_LIST = ['candidat.lister-inscrits', 'candidat.enregistrer', 'candidat.modifier'];
/**
 * A dossier's commands: create under « Enregistrer un candidat »;
 * modify, submit and withdraw under « Modifier un candidat »; delete a brouillon under « Supprimer
 * un candidat »; validate and reject under « Valider ou rejeter un dossier de candidature ».
 */
const CANDIDATURE_ACTIONS = {
  creer: ['candidat.enregistrer'],
  soumettre: ['candidat.modifier'],
  desister: ['candidat.modifier'],
  valider: ['candidat.valider'],
  rejeter: ['candidat.valider'],
  // Pièces and payments: whoever registers or modifies a dossier completes it; supervisors check.
  deposer: ['candidat.enregistrer', 'candidat.modifier'],
  payer: ['candidat.enregistrer', 'candidat.modifier'],
  'verifier-piece': ['candidat.valider'],
  // Allocation to composition sites: by hand, move, de-allocate.
  affecter: ['affectation.affecter'],
  // An identity corrected after the exam (« Gestion des contentieux »), its document sent first.
  'corriger-identite': ['identite.modifier'],
};

/** Who may start an action in bulk of one kind or another (convocations: who lists inscrits). */
const BULK_READERS = [
  'candidat.enregistrer',
  'candidat.modifier',
  'candidat.valider',
  'candidat.lister-inscrits',
  'candidat.lister-inscrits-examen',
];

export const REGISTRATION_ROUTES = [
  route('inscription', 'inscription/patrons', 'Patrons', ['patron.lister', 'patron.enregistrer'], {
    write: ['patron.enregistrer'],
    remove: ['patron.supprimer'],
  }),
  // No "supprimer un apprenti" in seed §6: who registers apprentis may delete one still unused.
  route(
    'inscription',
    'inscription/apprentis',
    'Apprentis',
    ['apprenti.lister', 'apprenti.enregistrer'],
    {
      write: ['apprenti.enregistrer'],
    },
  ),
  // The validated dossiers, read-only: their commands are the list of candidates'.
  route('inscription', 'inscription/inscrits', 'Inscrits', ['candidat.lister-inscrits'], {
    resource: 'inscrits',
    scope: { inscrit: true },
    itemLabel: 'Inscrit',
  }),
  route('inscription', 'inscription/candidats', 'Candidats', CANDIDAT_LIST),
  route('inscription', 'inscription/candidats/inscrire-un-candidat', 'Inscrire un candidat', [
    'candidat.enregistrer',
  ]),
  // The lists of agents submitted from « Inscrire un candidat » and their progress (not a seed
  // route: the API resource `listes-candidats` behind the submission's progress bar).
  route(
    'inscription',
    'inscription/candidats/listes-d-agents',
    'Listes d’agents',
    ['candidat.enregistrer'],
    { resource: 'listes-candidats', itemLabel: 'Liste' },
  ),
  route('inscription', 'inscription/candidats/liste', 'Liste des candidats', CANDIDAT_LIST, {
    resource: 'candidatures',
    itemLabel: 'Dossier',
    write: ['candidat.modifier'],
    remove: ['candidat.supprimer'],
    actions: CANDIDATURE_ACTIONS,
  }),
  // The actions in bulk on the list of candidates (issue #32) and each one's outcome per dossier:
  // read by whoever may start one (its command checks the action's own permission).
  route('inscription', 'inscription/candidats/actions-groupees', 'Actions groupées', BULK_READERS, {
    resource: 'lots-candidatures',
    itemLabel: 'Action groupée',
  }),
  route(
    'inscription',
    'inscription/candidats/resultats-actions-groupees',
    'Résultats des actions groupées',
    BULK_READERS,
    { resource: 'resultats-lots-candidatures', itemLabel: 'Résultat' },
  ),
  // The allocated candidates with their numbers, read-only.
  route(
    'inscription',
    'inscription/candidats/liste-d-examen',
    'Liste d’examen',
    ['candidat.lister-inscrits-examen'],
    { resource: 'liste-examen', scope: { statut: 'affecte' }, itemLabel: 'Candidat' },
  ),
  // Per site (or merged per centre d'examen or département): attendance and door lists (PDF by
  // the workers, XLSX at once), and the convocations (one page per candidate).
  route(
    'inscription',
    'inscription/candidats/telechargement-des-listes',
    'Téléchargement des listes',
    ['candidat.lister-inscrits', 'candidat.lister-inscrits-examen'],
    { documents: ['liste-emargement', 'liste-porte', 'convocations'] },
  ),
  route('inscription', 'inscription/candidats/bilan-affectation', 'Bilan d’affectation', [
    'affectation.affecter',
  ]),
  route('inscription', 'inscription/candidats/bilan-general-pieces', 'Bilan général des pièces', [
    'candidat.bilan-pieces',
  ]),
  // The pièces to check, one dossier after the other, by keyboard (who validates dossiers).
  route(
    'inscription',
    'inscription/candidats/file-verification-pieces',
    'File de vérification des pièces',
    ['candidat.valider'],
  ),
  // A bank or mobile-money statement: previewed, its doubtful lines decided, applied as payments
  // (whoever records a dossier's payment; an enrôleur, its centre's dossiers only).
  route(
    'inscription',
    'inscription/candidats/paiements-depuis-un-releve',
    'Paiements depuis un relevé',
    CANDIDATURE_ACTIONS.payer,
    { resource: 'releves-paiement', screen: 'page', itemLabel: 'Relevé' },
  ),
  route(
    'inscription',
    'inscription/candidats/historique-modification',
    'Historique des modifications',
    ['candidat.modifier', 'administration.historique'],
    // Read-only: one line per event of any dossier (its own projection).
    { resource: 'historique-candidatures', itemLabel: 'Modification' },
  ),
  route('inscription', 'inscription/candidats/histo', 'Historique d’un dossier', [
    'candidat.modifier',
    'administration.historique',
  ]),
  route(
    'inscription',
    'inscription/affectation-des-candidats-aux-sites',
    'Affectation des candidats aux sites',
    ['affectation.affecter'],
  ),
  // A page of its own; its runs' progress is read at /api/affectations-automatiques/:id.
  route(
    'inscription',
    'inscription/affectation-des-candidats-aux-sites/affectation-automatique',
    'Affectation automatique',
    ['affectation.affecter'],
    { resource: 'affectations-automatiques', screen: 'page', itemLabel: 'Affectation automatique' },
  ),
  route('inscription', 'inscription/gestion-des-incidents', 'Gestion des incidents', [
    'incident-inscription.enregistrer',
    'incident-inscription.lister-miens',
    'incident-inscription.lister-tous',
  ]),
  route(
    'inscription',
    'inscription/gestion-des-incidents/enregistrer-un-incident',
    'Enregistrer un incident',
    ['incident-inscription.enregistrer'],
  ),
  // Those the reader recorded: whoever records incidents reads their own; recording one and its
  // attachment are this route's actions (the commands live under /api/incidents-inscription).
  route(
    'inscription',
    'inscription/gestion-des-incidents/mes-incidents',
    'Mes incidents',
    ['incident-inscription.lister-miens'],
    {
      resource: 'mes-incidents',
      itemLabel: 'Incident',
      actions: {
        creer: ['incident-inscription.enregistrer'],
        joindre: ['incident-inscription.enregistrer'],
      },
    },
  ),
  // Every incident (an enrôleur: their centre's); its statut under « Changer le statut ».
  route(
    'inscription',
    'inscription/gestion-des-incidents/liste-des-incidents',
    'Liste des incidents',
    ['incident-inscription.lister-tous'],
    {
      resource: 'incidents-inscription',
      itemLabel: 'Incident',
      write: ['incident-inscription.changer-statut'],
      remove: ['incident-inscription.supprimer'],
    },
  ),
];
