import { GENERATE_DOCUMENT_JOB } from '@examens-pro/domain';
import type { JobQueue } from '@examens-pro/platform';
import { generateDocument, type DocumentDeps } from './documents/generateDocument.js';
import { reconcileDocuments, type ReconcileOptions } from './documents/reconcile.js';

export * from './pdf/listDocument.js';
export * from './reference-lists/metiersList.js';
export * from './pdf/renderThread.js';
export * from './documents/generateDocument.js';
export * from './documents/documentsReactor.js';
export * from './documents/reconcile.js';

export type WorkersDeps = DocumentDeps & {
  readonly queue: JobQueue;
  readonly concurrency?: number;
  readonly reconcile?: ReconcileOptions;
};

/** Starts the job processors (once: each call adds processors). */
export const startProcessors = async (deps: WorkersDeps): Promise<void> =>
  deps.queue.work(
    { [GENERATE_DOCUMENT_JOB]: generateDocument(deps) },
    { concurrency: deps.concurrency ?? 1 },
  );

/**
 * Starts the job processors, then re-enqueues what a previous run left unfinished (after removing
 * its partial files).
 */
export const startWorkers = async (deps: WorkersDeps): Promise<number> => {
  await startProcessors(deps);
  return reconcileDocuments(deps, deps.reconcile);
};
