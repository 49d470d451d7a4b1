import {
  ATTESTATION_PROJECTION_EVENT_TYPES,
  ATTESTATIONS_PROJECTION,
  attestationCandidatesOf,
  attestationDocumentsAfter,
  attestationsCollection,
  type AttestationDocument,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';

/**
 * « Attestations : candidats »: one document per deliberated candidate — the frozen result (from
 * the juries' streams), the verification code (the candidate's attestation stream) and the prints
 * (the documents' print records). Fed by several streams, it relies on its checkpoint; each change
 * sets values (a print is counted once per document), so a redelivered event changes nothing.
 */
export const attestationsProjection: Projection = {
  name: ATTESTATIONS_PROJECTION,
  // 2: the public verifications' counts per day; 3: the deliberation's closing (`delibereLe`).
  version: 3,
  collections: [attestationsCollection],
  eventTypes: ATTESTATION_PROJECTION_EVENT_TYPES,
  async apply(event, context) {
    const stored = new Map<string, AttestationDocument | null>();
    for (const id of attestationCandidatesOf(event))
      if (!stored.has(id))
        stored.set(id, await context.get<AttestationDocument>(attestationsCollection, id));
    for (const doc of attestationDocumentsAfter(event, (id) => stored.get(id) ?? null)) {
      stored.set(doc.id, doc);
      context.put(attestationsCollection, doc);
    }
  },
};
