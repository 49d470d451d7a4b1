import {
  documentJobId,
  GENERATE_DOCUMENT_JOB,
  type DocumentRequested,
  type RecordedEvent,
} from '@examens-pro/domain';
import type { JobQueue } from '@examens-pro/platform';
import type { Projection } from '@examens-pro/platform';
import { DOCUMENT_ATTEMPTS, type GenerateDocumentData } from './generateDocument.js';

/**
 * Reactor: each requested document becomes a job, under a deterministic id, so that an event
 * seen twice (at-least-once delivery, a replay) enqueues one job. Runs in the projection runner,
 * which gives it a checkpoint and a lease; it writes no documents of its own.
 */
export const documentsReactor = (queue: JobQueue): Projection => ({
  name: 'reacteur-documents',
  version: 1,
  collections: [],
  eventTypes: ['DocumentRequested'],
  async apply(recorded) {
    const event = recorded as RecordedEvent<DocumentRequested>;
    const data: GenerateDocumentData = {
      documentId: event.data.documentId,
      kind: event.data.kind,
      ...(event.data.cible ? { cible: event.data.cible } : {}),
      requestEventId: event.id,
      requestPosition: event.position,
    };
    await queue.enqueue(GENERATE_DOCUMENT_JOB, documentJobId(event.data.documentId), data, {
      attempts: DOCUMENT_ATTEMPTS,
      backoffMs: 2000,
    });
  },
});
