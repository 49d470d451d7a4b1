/**
 * The dashboard's route table: every dashboard route of seed §2 with its French label, its menu
 * section, the API resource behind it and the permissions of which a user needs any. The menu, the
 * client-side guard, `POST /api/can/uniq` and the services' checks all read it.
 * Paths are relative to /tableau-de-bord.
 */
import { allows } from '../accounts/permissions.js';
import { REFERENCE_LISTS } from '../configuration/lists.js';

export interface MenuSection {
  readonly key: string;
  readonly label: string;
}

/**
 * What a route shows: a resource's screens (list, show, edit, create), a page of its own, or a
 * report (a page reading aggregates, with its exports).
 */
export type ScreenKind = 'resource' | 'page' | 'report';

export interface DashboardRoute {
  /** The route's id: its path, typed as `RouteId` (the UI's screens are keyed by it). */
  readonly id: string;
  /** Path under /tableau-de-bord, e.g. `configuration/metiers`; react-admin's resource name. */
  readonly path: string;
  readonly screen: ScreenKind;
  /**
   * For a resource screen showing part of its resource: equalities every read through this route
   * satisfies (the enrôleurs are the users with `enroleur = true`), applied by the server.
   */
  readonly scope?: Readonly<Record<string, string | number | boolean>>;
  /** The API resource behind it (`/api/<resource>`), when it is a list of records. */
  readonly resource?: string;
  readonly label: string;
  /** One item, for titles ("Métier ELEC"). */
  readonly itemLabel?: string;
  readonly section: MenuSection['key'];
  /** Permissions of which a user needs any to open the screen and read its data; empty: any signed-in user. */
  readonly permissions: readonly string[];
  /** Permissions of which a user needs any to create, modify or act on its records (default: `permissions`). */
  readonly write?: readonly string[];
  /** Permissions of which a user needs any to delete its records (default: `write`). */
  readonly remove?: readonly string[];
  /** Kinds of documents (PDF) produced from this screen. */
  readonly documents?: readonly string[];
  /**
   * Commands on its records that take permissions of their own (create, validate…), by the
   * action's name; whoever holds one also reads the records.
   */
  readonly actions?: Readonly<Record<string, readonly string[]>>;
}

export const MENU_SECTIONS: readonly MenuSection[] = [
  { key: 'mon-compte', label: 'Mon compte' },
  { key: 'tableau-de-bord', label: 'Tableau de bord' },
  { key: 'utilisateurs-profils', label: 'Utilisateurs & profils' },
  { key: 'inscription', label: 'Inscription' },
  { key: 'espace-examen', label: 'Espace Examen' },
  { key: 'rapports-statistiques', label: 'Rapports statistiques' },
  { key: 'configuration', label: 'Configuration' },
];

type Section = MenuSection['key'];
type RouteOf<P extends string> = DashboardRoute & { readonly id: P; readonly path: P };
const route = <P extends string>(
  section: Section,
  path: P,
  label: string,
  permissions: readonly string[],
  more: Partial<Omit<DashboardRoute, 'id' | 'path' | 'section' | 'label'>> = {},
): RouteOf<P> => ({
  id: path,
  section,
  path,
  label,
  permissions,
  screen: more.resource ? 'resource' : section === STATS ? 'report' : 'page',
  ...more,
});

const config = <P extends string>(
  path: P,
  label: string,
  code: string,
  more: Partial<Omit<DashboardRoute, 'id' | 'path' | 'section' | 'label'>> = {},
) =>
  route('configuration', `configuration/${path}` as const, label, [`configuration.${code}`], more);

const EXAMEN = 'espace-examen';
const ADMISSIONS = 'espace-examen/gestion-des-admissions';
const DECISIONS = `${ADMISSIONS}/decision-d-admission`;
const STATS = 'rapports-statistiques';
/** The documents of the admitted candidates: attestations and diplomas (« Imprimer les diplômes »). */
const ATTESTATION_DOCUMENTS = ['attestations', 'diplomes'];

/** The lists managed from a screen (its tabs), whose permissions open that screen too. */
const managedFrom = (path: string) => REFERENCE_LISTS.filter((list) => list.managedFrom === path);

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

