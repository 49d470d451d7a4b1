/**
 * The permission catalogue: every permission of seed §6 as a stable code (stored in profiles and
 * events, never renamed) and the French sentence staff read, grouped as in §6. The "Administration"
 * group holds what §6 lacks: the maintenance switch, reading any stream's history and the sign-in
 * journal.
 */
export interface Permission {
  readonly code: string;
  readonly label: string;
}

export interface PermissionGroup {
  readonly key: string;
  readonly label: string;
  readonly permissions: readonly Permission[];
}

const group = (key: string, label: string, entries: Record<string, string>): PermissionGroup => ({
  key,
  label,
  permissions: Object.entries(entries).map(([code, text]) => ({ code, label: text })),
});

export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  group('compte', 'Compte', { 'compte.enregistrer': 'Enregistrer son compte' }),
  group('utilisateurs', 'Profils, utilisateurs et enrôleurs', {
    'profil.enregistrer': 'Enregistrer un profil',
    'profil.supprimer': 'Supprimer un profil',
    'profil.lister': 'Lister les profils',
    'utilisateur.enregistrer': 'Enregistrer un utilisateur',
    'utilisateur.supprimer': 'Supprimer un utilisateur',
    'utilisateur.lister': 'Lister les utilisateurs',
    'enroleur.enregistrer': 'Enregistrer un enrôleur',
    'enroleur.supprimer': 'Supprimer un enrôleur',
    'enroleur.lister': 'Lister les enrôleurs',
  }),
  group('patrons', 'Patrons', {
    'patron.enregistrer': 'Enregistrer un patron',
    'patron.supprimer': 'Supprimer un patron',
    'patron.lister': 'Lister les patrons',
    'apprenti.enregistrer': 'Enregistrer un apprenti',
    'apprenti.lister': 'Lister les apprentis',
  }),
  group('inscription', 'Inscription des candidats', {
    'candidat.enregistrer': 'Enregistrer un candidat',
    'candidat.modifier': 'Modifier un candidat',
    'candidat.supprimer': 'Supprimer un candidat',
    'candidat.lister-inscrits': 'Lister les candidats inscrits',
    'candidat.lister-inscrits-examen': 'Lister les candidats inscrits à un examen',
    'candidat.bilan-pieces': 'Consulter le bilan général de l’état des pièces',
    // Added to §6 by the product: validating and rejecting dossiers and pièces.
    'candidat.valider': 'Valider ou rejeter un dossier de candidature',
  }),
  group('incidents-inscription', 'Incidents d’inscription', {
    'incident-inscription.enregistrer': 'Enregistrer un incident',
    'incident-inscription.supprimer': 'Supprimer un incident',
    'incident-inscription.lister-miens': 'Lister mes incidents',
    'incident-inscription.lister-tous': 'Lister tous les incidents',
    'incident-inscription.changer-statut': 'Changer le statut d’un incident',
  }),
  group('jurys', 'Membres de jury et jurys', {
    'membre-jury.enregistrer': 'Enregistrer un membre de jury',
    'membre-jury.supprimer': 'Supprimer un membre de jury',
    'membre-jury.lister': 'Lister les membres de jury',
    'jury.enregistrer': 'Enregistrer un jury',
    'jury.supprimer': 'Supprimer un jury',
    'jury.lister': 'Lister les jurys',
  }),
  group('notes', 'Notes d’examen', {
    'note.telecharger-fiches': 'Télécharger les fiches de notes',
    'note.importer': 'Importer les notes',
    'note.lister': 'Lister les notes',
    'note.modifier': 'Modifier une note',
    'note.autoriser-importation': 'Autoriser l’importation des notes',
    'note.autoriser-modification': 'Autoriser la modification des notes',
    'note.historique': 'Consulter l’historique des modifications des notes',
  }),
  group('identites', 'Modifications d’identité après l’examen', {
    'identite.modifier': 'Modifier les informations d’identité après l’examen',
    'identite.historique': 'Consulter l’historique des modifications d’identité',
  }),
  group('presences', 'Présences sur le site de composition', {
    'presence.enregistrer': 'Enregistrer les présences',
    'presence.consulter': 'Consulter les présences',
  }),
  group('deliberations', 'Délibérations', {
    'deliberation.deliberer': 'Délibérer',
    'deliberation.visibilite-resultats': 'Gérer la visibilité des résultats',
    'deliberation.reference': 'Enregistrer la référence et la date de délibération',
  }),
  group('proces-verbaux', 'Procès-verbaux', {
    'pv.archiver': 'Archiver les procès-verbaux',
    'pv.consulter': 'Consulter les procès-verbaux archivés',
  }),
  group('incidents-examen', 'Incidents d’examen', {
    'incident-examen.enregistrer': 'Enregistrer un incident d’examen',
    'incident-examen.lister': 'Lister les incidents d’examen',
  }),
  group('decisions', 'Décisions d’admission', {
    'decision.ampliations': 'Gérer les ampliations',
    'decision.references-departement': 'Gérer les références par département',
    'decision.deposer-signature': 'Déposer la signature du ministre',
    'decision.apposer-signature': 'Apposer la signature du ministre',
    'decision.telecharger': 'Télécharger les décisions d’admission',
    'decision.visas': 'Gérer les visas des décisions d’admission',
    'decision.types-visas': 'Gérer les types de visas',
  }),
  group('examen', 'Espace examen', {
    'diplome.imprimer': 'Imprimer les diplômes',
    'admis.extraire-par-rang': 'Extraire les admis par rang',
    'candidat.rechercher': 'Rechercher un candidat',
    'affectation.affecter': 'Affecter les candidats aux sites de composition',
  }),
  group('statistiques', 'Statistiques', {
    'statistiques.candidats': 'Consulter les statistiques des candidats',
    'statistiques.financieres': 'Consulter les statistiques financières',
    'statistiques.par-patron': 'Consulter les statistiques par patron',
    'statistiques.par-metier': 'Consulter les statistiques par métier',
    'statistiques.par-zone-pieces': 'Consulter les statistiques par zone et pièces soumises',
    'statistiques.par-agent': 'Consulter les inscriptions et validations par agent',
  }),
  group('configuration', 'Configuration', {
    'configuration.types-handicap': 'Configurer les types de handicap',
    'configuration.metiers': 'Configurer les métiers',
    'configuration.filieres': 'Configurer les filières',
    'configuration.corps-de-metier': 'Configurer les corps de métier',
    'configuration.centres-composition': 'Configurer les centres de composition',
    'configuration.signataires': 'Configurer les signataires',
    'configuration.sessions': 'Configurer les sessions',
    'configuration.langues': 'Configurer les langues',
    'configuration.types-incidents': 'Configurer les types d’incidents',
    'configuration.niveaux-scolarisation': 'Configurer les niveaux de scolarisation',
    'configuration.examens': 'Configurer les examens',
    'configuration.pieces-justificatives': 'Configurer les pièces justificatives',
    'configuration.centres-depot': 'Configurer les centres de dépôt',
    'configuration.frais-examen': 'Configurer les frais d’examen',
    'configuration.sites-composition': 'Configurer les sites de composition',
    'configuration.centres-examen': 'Configurer les centres d’examen',
    'configuration.epreuves': 'Configurer les épreuves',
    'configuration.types-jurys': 'Configurer les types de jurys',
    'configuration.fonctions-membres-jurys': 'Configurer les fonctions des membres de jurys',
    'configuration.emails-departements': 'Configurer les e-mails par département',
    'configuration.parametres-edition': 'Configurer les paramètres d’édition des inscriptions',
    'configuration.motifs-rejet': 'Configurer les motifs de rejet',
  }),
  group('administration', 'Administration', {
    'administration.maintenance': 'Activer ou désactiver le mode maintenance',
    'administration.historique': 'Consulter l’historique de tout flux d’événements',
    'administration.journal-connexions': 'Consulter le journal des connexions',
  }),
];

export const PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap((g) => g.permissions);

export const PERMISSION_CODES: readonly string[] = PERMISSIONS.map((p) => p.code);

const KNOWN = new Set(PERMISSION_CODES);
export const isPermissionCode = (code: string): boolean => KNOWN.has(code);

export const permissionLabel = (code: string): string =>
  PERMISSIONS.find((p) => p.code === code)?.label ?? code;

export { allows } from '../core/access.js';
