import {
  INCIDENT_EVENT_TYPES,
  INCIDENTS_PROJECTION,
  incidentDocumentAfter,
  incidentsCollection,
  type IncidentDocument,
  type IncidentEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';
import { ALREADY_SEEN, documentBefore } from '../support.js';

/** The registration incidents (« Liste des incidents », « Mes incidents »). */
export const incidentsProjection: Projection = {
  name: INCIDENTS_PROJECTION,
  // 2: who changed it last.
  version: 2,
  collections: [incidentsCollection],
  eventTypes: INCIDENT_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<IncidentEvent>;
    const id = event.data.incidentId;
    const current = await documentBefore<IncidentDocument>(context, incidentsCollection, id, event);
    if (current === ALREADY_SEEN) return;
    const next = incidentDocumentAfter(current, event);
    if (next) context.put(incidentsCollection, next);
    else if (current) context.delete(incidentsCollection, id);
  },
};
