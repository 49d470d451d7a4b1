import {
  PV_ARCHIVE_EVENT_TYPES,
  pvArchiveDocumentsAfter,
  pvArchivesCollection,
  PV_ARCHIVES_PROJECTION,
  pvVersionId,
  type PvArchiveDocument,
  type PvArchiveEvent,
  type RecordedEvent,
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
