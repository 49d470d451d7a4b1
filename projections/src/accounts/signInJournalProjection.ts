import {
  SIGN_IN_JOURNAL_EVENT_TYPES,
  signInJournalCollection,
  signInJournalEntry,
  type RecordedEvent,
  type SignInJournalEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';

/**
 * The "Journal des connexions": one line per journal event, under the event's id. Lines never
 * change, so a redelivered event writes the very same line again.
 */
export const signInJournalProjection: Projection = {
  name: 'journal-connexions',
  // A history or statistics: written after the lists when both have events to catch up on.
  background: true,
  // 2: in the histories' file.
  version: 2,
  collections: [signInJournalCollection],
  eventTypes: SIGN_IN_JOURNAL_EVENT_TYPES,
  async apply(recorded, context) {
    context.put(
      signInJournalCollection,
      signInJournalEntry(recorded as RecordedEvent<SignInJournalEvent>),
    );
  },
};
