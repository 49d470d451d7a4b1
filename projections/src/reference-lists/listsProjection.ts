import {
  assertNever,
  LIST_ITEM_EVENT_TYPES,
  LIST_PROJECTION,
  listCollection,
  referenceList,
  REFERENCE_LISTS,
  type ListItemDocument,
  type ListItemEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';
import { ALREADY_SEEN, createdStamp, documentBefore, stampOf } from '../support.js';

/**
 * Every reference list, one collection each. Fed by one stream per document: an event not newer
 * than the document is skipped. A new list changes `collections`, which rebuilds the projection.
 */
export const listsProjection: Projection = {
  name: LIST_PROJECTION,
  version: 1,
  collections: REFERENCE_LISTS.map(listCollection),
  eventTypes: LIST_ITEM_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<ListItemEvent>;
    const list = referenceList(event.data.list);
    if (!list) return;
    const collection = listCollection(list);
    const id = event.data.itemId;
    const current = await documentBefore<ListItemDocument>(context, collection, id, event);
    if (current === ALREADY_SEEN) return;
    const stamp = stampOf(event);
    switch (event.type) {
      case 'ListItemCreated':
      case 'ListItemModified': {
        const { code, libelle, values } = event.data;
        context.put(collection, {
          ...(current ?? {}),
          ...values,
          id,
          code,
          libelle,
          actif: current?.actif ?? true,
          ...createdStamp(current, event),
          ...stamp,
        } satisfies ListItemDocument);
        return;
      }
      case 'ListItemDeactivated':
      case 'ListItemReactivated':
        if (current)
          context.put(collection, {
            ...current,
            actif: event.type === 'ListItemReactivated',
            ...stamp,
          });
        return;
      case 'ListItemDeleted':
        context.delete(collection, id);
        return;
      default:
        assertNever(event);
    }
  },
};
