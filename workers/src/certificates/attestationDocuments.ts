import type { Writable } from 'node:stream';
import type { AttestationKind, AttestationPage, DocumentTarget } from '@examens-pro/domain';
import {
  officeTimeZone,
  type DocumentStorage,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';
import { attestationSource } from '@examens-pro/application';
import { qrSymbol, type AttestationPageToDraw } from './attestations.js';
import { renderAttestationsOffThread } from '../pdf/renderThread.js';

/** Pages read ahead: the size of the render thread's batches. */
const AHEAD = 500;
/** Symbols computed between two turns of the event loop (HTTP, progress and leases go on). */
const SLICE = 50;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The pages with their QR symbols, one batch read ahead: while the render thread lays out a batch,
 * this thread reads the next one (its codes issued when new) and computes its symbols, so the two
 * cores work at once rather than in turn.
 */
export async function* readAhead(
  pages: AsyncIterable<AttestationPage>,
): AsyncGenerator<AttestationPageToDraw> {
  const source = pages[Symbol.asyncIterator]();
  const next = async (): Promise<AttestationPageToDraw[]> => {
    const batch: AttestationPageToDraw[] = [];
    while (batch.length < AHEAD) {
      const read = await source.next();
      if (read.done) break;
      batch.push({ ...read.value, symbole: qrSymbol(read.value.adresse) });
      if (batch.length % SLICE === 0) await turn();
    }
    return batch;
  };
  let coming = next();
  for (;;) {
    const batch = await coming;
    if (batch.length === 0) return;
    coming = next();
    // Awaited at the next turn; until then its failure must not count as unhandled.
    coming.catch(() => undefined);
    yield* batch;
  }
}

/**
 * A document of attestations or diplomas (chosen candidates, a département or a zone, merged):
 * the pages laid out off the main thread, the codes of those who have none issued as their pages
 * are read, then the record of whom it printed.
 */
export const renderAttestationDocument = async (
  out: Writable,
  deps: { eventStore: EventStore; readStore: ReadStore; storage: DocumentStorage },
  job: {
    readonly documentId: string;
    readonly kind: AttestationKind;
    readonly cible: DocumentTarget | undefined;
    readonly requestEventId: string;
  },
  progress: (percent: number) => Promise<void>,
  /** What the pages print of their electronic signature (under the verification code). */
  mention?: string,
): Promise<{ pages: number; date: Date }> => {
  if (!job.cible) throw new Error('document sans cible');
  const source = await attestationSource(deps, { ...job, cible: job.cible }, officeTimeZone());
  const rendered = await renderAttestationsOffThread(out, {
    layout: mention ? { ...source.layout, mention } : source.layout,
    total: source.total,
    pages: readAhead(source.pages()),
    onProgress: progress,
  });
  await source.recordPrints();
  // The document's own date (its codes' latest issue): its signature's time.
  return { ...rendered, date: new Date(source.layout.creationDate) };
};
