import {
  METIER_EVENT_TYPES,
  metiersCollection,
  type MetierDocument,
  type MetierEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import { assertNever } from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';

/** The `metiers` list. Fed by one stream per document: an event not newer than the document is skipped. */
export const metiersProjection: Projection = {
  name: 'metiers',
  // 2: filière and corps de métier.
  version: 2,
  collections: [metiersCollection],
  eventTypes: METIER_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<MetierEvent>;
    const { metierId } = event.data;
    const current = await context.get<MetierDocument>(metiersCollection, metierId);
    if (current && current.version >= event.revision) return;
    const stamp = {
      version: event.revision,
      modifieLe: event.metadata.at,
      modifiePar: event.metadata.actor.name,
    };
    switch (event.type) {
      case 'MetierCreated':
        context.put(metiersCollection, {
          id: metierId,
          code: event.data.code,
          libelle: event.data.libelle,
          filiereId: event.data.filiereId ?? null,
          corpsDeMetierId: event.data.corpsDeMetierId ?? null,
          actif: true,
          creeLe: event.metadata.at,
          creePar: event.metadata.actor.name,
          ...stamp,
        } satisfies MetierDocument);
        return;
      case 'MetierModified':
        if (current)
          context.put(metiersCollection, {
            ...current,
            code: event.data.code,
            libelle: event.data.libelle,
            filiereId: event.data.filiereId ?? null,
            corpsDeMetierId: event.data.corpsDeMetierId ?? null,
            ...stamp,
          });
        return;
      case 'MetierDeactivated':
        if (current) context.put(metiersCollection, { ...current, actif: false, ...stamp });
        return;
      case 'MetierReactivated':
        if (current) context.put(metiersCollection, { ...current, actif: true, ...stamp });
        return;
      case 'MetierDeleted':
        context.delete(metiersCollection, metierId);
        return;
      default:
        assertNever(event);
    }
  },
};
