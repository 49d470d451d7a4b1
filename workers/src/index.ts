import { GENERATE_DOCUMENT_JOB } from '@examens-pro/domain';
import type { JobQueue } from '@examens-pro/platform';
import { generateDocument, type DocumentDeps } from './processors/generateDocument.js';
import { reconcileDocuments, type ReconcileOptions } from './reconcile.js';

export * from './pdf/listDocument.js';
export * from './pdf/metiersList.js';
export * from './pdf/renderThread.js';
export * from './processors/generateDocument.js';
export * from './reactors/documentsReactor.js';
export * from './reconcile.js';

/**
 * Starts the job processors, then re-enqueues what a previous run left unfinished (after removing
 * its partial files).
 */
export const startWorkers = async (
  deps: DocumentDeps & {
    readonly queue: JobQueue;
    readonly concurrency?: number;
    readonly reconcile?: ReconcileOptions;
  },
): Promise<number> => {
  await deps.queue.work(
    { [GENERATE_DOCUMENT_JOB]: generateDocument(deps) },
    { concurrency: deps.concurrency ?? 1 },
  );
  return reconcileDocuments(deps, deps.reconcile);
};
