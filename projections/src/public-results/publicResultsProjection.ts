import {
  PUBLIC_RESULTS_EVENT_TYPES,
  PUBLIC_RESULTS_PROJECTION,
  publicResultDocumentsAfter,
  publicResultKeysOf,
  publicResultsCollection,
  type PublicResultDocument,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';

/**
 * `resultats_publics`, the collection the public lookup reads, one document per numéro de
 * candidat and date of birth: the juries' frozen results and the re-deliberated ones. Whether a
 * session's results show is read at lookup time (« Visibilité des résultats »), so that hiding
 * them again takes effect at once.
 */
export const publicResultsProjection: Projection = {
  name: PUBLIC_RESULTS_PROJECTION,
  version: 1,
  collections: [publicResultsCollection],
  eventTypes: PUBLIC_RESULTS_EVENT_TYPES,
  async apply(event, context) {
    const stored = new Map<string, PublicResultDocument | null>();
    for (const key of publicResultKeysOf(event))
      stored.set(key, await context.get<PublicResultDocument>(publicResultsCollection, key));
    for (const { id, doc } of publicResultDocumentsAfter(event, (key) => stored.get(key) ?? null)) {
      if (doc) context.put(publicResultsCollection, doc);
      else context.delete(publicResultsCollection, id);
    }
  },
};