const ROUTES = [
  route('tableau-de-bord', '', 'Accueil', []),
  route('tableau-de-bord', 'informations', 'Informations', []),
  route('mon-compte', 'mon-compte', 'Mon compte', [], { write: ['compte.enregistrer'] }),

  // Utilisateurs & profils
  route(
    'utilisateurs-profils',
    'utilisateurs-profils/utilisateurs',
    'Utilisateurs',
    ['utilisateur.lister', 'utilisateur.enregistrer'],
    {
      resource: 'utilisateurs',
      itemLabel: 'Utilisateur',
      write: ['utilisateur.enregistrer'],
      remove: ['utilisateur.supprimer'],
    },
  ),
  route(
    'utilisateurs-profils',
    'utilisateurs-profils/enroleur',
    'Enrôleurs',
    ['enroleur.lister', 'enroleur.enregistrer'],
    {
      resource: 'enroleurs',
      scope: { enroleur: true },
      itemLabel: 'Enrôleur',
      write: ['enroleur.enregistrer'],
      remove: ['enroleur.supprimer'],
    },
  ),
  route(
    'utilisateurs-profils',
    'utilisateurs-profils/profils',
    'Profils',
    ['profil.lister', 'profil.enregistrer'],
    {
      resource: 'profils',
      itemLabel: 'Profil',
      write: ['profil.enregistrer'],
      remove: ['profil.supprimer'],
    },
  ),
  // Read-only: the sign-in service writes the journal; no command route serves it.
  route(
    'utilisateurs-profils',
    'utilisateurs-profils/journal-des-connexions',
    'Journal des connexions',
    ['administration.journal-connexions'],
    { resource: 'journal-connexions', itemLabel: 'Entrée du journal' },
  ),

  // Inscription
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

  // Espace Examen
  route(EXAMEN, `${EXAMEN}/rechercher-un-candidat`, 'Rechercher un candidat', [
    'candidat.rechercher',
  ]),
  // Each session's one reference (arrêté), written under « Enregistrer la référence et la date de
  // délibération » only: the sessions' own configuration permission does not suffice.
  route(EXAMEN, `${EXAMEN}/reference-dexamen`, 'Référence d’examen', ['deliberation.reference'], {
    resource: 'references-examen',
    itemLabel: 'Référence d’examen',
    write: ['deliberation.reference'],
  }),
  // Per session: the import and modification windows, each under its permission, and the
  // double-entry rule (either permission); a page of its own over `configurations-notes`.
  route(
    EXAMEN,
    `${EXAMEN}/notes/configuration`,
    'Configuration des notes',
    ['note.autoriser-importation', 'note.autoriser-modification'],
    {
      resource: 'configurations-notes',
      screen: 'page',
      itemLabel: 'Configuration des notes',
      actions: {
        importation: ['note.autoriser-importation'],
        modification: ['note.autoriser-modification'],
        'double-saisie': ['note.autoriser-importation', 'note.autoriser-modification'],
        anonymat: ['note.autoriser-importation', 'note.autoriser-modification'],
        // The link between copies and candidates lifted for the deliberation.
        'lever-anonymat': ['deliberation.deliberer'],
      },
    },
  ),
  route(EXAMEN, `${EXAMEN}/notes/importation-des-notes`, 'Importation des notes', [
    'note.importer',
  ]),
  // The grid per site and épreuve (`GET /api/notes/feuille`): a first mark is entered by whoever
  // imports or modifies marks, while the import window is open; a retained mark is changed, and a
  // discrepancy resolved, under « Modifier une note », with a reason.
  route(EXAMEN, `${EXAMEN}/notes/liste-des-notes`, 'Liste des notes', ['note.lister'], {
    resource: 'notes',
    screen: 'page',
    itemLabel: 'Note',
    write: ['note.modifier'],
    actions: {
      saisir: ['note.importer', 'note.modifier'],
      modifier: ['note.modifier'],
      resoudre: ['note.modifier'],
    },
  }),
  route(
    EXAMEN,
    `${EXAMEN}/notes/telechargement-des-fiches-de-notes`,
    'Téléchargement des fiches de notes',
    ['note.telecharger-fiches'],
    // Per site and épreuve (or merged per centre d'examen or département), made by the workers.
    { documents: ['fiches-notes'] },
  ),
  route(
    EXAMEN,
    `${EXAMEN}/notes/historiques-des-modifications-des-notes`,
    'Historique des modifications des notes',
    ['note.historique'],
    // Read-only: one line per grade event (its own projection).
    { resource: 'historique-notes', itemLabel: 'Modification de note' },
  ),
  route(EXAMEN, `${EXAMEN}/presences-des-candidats/editer-les-presences`, 'Éditer les présences', [
    'presence.enregistrer',
  ]),
  route(EXAMEN, `${EXAMEN}/presences-des-candidats/bilan-des-presences`, 'Bilan des présences', [
    'presence.consulter',
  ]),
  route(
    EXAMEN,
    `${EXAMEN}/gestion-des-contentieux/modification-informations-identites`,
    'Modification des identités',
    ['identite.modifier'],
  ),
  route(
    EXAMEN,
    `${EXAMEN}/gestion-des-contentieux/historique-modification-notes`,
    'Historique des modifications des notes',
    ['note.historique'],
    // The grade changes made through disputes (after deliberation).
    {
      resource: 'historique-notes-contentieux',
      scope: { origine: 'contentieux' },
      itemLabel: 'Modification de note',
    },
  ),
  route(
    EXAMEN,
    `${EXAMEN}/gestion-des-contentieux/historique-modification-des-identites`,
    'Historique des modifications des identités',
    ['identite.historique'],
    // Read-only: one line per correction (its own projection); its document under /document.
    { resource: 'corrections-identite', itemLabel: 'Correction d’identité' },
  ),
  route(
    EXAMEN,
    `${EXAMEN}/gestion-des-jurys/composition-des-jurys`,
    'Composition des jurys',
    ['jury.lister', 'jury.enregistrer'],
    { write: ['jury.enregistrer'], remove: ['jury.supprimer'] },
  ),
  route(
    EXAMEN,
    `${EXAMEN}/gestion-des-jurys/edition-des-membres-du-jury`,
    'Membres du jury',
    ['membre-jury.lister', 'membre-jury.enregistrer'],
    { write: ['membre-jury.enregistrer'], remove: ['membre-jury.supprimer'] },
  ),
  // The exam incidents: recorded (with their attachment) and moved on from one statut to the next
  // under « Édition des incidents »; read under the list. Both show the one resource.
  route(
    EXAMEN,
    `${EXAMEN}/gestion-des-incidents/edition-des-incidents`,
    'Édition des incidents',
    ['incident-examen.enregistrer'],
    { resource: 'incidents-examen', itemLabel: 'Incident d’examen' },
  ),
  route(
    EXAMEN,
    `${EXAMEN}/gestion-des-incidents/liste-des-incidents`,
    'Liste des incidents d’examen',
    ['incident-examen.lister'],
    {
      resource: 'incidents-examen',
      itemLabel: 'Incident d’examen',
      write: ['incident-examen.enregistrer'],
    },
  ),
  // A closed jury's PV per centre d'examen, generated (document `proces-verbal`) and archived as a
  // new version with its SHA-256 (`POST /api/archives-pv`); consulted read-only, its hash checked.
  route(
    EXAMEN,
    `${EXAMEN}/archives-des-proces-verbal/sauvegarde`,
    'Sauvegarde des PV',
    ['pv.archiver'],
    {
      resource: 'archives-pv',
      screen: 'page',
      itemLabel: 'Procès-verbal archivé',
      documents: ['proces-verbal'],
    },
  ),
  route(
    EXAMEN,
    `${EXAMEN}/archives-des-proces-verbal/consultations`,
    'Consultation des PV',
    ['pv.consulter'],
    {
      resource: 'archives-pv',
      screen: 'page',
      itemLabel: 'Procès-verbal archivé',
      write: ['pv.archiver'],
    },
  ),
  // Per jury: provisional results, the jury's overrides, the closing with the session's reference
  // (results frozen) and the re-deliberation of a candidate after a dispute; under « Délibérer ».
  route(EXAMEN, `${ADMISSIONS}/resultat-et-pv`, 'Résultats et PV', ['deliberation.deliberer'], {
    resource: 'deliberations',
    screen: 'page',
    itemLabel: 'Délibération',
    actions: {
      deroger: ['deliberation.deliberer'],
      cloturer: ['deliberation.deliberer'],
      redeliberer: ['deliberation.deliberer'],
    },
    // A closed jury's PV, generated from here too (archived under « Sauvegarde des PV »).
    documents: ['proces-verbal'],
  }),
  // Per session: results visible on the public lookup or not, the average shown or not; made
  // visible once every jury of the session has closed (`PUT /api/visibilites-resultats/:sessionId`).
  route(
    EXAMEN,
    `${ADMISSIONS}/visibilite-des-resultats`,
    'Visibilité des résultats',
    ['deliberation.visibilite-resultats'],
    {
      resource: 'visibilites-resultats',
      screen: 'page',
      itemLabel: 'Visibilité des résultats',
    },
  ),
  // The admitted candidates of a session ranked over a filtered set (`GET /api/extraction-admis`),
  // in CSV, XLSX and PDF (document `extraction-admis`, made by the workers).
  route(
    EXAMEN,
    `${ADMISSIONS}/extraction-par-rang-des-admis`,
    'Extraction par rang des admis',
    ['admis.extraire-par-rang'],
    // The deliberated results (`/api/resultats`) are read here; they are written by the deliberation.
    {
      resource: 'resultats',
      screen: 'page',
      itemLabel: 'Résultat',
      documents: ['extraction-admis'],
    },
  ),
  // Pass rates per métier, centre de dépôt, département, zone, sexe, catégorie and type de handicap
  // (`GET /api/statistiques-admissions`), from the frozen results.
  route(EXAMEN, `${ADMISSIONS}/statistiques`, 'Statistiques des admissions', [
    'deliberation.deliberer',
    'statistiques.candidats',
  ]),
  // The admitted candidates of the closed deliberations (resource `attestations`, admitted only),
  // each with their attestation and diploma (one page each, by the workers, with the candidate's
  // verification code and its QR code); chosen candidates, or a département or zone merged, in one
  // PDF. Every one of them under « Imprimer les diplômes ».
  route(
    EXAMEN,
    `${ADMISSIONS}/attestations/liste-des-candidats`,
    'Attestations : candidats',
    ['diplome.imprimer'],
    {
      resource: 'attestations',
      scope: { admis: true },
      itemLabel: 'Admis',
      documents: ATTESTATION_DOCUMENTS,
    },
  ),
  route(
    EXAMEN,
    `${ADMISSIONS}/attestations/telechargement-des-attestations`,
    'Téléchargement des attestations',
    ['diplome.imprimer'],
    {
      resource: 'attestations',
      scope: { admis: true },
      screen: 'page',
      itemLabel: 'Admis',
      documents: ATTESTATION_DOCUMENTS,
    },
  ),
  route(
    EXAMEN,
    `${ADMISSIONS}/attestations/telechargement-par-departement`,
    'Attestations par département',
    ['diplome.imprimer'],
    { documents: ATTESTATION_DOCUMENTS },
  ),
  route(
    EXAMEN,
    `${ADMISSIONS}/attestations/telechargement-par-zone`,
    'Attestations par zone',
    ['diplome.imprimer'],
    { documents: ATTESTATION_DOCUMENTS },
  ),
  route(EXAMEN, `${DECISIONS}/ampliations`, 'Ampliations', ['decision.ampliations']),
  route(EXAMEN, `${DECISIONS}/references`, 'Références par département', [
    'decision.references-departement',
  ]),
  // The minister's signature image, deposited version after version (`POST /api/signatures-ministre`).
  route(
    EXAMEN,
    `${DECISIONS}/signature-du-ministre`,
    'Signature du ministre',
    ['decision.deposer-signature'],
    { resource: 'signatures-ministre', screen: 'page', itemLabel: 'Signature du ministre' },
  ),
  // The départements' decisions, prepared, refreshed and signed here (the signature applied, confirmed);
  // their PDF (a draft before signing) downloaded from here and from « Téléchargement des décisions ».
  route(
    EXAMEN,
    `${DECISIONS}/apposer-la-signature-du-ministre`,
    'Apposer la signature du ministre',
    ['decision.apposer-signature'],
    {
      resource: 'decisions-admission',
      screen: 'page',
      itemLabel: 'Décision d’admission',
      documents: ['decision-admission'],
    },
  ),
  // The same references, read where the decisions are prepared; written as above.
  route(
    EXAMEN,
    `${DECISIONS}/reference-dexamen`,
    'Référence d’examen des décisions',
    ['decision.references-departement', 'deliberation.reference'],
    {
      resource: 'references-examen',
      itemLabel: 'Référence d’examen',
      write: ['deliberation.reference'],
    },
  ),
  // Read-only here: whoever downloads reads the decisions; only « Apposer la signature » writes.
  route(
    EXAMEN,
    `${DECISIONS}/telechargement-des-decisions`,
    'Téléchargement des décisions',
    ['decision.telecharger'],
    {
      resource: 'decisions-admission',
      screen: 'page',
      itemLabel: 'Décision d’admission',
      write: ['decision.apposer-signature'],
      documents: ['decision-admission'],
    },
  ),
  route(EXAMEN, `${DECISIONS}/types-visas-des-decisions-dadmission`, 'Types de visas', [
    'decision.types-visas',
  ]),
  route(EXAMEN, `${DECISIONS}/visas-des-decisions-dadmission`, 'Visas des décisions', [
    'decision.visas',
  ]),

  // Rapports statistiques
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

  // Configuration
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
  config('examen-session/sites-de-composition', 'Sites de composition', 'sites-composition'),
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

/** Every route's id, checked by the compiler wherever a screen or a link names one. */
export type RouteId = (typeof ROUTES)[number]['id'];

/** Each configuration list with a screen serves its route's records. */
export const DASHBOARD_ROUTES: readonly (DashboardRoute & { readonly id: RouteId })[] = ROUTES.map(
  (r) => {
    const list = REFERENCE_LISTS.find((l) => l.path === r.path);
    return list && !r.resource
      ? { ...r, resource: list.name, itemLabel: list.itemLabel, screen: 'resource' as const }
      : r;
  },
);

export const routeById = (id: RouteId): DashboardRoute =>
  DASHBOARD_ROUTES.find((r) => r.id === id)!;

const normalize = (path: string): string =>
  path
    .split(/[?#]/)[0]!
    .replace(/^\/?tableau-de-bord(?=\/|$)/, '')
    .replace(/^\/+|\/+$/g, '');

export const routeForResource = (resource: string): DashboardRoute | undefined =>
  DASHBOARD_ROUTES.find((r) => r.resource === resource);

/**
 * The route a dashboard path belongs to: the route itself, or for a record's screens
 * (`configuration/metiers/123/show`) the list route it lives under. Trailing slashes are ignored;
 * the path may carry the `/tableau-de-bord` prefix.
 */
export const routeForPath = (path: string): DashboardRoute | undefined => {
  const normalized = normalize(path);
  const exact = DASHBOARD_ROUTES.find((r) => r.path === normalized);
  if (exact) return exact;
  return DASHBOARD_ROUTES.filter(
    (r) => r.resource && r.path !== '' && normalized.startsWith(`${r.path}/`),
  ).sort((a, b) => b.path.length - a.path.length)[0];
};

/** Whether a path is a dashboard path (`/tableau-de-bord` and below). */
export const isDashboardPath = (path: string): boolean =>
  /^\/tableau-de-bord(\/|$)/.test(path.split(/[?#]/)[0]!);

/** May a user holding `held` open this route? A route without permissions is any signed-in user's. */
export const canOpen = (held: ReadonlySet<string>, r: DashboardRoute): boolean =>
  r.permissions.length === 0 || allows(held, r.permissions);

/** Reading, writing or deleting a route's records, or one of its named actions. */
export type Access = 'read' | 'write' | 'remove' | { readonly action: string };

/** What a command or query on a route's records requires. */
export const requirementFor = (r: DashboardRoute, access: Access): readonly string[] => {
  const write = r.write ?? r.permissions;
  if (access === 'read')
    return [
      ...new Set([
        ...r.permissions,
        ...write,
        ...(r.remove ?? []),
        ...Object.values(r.actions ?? {}).flat(),
      ]),
    ];
  if (access === 'write') return write;
  if (access === 'remove') return r.remove ?? write;
  return r.actions?.[access.action] ?? write;
};

/**
 * Permissions of which a user needs any to read a resource through the API: anyone who may open a
 * route listing it, or act on it.
 */
export const resourceRequirement = (resource: string, access: Access): readonly string[] => {
  const routes = DASHBOARD_ROUTES.filter((r) => r.resource === resource);
  if (routes.length === 0) {
    // A list managed from another screen (filières, corps de métiers) carries its own.
    return REFERENCE_LISTS.find((l) => l.name === resource)?.permissions ?? [];
  }
  return [...new Set(routes.flatMap((r) => requirementFor(r, access)))];
};

/** Routes producing a kind of document, for the documents' own checks. */
export const documentRequirement = (kind: string): readonly string[] => {
  const routes = DASHBOARD_ROUTES.filter((r) => r.documents?.includes(kind));
  return [...new Set(routes.flatMap((r) => requirementFor(r, 'read')))];
};
