import {
  assertNever,
  MAINTENANCE_EVENT_TYPES,
  PROFILE_EVENT_TYPES,
  profilesCollection,
  siteSettingsCollection,
  SITE_SETTINGS_ID,
  USER_EVENT_TYPES,
  usersCollection,
  type MaintenanceEvent,
  type ProfileDocument,
  type ProfileEvent,
  type RecordedEvent,
  type SiteSettingsDocument,
  type UserDocument,
  type UserEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';
import { ALREADY_SEEN, createdStamp, documentBefore, stampOf } from '../support.js';

/** The `utilisateurs` list: no password hash ever reaches a read model. */
export const usersProjection: Projection = {
  name: 'utilisateurs',
  // 2: enrôleurs (centre de dépôt).
  version: 2,
  collections: [usersCollection],
  eventTypes: USER_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<UserEvent>;
    const id = event.data.utilisateurId;
    const current = await documentBefore<UserDocument>(context, usersCollection, id, event);
    if (current === ALREADY_SEEN) return;
    switch (event.type) {
      case 'UserCreated': {
        const { nom, prenoms, login, telephone, profilId } = event.data;
        const centreDepotId = event.data.centreDepotId ?? null;
        context.put(usersCollection, {
          id,
          centreDepotId,
          enroleur: centreDepotId !== null,
          nom,
          prenoms,
          login,
          telephone,
          profilId,
          actif: true,
          is_change_password: 0,
          creeLe: event.metadata.at,
          creePar: event.metadata.actor.name,
          ...stampOf(event),
        } satisfies UserDocument);
        return;
      }
      case 'UserModified': {
        if (!current) return;
        const { nom, prenoms, login, telephone, profilId } = event.data;
        const centreDepotId = event.data.centreDepotId ?? null;
        context.put(usersCollection, {
          ...current,
          centreDepotId,
          enroleur: centreDepotId !== null,
          nom,
          prenoms,
          login,
          telephone,
          profilId,
          ...stampOf(event),
        });
        return;
      }
      case 'OwnAccountModified': {
        if (!current) return;
        const { nom, prenoms, telephone } = event.data;
        context.put(usersCollection, { ...current, nom, prenoms, telephone, ...stampOf(event) });
        return;
      }
      case 'UserDeactivated':
      case 'UserReactivated':
        if (current)
          context.put(usersCollection, {
            ...current,
            actif: event.type === 'UserReactivated',
            ...stampOf(event),
          });
        return;
      case 'UserPasswordReset':
      case 'UserPasswordChanged':
        if (current)
          context.put(usersCollection, {
            ...current,
            is_change_password: event.type === 'UserPasswordChanged' ? 1 : 0,
            ...stampOf(event),
          });
        return;
      case 'UserPasswordRehashed':
        // Nothing shown changes; the version follows the stream (If-Match).
        if (current) context.put(usersCollection, { ...current, ...stampOf(event) });
        return;
      default:
        assertNever(event);
    }
  },
};

export const profilesProjection: Projection = {
  name: 'profils',
  version: 1,
  collections: [profilesCollection],
  eventTypes: PROFILE_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<ProfileEvent>;
    const id = event.data.profilId;
    const current = await documentBefore<ProfileDocument>(context, profilesCollection, id, event);
    if (current === ALREADY_SEEN) return;
    switch (event.type) {
      case 'ProfileCreated':
      case 'ProfileModified':
        context.put(profilesCollection, {
          id,
          libelle: event.data.libelle,
          permissions: event.data.permissions,
          nombrePermissions: event.data.permissions.length,
          ...createdStamp(current, event),
          ...stampOf(event),
        } satisfies ProfileDocument);
        return;
      case 'ProfileDeleted':
        context.delete(profilesCollection, id);
        return;
      default:
        assertNever(event);
    }
  },
};

/** The site's settings (today: the maintenance switch), one document. */
export const siteSettingsProjection: Projection = {
  name: 'parametres-site',
  version: 1,
  collections: [siteSettingsCollection],
  eventTypes: MAINTENANCE_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<MaintenanceEvent>;
    const current = await documentBefore<SiteSettingsDocument>(
      context,
      siteSettingsCollection,
      SITE_SETTINGS_ID,
      event,
    );
    if (current === ALREADY_SEEN) return;
    switch (event.type) {
      case 'MaintenanceEnabled':
      case 'MaintenanceDisabled':
        context.put(siteSettingsCollection, {
          id: SITE_SETTINGS_ID,
          maintenance: event.type === 'MaintenanceEnabled',
          message: event.type === 'MaintenanceEnabled' ? event.data.message : '',
          ...stampOf(event),
        } satisfies SiteSettingsDocument);
        return;
      default:
        assertNever(event);
    }
  },
};
