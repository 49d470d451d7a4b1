import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parentPort } from 'node:worker_threads';
import type { ConvocationPage } from '@examens-pro/domain';
import { renderAttestations, type AttestationPageToDraw } from '../certificates/attestations.js';
import { renderConvocations } from '../allocation/convocations.js';
import { renderListDocument } from './listDocument.js';
import { renderMinutes, type MinutesRow } from '../deliberation/minutesLayout.js';
import type { FromRenderThread, RowsMessage, ToRenderThread } from './renderThread.js';

/**
 * The render thread: lays a printed list out with pdfkit away from the main thread, whose event loop
 * stays free (HTTP, progress, leases). Rows arrive in batches when asked for ("pull"), so a long list
 * never sits whole in memory; the PDF goes back in chunks of about 64 kB, then "done".
 */
const port = parentPort;
if (!port) throw new Error('renderWorker : à lancer dans un worker_thread.');

const post = (message: FromRenderThread, transfer?: ArrayBuffer[]): void =>
  port.postMessage(message, transfer);

let nextRows: ((message: RowsMessage | { type: 'end' }) => void) | undefined;

async function* rows<Row = readonly string[]>(): AsyncGenerator<Row> {
  for (;;) {
    const message = await new Promise<RowsMessage | { type: 'end' }>((resolve) => {
      nextRows = resolve;
      post({ type: 'pull' });
    });
    nextRows = undefined;
    if (message.type === 'end') return;
    yield* message.rows as readonly Row[];
  }
}

const CHUNK = 64 * 1024;

/** pdfkit writes many small pieces: they cross to the main thread gathered, each buffer moved, not copied. */
const output = (): Writable => {
  let parts: Buffer[] = [];
  let size = 0;
  const flush = (): void => {
    if (size === 0) return;
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.length;
    }
    parts = [];
    size = 0;
    post({ type: 'chunk', bytes }, [bytes.buffer]);
  };
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= CHUNK) flush();
      callback();
    },
    final(callback) {
      flush();
      callback();
    },
  });
};

port.on('message', (message: ToRenderThread) => {
  if (message.type !== 'render') {
    nextRows?.(message);
    return;
  }
  void (async () => {
    try {
      const out = output();
      if (message.layout === 'proces-verbal' && message.minutes) {
        const { pages } = await renderMinutes(out, {
          layout: message.minutes,
          editedAt: new Date(message.editedAt),
          timeZone: message.timeZone,
          total: message.total,
          rows: rows<MinutesRow>(),
          onProgress: (percent) => post({ type: 'progress', percent }),
        });
        await finished(out);
        post({ type: 'done', pages });
        return;
      }
      if (message.layout === 'attestations' && message.attestations) {
        const { pages } = await renderAttestations(out, {
          layout: message.attestations,
          total: message.total,
          pages: rows<AttestationPageToDraw>(),
          onProgress: (percent) => post({ type: 'progress', percent }),
        });
        await finished(out);
        post({ type: 'done', pages });
        return;
      }
      if (message.layout === 'convocations') {
        const { pages } = await renderConvocations(out, {
          editedAt: new Date(message.editedAt),
          timeZone: message.timeZone,
          total: message.total,
          toBring: message.toBring ?? [],
          pages: rows<ConvocationPage>(),
          onProgress: (percent) => post({ type: 'progress', percent }),
        });
        await finished(out);
        post({ type: 'done', pages });
        return;
      }
      const { pages } = await renderListDocument<readonly string[]>(out, {
        title: message.title,
        ...(message.subtitle ? { subtitle: message.subtitle } : {}),
        ...(message.sectioned ? { section: (row: readonly string[]) => row[row.length - 1]! } : {}),
        ...(message.rowHeight ? { rowHeight: message.rowHeight } : {}),
        ...(message.signatures ? { signatures: message.signatures } : {}),
        editedAt: new Date(message.editedAt),
        timeZone: message.timeZone,
        total: message.total,
        columns: message.columns.map((column, i) => ({
          header: column.header,
          width: column.width,
          value: (row) => row[i] ?? '',
        })),
        rows: rows(),
        onProgress: (percent) => post({ type: 'progress', percent }),
      });
      await finished(out);
      post({ type: 'done', pages });
    } catch (error) {
      post({ type: 'error', message: (error as Error).message });
    }
  })();
});
