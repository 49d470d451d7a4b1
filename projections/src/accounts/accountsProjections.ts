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

const stamp = (event: RecordedEvent) => ({
  version: event.revision,
  modifieLe: event.metadata.at,
  modifiePar: event.metadata.actor.name,
});

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
    const current = await context.get<UserDocument>(usersCollection, id);
    if (current && current.version >= event.revision) return;
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
          ...stamp(event),
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
          ...stamp(event),
        });
        return;
      }
      case 'OwnAccountModified': {
        if (!current) return;
        const { nom, prenoms, telephone } = event.data;
        context.put(usersCollection, { ...current, nom, prenoms, telephone, ...stamp(event) });
        return;
      }
      case 'UserDeactivated':
      case 'UserReactivated':
        if (current)
          context.put(usersCollection, {
            ...current,
            actif: event.type === 'UserReactivated',
            ...stamp(event),
          });
        return;
      case 'UserPasswordReset':
      case 'UserPasswordChanged':
        if (current)
          context.put(usersCollection, {
            ...current,
            is_change_password: event.type === 'UserPasswordChanged' ? 1 : 0,
            ...stamp(event),
          });
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
    const current = await context.get<ProfileDocument>(profilesCollection, id);
    if (current && current.version >= event.revision) return;
    switch (event.type) {
      case 'ProfileCreated':
      case 'ProfileModified':
        context.put(profilesCollection, {
          id,
          libelle: event.data.libelle,
          permissions: event.data.permissions,
          nombrePermissions: event.data.permissions.length,
          creeLe: current?.creeLe ?? event.metadata.at,
          creePar: current?.creePar ?? event.metadata.actor.name,
          ...stamp(event),
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
    const current = await context.get<SiteSettingsDocument>(
      siteSettingsCollection,
      SITE_SETTINGS_ID,
    );
    if (current && current.version >= event.revision) return;
    switch (event.type) {
      case 'MaintenanceEnabled':
      case 'MaintenanceDisabled':
        context.put(siteSettingsCollection, {
          id: SITE_SETTINGS_ID,
          maintenance: event.type === 'MaintenanceEnabled',
          message: event.type === 'MaintenanceEnabled' ? event.data.message : '',
          ...stamp(event),
        } satisfies SiteSettingsDocument);
        return;
      default:
        assertNever(event);
    }
  },
};
