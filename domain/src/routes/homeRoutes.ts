/** « Tableau de bord » and « Mon compte »: every signed-in user's. */
import { route } from './routeDeclaration.js';

export const HOME_ROUTES = [
  route('tableau-de-bord', '', 'Accueil', []),
  route('tableau-de-bord', 'informations', 'Informations', []),
  route('mon-compte', 'mon-compte', 'Mon compte', [], { write: ['compte.enregistrer'] }),
];
