import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import {
  CONVOCATION_TO_BRING,
  type AttestationLayout,
  type ConvocationPage,
} from '@examens-pro/domain';
import { officeTimeZone } from '@examens-pro/platform';
import { qrSymbol, type AttestationPageToDraw } from '../certificates/attestations.js';
import type { ListDocumentOptions } from './listDocument.js';
import type { MinutesLayout, MinutesRow } from '../deliberation/minutesLayout.js';

/** Messages to a render thread: one render at a time, its rows on demand. */
export type RowsMessage = { type: 'rows'; rows: readonly unknown[] };
export type ToRenderThread =
  | {
      type: 'render';
      /** A list (default: rows are cells), convocations (rows are pages), or minutes. */
      layout?: 'convocations' | 'proces-verbal' | 'attestations';
      /** Attestations and diplomas: what their pages share (rows are pages). */
      attestations?: AttestationLayout;
      /** Minutes: what they say besides their rows. */
      minutes?: MinutesLayout;
      /** Convocations: what every candidate brings. */
      toBring?: readonly string[];
      title: string;
      subtitle?: string;
      /** Each row's last cell is its part's heading (`section`). */
      sectioned?: boolean;
      rowHeight?: number;
      signatures?: readonly string[];
      editedAt: number;
      timeZone: string;
      total: number;
      columns: readonly { header: string; width: number }[];
    }
  | RowsMessage
  | { type: 'end' };
/** Messages from a render thread. */
export type FromRenderThread =
  | { type: 'pull' }
  | { type: 'progress'; percent: number }
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'done'; pages: number }
  | { type: 'error'; message: string };

/** Rows sent per batch: the cells as text, computed here (a column's `value` is a function). */
const BATCH = 500;
/** An idle render thread is kept this long for the next document, then stopped. */
const IDLE_MS = 30_000;

/**
 * The thread's script: the compiled `renderWorker.js` beside this file (dist). Run from the
 * TypeScript sources (jest), there is none: `sourceWorker.cjs` then compiles the source with
 * @swc/core, as jest does, a development dependency that never ships.
 */
const startThread = (): Worker => {
  const compiled = join(__dirname, 'renderWorker.js');
  const worker = existsSync(compiled)
    ? new Worker(compiled)
    : new Worker(join(__dirname, 'sourceWorker.cjs'), {
        workerData: { entry: join(__dirname, 'renderWorker.ts') },
      });
  // A render listens for its own failures; an idle thread that stops is simply forgotten.
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    const index = idle.findIndex((entry) => entry.worker === worker);
    if (index >= 0) clearTimeout(idle.splice(index, 1)[0]!.timer);
  });
  return worker;
};

const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
const running = new Set<Worker>();

const acquire = (): Worker => {
  const kept = idle.pop();
  if (kept) clearTimeout(kept.timer);
  const worker = kept?.worker ?? startThread();
  // Held while rendering: a job in progress keeps the process alive; an idle thread does not.
  worker.ref();
  running.add(worker);
  return worker;
};

const release = (worker: Worker): void => {
  running.delete(worker);
  worker.unref();
  const timer = setTimeout(() => void worker.terminate(), IDLE_MS);
  timer.unref();
  idle.push({ worker, timer });
};

const discard = (worker: Worker): void => {
  running.delete(worker);
  void worker.terminate();
};

/** Stops every render thread (tests, shutdown); a render in progress fails. */
export const closeRenderThreads = async (): Promise<void> => {
  const workers = [...idle.splice(0).map(({ worker, timer }) => (clearTimeout(timer), worker))];
  workers.push(...running);
  running.clear();
  await Promise.all(workers.map((worker) => worker.terminate()));
};

/**
 * `renderListDocument` in a worker thread: pdfkit's layout never blocks this thread's event loop
 * (a 2,000-page list takes seconds), so HTTP answers, progress and lease renewals go on meanwhile.
 * Rows are read here, from whatever read store, and their cells sent as text in batches the thread
 * asks for; the PDF comes back in chunks written to `out` in order: the document
 * `renderListDocument` makes of the same rows.
 */
export const renderListDocumentOffThread = <Row>(
  out: Writable,
  options: ListDocumentOptions<Row>,
): Promise<{ pages: number }> =>
  renderOffThread(
    out,
    {
      type: 'render',
      title: options.title,
      ...(options.subtitle ? { subtitle: options.subtitle } : {}),
      ...(options.section ? { sectioned: true } : {}),
      ...(options.rowHeight ? { rowHeight: options.rowHeight } : {}),
      ...(options.signatures ? { signatures: options.signatures } : {}),
      editedAt: options.editedAt.getTime(),
      timeZone: options.timeZone ?? officeTimeZone(),
      total: options.total,
      columns: options.columns.map(({ header, width }) => ({ header, width })),
    },
    options.rows,
    (row) => {
      const cells = options.columns.map((column) => column.value(row));
      if (options.section) cells.push(options.section(row));
      return cells;
    },
    options.onProgress,
  );

