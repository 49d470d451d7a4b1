import {
  IDENTITY_CORRECTIONS_PROJECTION,
  identityCorrectionDocument,
  identityCorrectionsCollection,
  type CandidatureIdentityCorrected,
  type RecordedEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';

/**
 * « Historique des modifications des identités »: one line per identity correction, under the
 * event's id, written from the event alone (a redelivery writes the same line again).
 */
export const identityCorrectionsProjection: Projection = {
  name: IDENTITY_CORRECTIONS_PROJECTION,
  version: 1,
  collections: [identityCorrectionsCollection],
  eventTypes: ['CandidatureIdentityCorrected'],
  async apply(recorded, context) {
    context.put(
      identityCorrectionsCollection,
      identityCorrectionDocument(recorded as RecordedEvent<CandidatureIdentityCorrected>),
    );
  },
};
