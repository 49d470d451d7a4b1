import { afterAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { DirectoryDocumentStorage } from '@examens-pro/platform';
import { eventLoopWatch } from '../testing/eventLoop.js';
import { pdfText } from '../testing/pdfText.js';
import { renderListDocument, type ListDocumentOptions } from './listDocument.js';
import { closeRenderThreads, renderListDocumentOffThread } from './renderThread.js';

interface Row {
  code: string;
  libelle: string;
  actif: boolean;
}

async function* rows(n: number, failAt?: number): AsyncGenerator<Row> {
  for (let i = 1; i <= n; i += 1) {
    if (i === failAt) throw new Error('lecture des métiers impossible');
    yield {
      code: `M${String(i).padStart(5, '0')}`,
      libelle: `Métier numéro ${i}`,
      actif: i % 7 > 0,
    };
  }
}

const options = (n: number, progress: number[], failAt?: number): ListDocumentOptions<Row> => ({
  title: 'Liste des métiers',
  editedAt: new Date(Date.UTC(2026, 10, 22, 8, 5)),
  // Printed in the office's time zone (UTC+1), on either thread.
  timeZone: 'Africa/Douala',
  total: n,
  rows: rows(n, failAt),
  columns: [
    { header: 'Code', width: 0.2, value: (r) => r.code },
    { header: 'Libellé', width: 0.6, value: (r) => r.libelle },
    { header: 'Statut', width: 0.2, value: (r) => (r.actif ? 'Actif' : 'Inactif') },
  ],
  onProgress: (p) => {
    progress.push(p);
  },
});

const render = async (
  renderer: typeof renderListDocument,
  n: number,
  failAt?: number,
): Promise<{ pages: number; pdf: Buffer; progress: number[] }> => {
  const out = new PassThrough();
  const bytes = buffer(out);
  const progress: number[] = [];
  const { pages } = await renderer(out, options(n, progress, failAt));
  if (!out.writableEnded) out.end();
  return { pages, pdf: await bytes, progress };
};

afterAll(closeRenderThreads);

describe('printed list rendered in a worker thread', () => {
  it('is the same document as rendered on the main thread, with its progress', async () => {
    const inThread = await render(renderListDocument, 300);
    const offThread = await render(renderListDocumentOffThread, 300);
    expect(offThread.pages).toBe(inThread.pages);
    expect(offThread.pages).toBeGreaterThan(5);
    expect(pdfText(offThread.pdf)).toEqual(pdfText(inThread.pdf));
    expect(pdfText(offThread.pdf)[0]).toContain('Édité le 22/11/2026 à 09 h 05');
    expect(offThread.progress).toEqual(inThread.progress);
    // A second document reuses the thread.
    expect((await render(renderListDocumentOffThread, 3)).pages).toBe(1);
  });

  it('fails when its rows cannot be read, and the next document renders', async () => {
    await expect(render(renderListDocumentOffThread, 2000, 1200)).rejects.toThrow(
      'lecture des métiers impossible',
    );
    const next = await render(renderListDocumentOffThread, 10);
    expect(next.pages).toBe(1);
    expect(pdfText(next.pdf)[0]).toContain('M00010');
  });

  it('keeps the event loop answering during a 2,000-page list, stored with its SHA-256', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rendu-'));
    try {
      const storage = new DirectoryDocumentStorage(dir);
      const progress: number[] = [];
      const watch = eventLoopWatch();
      let pages = 0;
      // About 43 rows fill a page.
      const stored = await storage.write('longue.pdf', async (out) => {
        pages = (await renderListDocumentOffThread(out, options(2000 * 43 + 10, progress))).pages;
      });
      const loop = watch.stop();
      expect(pages).toBeGreaterThanOrEqual(2000);
      const file = readFileSync(join(dir, 'longue.pdf'));
      expect(stored).toEqual({
        size: file.length,
        sha256: createHash('sha256').update(file).digest('hex'),
      });
      expect(readdirSync(dir)).toEqual(['longue.pdf']);
      expect(progress.length).toBeGreaterThanOrEqual(15);
      expect(loop.ms).toBeGreaterThan(1000);
      expect(loop.p95).toBeLessThan(50);
      expect(loop.longest).toBeLessThan(1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
