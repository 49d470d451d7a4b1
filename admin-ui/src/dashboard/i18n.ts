import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import { DASHBOARD_ROUTES } from '@examens-pro/domain';

/**
 * Each screen's names (one item |||| the list) as the route table says them: react-admin's default
 * titles and its "Pas encore de …" read them. The screens' field labels come from their
 * declarations (kit), not from here.
 */
const resourceNames = Object.fromEntries(
  DASHBOARD_ROUTES.filter((route) => route.resource && route.itemLabel).map((route) => [
    route.path,
    { name: `${route.itemLabel} |||| ${route.label}` },
  ]),
);

const messages = {
  ...frenchMessages,
  resources: {
    ...resourceNames,
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
