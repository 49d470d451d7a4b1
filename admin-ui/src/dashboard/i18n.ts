import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import { REFERENCE_LISTS } from '@examens-pro/domain';

/** Each reference list's names and field labels, from its definition (titles, columns, filters). */
const listMessages = Object.fromEntries(
  REFERENCE_LISTS.filter((list) => list.path).map((list) => [
    list.path!,
    {
      name: `${list.itemLabel} |||| ${list.label}`,
      fields: {
        code: 'Code',
        libelle: 'Libellé',
        ...Object.fromEntries(list.fields.map((field) => [field.name, field.label])),
        actif: 'Actif',
        creeLe: 'Créé le',
        creePar: 'Créé par',
        modifieLe: 'Modifié le',
        modifiePar: 'Modifié par',
        q: 'Rechercher',
      },
    },
  ]),
);

const userFields = {
  nom: 'Nom',
  prenoms: 'Prénoms',
  login: 'Identifiant (e-mail)',
  telephone: 'Téléphone',
  profilId: 'Profil',
  actif: 'Actif',
  is_change_password: 'Mot de passe',
  motDePasse: 'Mot de passe provisoire',
  confirmationMotDePasse: 'Confirmation du mot de passe provisoire',
  creeLe: 'Créé le',
  creePar: 'Créé par',
  modifieLe: 'Modifié le',
  modifiePar: 'Modifié par',
  q: 'Rechercher',
};

const messages = {
  ...frenchMessages,
  resources: {
    ...listMessages,
    'configuration/metiers': {
      name: 'Métier |||| Métiers',
      fields: {
        code: 'Code',
        libelle: 'Libellé',
        actif: 'Actif',
        creeLe: 'Créé le',
        creePar: 'Créé par',
        modifieLe: 'Modifié le',
        modifiePar: 'Modifié par',
        q: 'Rechercher',
      },
    },
    'utilisateurs-profils/utilisateurs': {
      name: 'Utilisateur |||| Utilisateurs',
      fields: userFields,
    },
    'utilisateurs-profils/enroleur': {
      name: 'Enrôleur |||| Enrôleurs',
      fields: { ...userFields, centreDepotId: 'Centre de dépôt' },
    },
    'configuration/examen-session/session': {
      name: 'Session |||| Sessions',
      fields: {
        libelle: 'Libellé',
        examenId: 'Examen',
        annee: 'Année',
        ouvertureInscriptions: 'Ouverture des inscriptions',
        clotureInscriptions: 'Clôture des inscriptions',
        debutComposition: 'Début de la composition',
        finComposition: 'Fin de la composition',
        statut: 'Étape',
        actif: 'Actif',
        creeLe: 'Créé le',
        creePar: 'Créé par',
        modifieLe: 'Modifié le',
        modifiePar: 'Modifié par',
        q: 'Rechercher',
      },
    },
    'utilisateurs-profils/profils': {
      name: 'Profil |||| Profils',
      fields: {
        libelle: 'Libellé',
        permissions: 'Permissions',
        nombrePermissions: 'Nombre de permissions',
        creeLe: 'Créé le',
        creePar: 'Créé par',
        modifieLe: 'Modifié le',
        modifiePar: 'Modifié par',
        q: 'Rechercher',
      },
    },
    'utilisateurs-profils/journal-des-connexions': {
      name: 'Entrée du journal |||| Journal des connexions',
      fields: {
        date: 'Date',
        login: 'Identifiant',
        type: 'Type',
        motif: 'Détail',
        adresseIp: 'Adresse IP',
        navigateur: 'Navigateur',
        q: 'Rechercher',
      },
    },
    'mon-compte': {
      name: 'Mon compte',
      fields: {
        nom: 'Nom',
        prenoms: 'Prénoms',
        login: 'Identifiant (e-mail)',
        telephone: 'Téléphone',
        profil: 'Profil',
      },
    },
  },
  app: {
    accueil: 'Accueil du tableau de bord',
    bienvenue: 'Bienvenue dans Examens Pro',
    historique: 'Historique',
    details: 'Détails',
    aucunHistorique: 'Aucun historique.',
    desactiver: 'Désactiver',
    reactiver: 'Réactiver',
    desactive: 'Élément désactivé.',
    reactive: 'Élément réactivé.',
    confirmerDesactivation:
      'Désactiver « %{name} » ? Il ne pourra plus être choisi dans les listes.',
    confirmerReactivation: 'Réactiver « %{name} » ?',
    statut: 'Statut',
    actifs: 'Actifs',
    inactifs: 'Inactifs',
    tous: 'Tous',
  },
};

export const i18nProvider = polyglotI18nProvider(
  () => messages,
  'fr',
  [{ locale: 'fr', name: 'Français' }],
  {
    allowMissing: true,
  },
);
