import {
  BULK_EVENT_TYPES,
  BULK_PROJECTION,
  bulkCollection,
  bulkDocumentAfter,
  bulkResultRows,
  bulkResultsCollection,
  type BulkChunkApplied,
  type BulkDocument,
  type BulkEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';

/**
 * The actions in bulk on dossiers and their progress (`GET /api/lots-candidatures/:id`), and each
 * dossier's outcome (`GET /api/resultats-lots-candidatures?filter={"lotId":…}`).
 */
export const bulkProjection: Projection = {
  name: BULK_PROJECTION,
  version: 1,
  collections: [bulkCollection, bulkResultsCollection],
  eventTypes: BULK_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<BulkEvent>;
    const current = await context.get<BulkDocument>(bulkCollection, event.data.lotId);
    // Delivered twice: the documents already reflect it.
    if (current && current.version >= event.revision) return;
    const next = bulkDocumentAfter(current, event);
    if (!next) return;
    context.put<BulkDocument>(bulkCollection, next);
    if (event.type === 'LotCandidaturesTrancheAppliquee')
      for (const row of bulkResultRows(event as RecordedEvent<BulkChunkApplied>))
        context.put(bulkResultsCollection, row);
  },
};
