import {
  PERSON_LIST_EVENT_TYPES,
  PERSON_LISTS_PROJECTION,
  personListDocumentAfter,
  personListsCollection,
  type PersonListDocument,
  type PersonListEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';

/** The lists of agents applied and their progress (`GET /api/listes-candidats/:id`). */
export const personListsProjection: Projection = {
  name: PERSON_LISTS_PROJECTION,
  version: 1,
  collections: [personListsCollection],
  eventTypes: PERSON_LIST_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<PersonListEvent>;
    const current = await context.get<PersonListDocument>(
      personListsCollection,
      event.data.listeId,
    );
    // Delivered twice: the document already reflects it.
    if (current && current.version >= event.revision) return;
    const next = personListDocumentAfter(current, event);
    if (next) context.put<PersonListDocument>(personListsCollection, next);
  },
};
