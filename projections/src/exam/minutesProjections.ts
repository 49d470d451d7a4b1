import {
  PV_ARCHIVE_EVENT_TYPES,
  pvArchiveDocumentsAfter,
  pvArchivesCollection,
  PV_ARCHIVES_PROJECTION,
  pvVersionId,
  RESULTS_VISIBILITY_EVENT_TYPES,
  RESULTS_VISIBILITY_PROJECTION,
  resultsVisibilityCollection,
  resultsVisibilityDocumentAfter,
  type PvArchiveDocument,
  type PvArchiveEvent,
  type RecordedEvent,
  type ResultsVisibilityDocument,
  type ResultsVisibilityEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';
import { ALREADY_SEEN, documentBefore } from '../support.js';

/**
 * « Consultations des PV »: one document per archived version; a new version becomes the latest,
 * the one before it stays as it was (only no longer the latest).
 */
export const pvArchivesProjection: Projection = {
  name: PV_ARCHIVES_PROJECTION,
  version: 1,
  collections: [pvArchivesCollection],
  eventTypes: PV_ARCHIVE_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<PvArchiveEvent>;
    const { archiveId, numeroVersion } = event.data;
    const current = await documentBefore<PvArchiveDocument>(
      context,
      pvArchivesCollection,
      pvVersionId(archiveId, numeroVersion),
      event,
    );
    if (current === ALREADY_SEEN) return;
    const previous =
      numeroVersion > 1
        ? await context.get<PvArchiveDocument>(
            pvArchivesCollection,
            pvVersionId(archiveId, numeroVersion - 1),
          )
        : null;
    for (const doc of pvArchiveDocumentsAfter(event, previous))
      context.put(pvArchivesCollection, doc);
  },
};

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
