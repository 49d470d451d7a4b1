import {
  ADMISSION_DECISION_EVENT_TYPES,
  decisionDocumentAfter,
  decisionsCollection,
  DECISIONS_PROJECTION,
  MINISTER_SIGNATURE_EVENT_TYPES,
  MINISTER_SIGNATURES_PROJECTION,
  ministerSignaturesCollection,
  MINISTER_SIGNATURE_ID,
  signatureDocumentAfter,
  type AdmissionDecisionEvent,
  type DecisionDocument,
  type RecordedEvent,
  type SignatureDocument,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';
import { ALREADY_SEEN, documentBefore } from '../support.js';

/** « Signature du ministre »: the current version and every deposit (one stream, one document). */
export const ministerSignaturesProjection: Projection = {
  name: MINISTER_SIGNATURES_PROJECTION,
  version: 1,
  collections: [ministerSignaturesCollection],
  eventTypes: MINISTER_SIGNATURE_EVENT_TYPES,
  async apply(event, context) {
    const current = await documentBefore<SignatureDocument>(
      context,
      ministerSignaturesCollection,
      MINISTER_SIGNATURE_ID,
      event,
    );
    if (current === ALREADY_SEEN) return;
    context.put(ministerSignaturesCollection, signatureDocumentAfter(current, event));
  },
};

/** The admission decisions: one document per département's version, from its own stream. */
export const admissionDecisionsProjection: Projection = {
  name: DECISIONS_PROJECTION,
  version: 1,
  collections: [decisionsCollection],
  eventTypes: ADMISSION_DECISION_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<AdmissionDecisionEvent>;
    const current = await documentBefore<DecisionDocument>(
      context,
      decisionsCollection,
      event.data.decisionId,
      event,
    );
    if (current === ALREADY_SEEN) return;
    // A later event of a decision whose first was never seen (cannot happen: one stream, in order).
    if (current === null && event.type !== 'AdmissionDecisionPrepared') return;
    context.put(decisionsCollection, decisionDocumentAfter(current, event));
  },
};
