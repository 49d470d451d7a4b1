/** « Espace Examen »: marks, presences, disputes, juries, incidents, PV, admissions, decisions. */
import { route } from './routeDeclaration.js';

const EXAMEN = 'espace-examen';
const ADMISSIONS = 'espace-examen/gestion-des-admissions';
const DECISIONS = `${ADMISSIONS}/decision-d-admission`;
/** The documents of the admitted candidates: attestations and diplomas (« Imprimer les diplômes »). */
const ATTESTATION_DOCUMENTS = ['attestations', 'diplomes'];

export const EXAM_ROUTES = [
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
];
