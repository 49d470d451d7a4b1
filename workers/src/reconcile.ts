import {
  DOCUMENT_CATEGORY,
  documentJobId,
  documentsCollection,
  GENERATE_DOCUMENT_JOB,
  streamName,
  type DocumentDocument,
} from '@examens-pro/domain';
import {
  waitForProjections,
  type EventStore,
  type JobQueue,
  type ReadStore,
} from '@examens-pro/platform';
import { DOCUMENT_ATTEMPTS, type GenerateDocumentData } from './processors/generateDocument.js';

/**
 * At start-up, every document requested without an outcome is enqueued again (the job id makes it
 * a no-op where the job is still kept). With the in-process queue, this is what makes a restart
 * lose nothing.
 */
export const reconcileDocuments = async (deps: {
  eventStore: EventStore;
  readStore: ReadStore;
  queue: JobQueue;
}): Promise<number> => {
  await waitForProjections(
    deps.readStore,
    ['documents'],
    await deps.eventStore.headPosition(),
    30_000,
  );
  let enqueued = 0;
  for await (const doc of deps.readStore
    .collection<DocumentDocument>(documentsCollection)
    .stream({ filter: { statut: 'demande' } })) {
    const [requested] = await deps.eventStore.readStream(streamName(DOCUMENT_CATEGORY, doc.id), {
      maxCount: 1,
    });
    if (!requested) continue;
    const data: GenerateDocumentData = {
      documentId: doc.id,
      kind: doc.kind,
      requestEventId: requested.id,
      requestPosition: requested.position,
    };
    if (
      await deps.queue.enqueue(GENERATE_DOCUMENT_JOB, documentJobId(doc.id), data, {
        attempts: DOCUMENT_ATTEMPTS,
        backoffMs: 2000,
      })
    ) {
      enqueued += 1;
    }
  }
  return enqueued;
};
