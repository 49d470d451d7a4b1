import {
  EXAM_INCIDENT_CATEGORY,
  EXAM_INCIDENTS_PROJECTION,
  examIncidentDocumentAfter,
  examIncidentsCollection,
  INCIDENT_CATEGORY,
  INCIDENT_EVENT_TYPES,
  INCIDENTS_PROJECTION,
  incidentDocumentAfter,
  incidentsCollection,
  isIncidentOf,
  type CollectionDefinition,
  type IncidentDocumentBase,
  type IncidentEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';
import { ALREADY_SEEN, documentBefore } from '../support.js';

/**
 * The read model of one kind of incident: every kind writes the same events, each in streams of
 * its own category, which this projection keeps.
 */
const incidentsProjectionOf = <Doc extends IncidentDocumentBase>(kind: {
  readonly name: string;
  readonly version: number;
  readonly category: string;
  readonly collection: CollectionDefinition;
  readonly documentAfter: (current: Doc | null, event: RecordedEvent) => Doc | null;
}): Projection => ({
  name: kind.name,
  version: kind.version,
  collections: [kind.collection],
  eventTypes: INCIDENT_EVENT_TYPES,
  async apply(recorded, context) {
    if (!isIncidentOf(kind.category, recorded)) return;
    const event = recorded as RecordedEvent<IncidentEvent>;
    const id = event.data.incidentId;
    const current = await documentBefore<Doc>(context, kind.collection, id, event);
    if (current === ALREADY_SEEN) return;
    const next = kind.documentAfter(current, event);
    if (next) context.put(kind.collection, next);
    else if (current) context.delete(kind.collection, id);
  },
});

/** The registration incidents (« Liste des incidents », « Mes incidents »). */
export const incidentsProjection = incidentsProjectionOf({
  name: INCIDENTS_PROJECTION,
  // 2: who changed it last.
  version: 2,
  category: INCIDENT_CATEGORY,
  collection: incidentsCollection,
  documentAfter: incidentDocumentAfter,
});

/** The exam incidents (« Édition des incidents », « Liste des incidents d’examen »). */
export const examIncidentsProjection = incidentsProjectionOf({
  name: EXAM_INCIDENTS_PROJECTION,
  version: 1,
  category: EXAM_INCIDENT_CATEGORY,
  collection: examIncidentsCollection,
  documentAfter: examIncidentDocumentAfter,
});
