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
  type DocumentStorage,
  type EventStore,
  type JobQueue,
  type ReadStore,
} from '@examens-pro/platform';
import { DOCUMENT_ATTEMPTS, type GenerateDocumentData } from './generateDocument.js';

export interface ReconcileOptions {
  /** One wait for the documents projection; logged, then waited again, when it is not enough. */
  readonly waitMs?: number;
  /** Beyond this, reconciliation gives up with an error rather than read a stale view. */
  readonly maxWaitMs?: number;
  readonly log?: (message: string) => void;
}

/**
 * At start-up: first, the partial files left by a writer killed mid-document are removed (see
 * `DocumentStorage.removeAbandonedPartials`); then every document requested without an outcome is
 * enqueued again (the job id makes it a no-op where the job is still kept). With the in-process
 * queue, this is what makes a restart lose nothing. The requests are read from the documents
 * projection once it has reached the log's head: never from a stale view, which would miss them.
 */
export const reconcileDocuments = async (
  deps: {
    eventStore: EventStore;
    readStore: ReadStore;
    queue: JobQueue;
    storage: DocumentStorage;
  },
  options: ReconcileOptions = {},
): Promise<number> => {
  const log = options.log ?? ((message: string) => console.warn(message));
  const removed = await deps.storage.removeAbandonedPartials();
  if (removed.length > 0)
    log(`Documents : ${removed.length} fichier(s) partiel(s) abandonné(s) supprimé(s).`);

  const head = await deps.eventStore.headPosition();
  const started = Date.now();
  const maxWaitMs = options.maxWaitMs ?? 30 * 60_000;
  while (
    !(await waitForProjections(deps.readStore, ['documents'], head, options.waitMs ?? 30_000))
  ) {
    const waited = Math.round((Date.now() - started) / 1000);
    if (Date.now() - started >= maxWaitMs)
      throw new Error(
        `Réconciliation des documents abandonnée : la projection « documents » n’a pas atteint la position ${head} en ${waited} s.`,
      );
    log(
      `Réconciliation des documents : la projection « documents » n’a pas encore atteint la position ${head} (${waited} s), nouvelle attente.`,
    );
  }
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
