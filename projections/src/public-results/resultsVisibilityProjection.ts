import {
  RESULTS_VISIBILITY_EVENT_TYPES,
  RESULTS_VISIBILITY_PROJECTION,
  resultsVisibilityCollection,
  resultsVisibilityDocumentAfter,
  type RecordedEvent,
  type ResultsVisibilityDocument,
  type ResultsVisibilityEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';
import { ALREADY_SEEN, documentBefore } from '../support.js';

/** « Visibilité des résultats »: one document per session (what the public lookup will read). */
export const resultsVisibilityProjection: Projection = {
  name: RESULTS_VISIBILITY_PROJECTION,
  version: 1,
  collections: [resultsVisibilityCollection],
  eventTypes: RESULTS_VISIBILITY_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<ResultsVisibilityEvent>;
    const current = await documentBefore<ResultsVisibilityDocument>(
      context,
      resultsVisibilityCollection,
      event.data.sessionId,
      event,
    );
    if (current === ALREADY_SEEN) return;
    context.put(resultsVisibilityCollection, resultsVisibilityDocumentAfter(event));
  },
};
