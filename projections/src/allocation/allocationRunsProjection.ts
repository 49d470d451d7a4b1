import {
  ALLOCATION_RUN_EVENT_TYPES,
  ALLOCATION_RUNS_PROJECTION,
  allocationRunDocumentAfter,
  allocationRunsCollection,
  type AllocationRunDocument,
  type AllocationRunEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';

/** The automatic allocations and their progress (`GET /api/affectations-automatiques/:id`). */
export const allocationRunsProjection: Projection = {
  name: ALLOCATION_RUNS_PROJECTION,
  version: 1,
  collections: [allocationRunsCollection],
  eventTypes: ALLOCATION_RUN_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<AllocationRunEvent>;
    const current = await context.get<AllocationRunDocument>(
      allocationRunsCollection,
      event.data.runId,
    );
    // Delivered twice: the document already reflects it.
    if (current && current.version >= event.revision) return;
    const next = allocationRunDocumentAfter(current, event);
    if (next) context.put<AllocationRunDocument>(allocationRunsCollection, next);
  },
};