/** `renderConvocations` in a worker thread, its pages read here and sent in batches. */
export const renderConvocationsOffThread = (
  out: Writable,
  options: {
    readonly editedAt: Date;
    readonly timeZone?: string;
    readonly total: number;
    readonly pages: AsyncIterable<ConvocationPage>;
    readonly onProgress?: (percent: number) => Promise<void>;
  },
): Promise<{ pages: number }> =>
  renderOffThread(
    out,
    {
      type: 'render',
      layout: 'convocations',
      toBring: CONVOCATION_TO_BRING,
      title: 'Convocations',
      editedAt: options.editedAt.getTime(),
      timeZone: options.timeZone ?? officeTimeZone(),
      total: options.total,
      columns: [],
    },
    options.pages,
    (page) => page,
    options.onProgress,
  );

/** `renderMinutes` in a worker thread, its rows read here and sent in batches. */
export const renderMinutesOffThread = (
  out: Writable,
  options: {
    readonly layout: MinutesLayout;
    readonly editedAt: Date;
    readonly timeZone?: string;
    readonly total: number;
    readonly rows: AsyncIterable<MinutesRow>;
    readonly onProgress?: (percent: number) => Promise<void>;
  },
): Promise<{ pages: number }> =>
  renderOffThread(
    out,
    {
      type: 'render',
      layout: 'proces-verbal',
      minutes: options.layout,
      title: options.layout.title,
      editedAt: options.editedAt.getTime(),
      timeZone: options.timeZone ?? officeTimeZone(),
      total: options.total,
      columns: [],
    },
    options.rows,
    (row) => row,
    options.onProgress,
  );

/**
 * `renderAttestations` in a worker thread, its pages read here and sent in batches, each with its
 * QR symbol computed here (the code's mask choice costs about as much as drawing its page) unless
 * it comes with one.
 */
export const renderAttestationsOffThread = (
  out: Writable,
  options: {
    readonly layout: AttestationLayout;
    readonly total: number;
    readonly pages: AsyncIterable<AttestationPageToDraw>;
    readonly onProgress?: (percent: number) => Promise<void>;
  },
): Promise<{ pages: number }> =>
  renderOffThread(
    out,
    {
      type: 'render',
      layout: 'attestations',
      attestations: options.layout,
      title: options.layout.title,
      // Unused: an attestation's dates are its own (the layout's), never the clock's.
      editedAt: 0,
      timeZone: officeTimeZone(),
      total: options.total,
      columns: [],
    },
    options.pages,
    (page): AttestationPageToDraw =>
      page.symbole ? page : { ...page, symbole: qrSymbol(page.adresse) },
    options.onProgress,
  );

const renderOffThread = <Row>(
  out: Writable,
  start: Extract<ToRenderThread, { type: 'render' }>,
  rowsOf: AsyncIterable<Row>,
  toMessage: (row: Row) => unknown,
  onProgress: ((percent: number) => Promise<void> | void) | undefined,
): Promise<{ pages: number }> => {
  const worker = acquire();
  const source = rowsOf[Symbol.asyncIterator]();
  let exhausted = false;

  return new Promise((resolve, reject) => {
    // Progress is reported in order; a failed report fails the render once it is done.
    let progress: Promise<void> = Promise.resolve();
    let progressError: unknown;
    let settled = false;
    const detach = (): void => {
      worker.off('message', onMessage);
      worker.off('error', fail);
      worker.off('exit', onExit);
    };
    function fail(error: unknown): void {
      if (settled) return;
      settled = true;
      detach();
      discard(worker);
      void source.return?.();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
    function onExit(code: number): void {
      fail(new Error(`le rendu du document s’est arrêté (code ${code})`));
    }
    const sendRows = async (): Promise<void> => {
      const rows: unknown[] = [];
      while (!exhausted && rows.length < BATCH) {
        const next = await source.next();
        if (next.done) exhausted = true;
        else rows.push(toMessage(next.value));
      }
      if (settled) return;
      worker.postMessage(
        (rows.length > 0 ? { type: 'rows', rows } : { type: 'end' }) satisfies ToRenderThread,
      );
    };
    function onMessage(message: FromRenderThread): void {
      switch (message.type) {
        case 'pull':
          sendRows().catch(fail);
          break;
        case 'progress':
          progress = progress
            .then(() => onProgress?.(message.percent))
            .catch((error: unknown) => {
              progressError ??= error;
            });
          break;
        case 'chunk':
          out.write(
            Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.length),
          );
          break;
        case 'done':
          settled = true;
          detach();
          release(worker);
          void progress.then(() =>
            progressError === undefined
              ? resolve({ pages: message.pages })
              : reject(progressError as Error),
          );
          break;
        case 'error':
          fail(new Error(message.message));
          break;
      }
    }
    worker.on('message', onMessage);
    worker.on('error', fail);
    worker.on('exit', onExit);
    worker.postMessage(start);
  });
};
