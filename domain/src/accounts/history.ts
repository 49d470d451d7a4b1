import { describeHistory, type HistoryEntry, type HistoryEvent } from '../history/history.js';
import { permissionLabel } from './permissions.js';
import type { ProfileEvent } from './profile.js';
import type { UserEvent } from './user.js';

type UserView = {
  nom?: string;
  prenoms?: string;
  login?: string;
  telephone?: string;
  profilId?: string;
  centreDepotId?: string | null;
  actif?: boolean;
  motDePasse?: string;
};

/** A user's history. Password hashes never appear: only that the password was reset or changed. */
export const userHistory = (events: readonly HistoryEvent[]): HistoryEntry[] =>
  describeHistory<UserView>(events, {
    initial: {},
    apply: (state, event) => {
      const e = event as unknown as UserEvent;
      switch (e.type) {
        case 'UserCreated': {
          const { nom, prenoms, login, telephone, profilId } = e.data;
          return {
            nom,
            prenoms,
            login,
            telephone,
            profilId,
            actif: true,
            motDePasse: 'provisoire',
          };
        }
        case 'UserModified': {
          const { nom, prenoms, login, telephone, profilId } = e.data;
          const centreDepotId = e.data.centreDepotId ?? null;
          return { ...state, nom, prenoms, login, telephone, profilId, centreDepotId };
        }
        case 'OwnAccountModified': {
          const { nom, prenoms, telephone } = e.data;
          return { ...state, nom, prenoms, telephone };
        }
        case 'UserDeactivated':
          return { ...state, actif: false };
        case 'UserReactivated':
          return { ...state, actif: true };
        case 'UserPasswordReset':
          return { ...state, motDePasse: 'provisoire' };
        case 'UserPasswordChanged':
          return { ...state, motDePasse: 'choisi par l’utilisateur' };
        default:
          return state;
      }
    },
    actions: {
      UserCreated: 'Création',
      UserModified: 'Modification',
      OwnAccountModified: 'Modification de son compte',
      UserDeactivated: 'Désactivation',
      UserReactivated: 'Réactivation',
      UserPasswordReset: 'Réinitialisation du mot de passe',
      UserPasswordChanged: 'Changement du mot de passe',
      UserPasswordRehashed: 'Protection du mot de passe renforcée',
    },
    fields: {
      nom: 'Nom',
      prenoms: 'Prénoms',
      login: 'Identifiant',
      telephone: 'Téléphone',
      profilId: 'Profil',
      centreDepotId: 'Centre de dépôt',
      actif: 'Actif',
      motDePasse: 'Mot de passe',
    },
  });

type ProfileView = { libelle?: string; permissions?: string };

export const profileHistory = (events: readonly HistoryEvent[]): HistoryEntry[] =>
  describeHistory<ProfileView>(events, {
    initial: {},
    apply: (state, event) => {
      const e = event as unknown as ProfileEvent;
      switch (e.type) {
        case 'ProfileCreated':
        case 'ProfileModified':
          return {
            libelle: e.data.libelle,
            permissions: e.data.permissions.map(permissionLabel).join(' ; '),
          };
        case 'ProfileDeleted':
          return {};
        default:
          return state;
      }
    },
    actions: {
      ProfileCreated: 'Création',
      ProfileModified: 'Modification',
      ProfileDeleted: 'Suppression',
    },
    fields: { libelle: 'Libellé', permissions: 'Permissions' },
  });
