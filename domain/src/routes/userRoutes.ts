/** « Utilisateurs & profils ». */
import { route } from './routeDeclaration.js';

export const USER_ROUTES = [
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
];
