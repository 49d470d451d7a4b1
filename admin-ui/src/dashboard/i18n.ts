import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';

const messages = {
  ...frenchMessages,
  resources: {
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
