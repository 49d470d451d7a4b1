import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  documentJobId,
  GENERATE_DOCUMENT_JOB,
  LIST_PROJECTION,
  listCollection,
  referenceList,
  SYSTEM_ACTOR,
  type ListItemDocument,
} from '@examens-pro/domain';
import {
  DirectoryDocumentStorage,
  InProcessJobQueue,
  SqliteEventStore,
  SqliteReadStore,
  toEnvelopes,
  type WriteOperation,
} from '@examens-pro/platform';
import { closeRenderThreads } from '../pdf/renderThread.js';
import { eventLoopWatch } from '../testing/eventLoop.js';
import { generateDocument, type GenerateDocumentData } from './generateDocument.js';

const TEST_KEY = 'cle-de-certificat-de-test-cle-de-certificat';

/**
 * About 43 rows fill a page: 400 pages here (the 2,000-page list is rendered in
 * `workers/src/pdf/renderThread.int.spec.ts` from generated rows; here the rows come from a real read store).
 */
const ROWS = 400 * 43 + 10;

let dir: string;
let eventStore: SqliteEventStore;
let readStore: SqliteReadStore;
let queue: InProcessJobQueue;

const metiersCollection = listCollection(referenceList('metiers')!);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'generate-'));
  eventStore = new SqliteEventStore({ filename: join(dir, 'events.db') });
  readStore = new SqliteReadStore(join(dir, 'read.db'));
  queue = new InProcessJobQueue();
  // The métiers read model, written as its projection would, up to the request's position.
  await readStore.ensureCollection(metiersCollection);
  const at = '2026-11-22T09:05:00.000Z';
  for (let start = 0; start < ROWS; start += 10_000) {
    const operations: WriteOperation[] = [];
    for (let i = start; i < Math.min(ROWS, start + 10_000); i += 1) {
      const doc: ListItemDocument = {
        id: `m-${i}`,
        version: 0,
        code: `M${String(i).padStart(6, '0')}`,
        libelle: `Métier numéro ${i} — Électricité bâtiment`,
        filiereId: null,
        corpsDeMetierId: null,
        actif: i % 7 > 0,
        creeLe: at,
        creePar: 'Système',
        modifieLe: at,
        modifiePar: 'Système',
      };
      operations.push({ collection: metiersCollection.name, type: 'put', doc });
    }
    await readStore.write({ operations });
  }
}, 120_000);
afterAll(async () => {
  await queue.close();
  await closeRenderThreads();
  await eventStore.close();
  await readStore.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('document generation (worker)', () => {
  it('renders a long list off the main thread: timers and progress answer meanwhile, the SHA-256 matches', async () => {
    const documentId = 'liste-longue';
    const request = await eventStore.appendToStream(
      `documents-${documentId}`,
      toEnvelopes([{ type: 'DocumentRequested', data: { documentId, kind: 'liste-metiers' } }], {
        commandId: 'demande-longue',
        actor: SYSTEM_ACTOR,
        now: new Date().toISOString(),
      }),
    );
    await readStore.write({
      operations: [],
      checkpoint: { projection: LIST_PROJECTION, position: request.position, version: 'test' },
    });
    const [requested] = await eventStore.readStream(`documents-${documentId}`);
    const storage = new DirectoryDocumentStorage(join(dir, 'documents'));
    await queue.work({
      [GENERATE_DOCUMENT_JOB]: generateDocument({
        eventStore,
        readStore,
        storage,
        certificateKey: TEST_KEY,
      }),
    });

    // The main thread's event loop watched, and the job's progress read as the screen would.
    const watch = eventLoopWatch();
    const progress: number[] = [];
    const reader = setInterval(() => {
      void queue.getJob(documentJobId(documentId)).then((job) => {
        if (job && job.progress !== progress[progress.length - 1]) progress.push(job.progress);
      });
    }, 10);
    const started = performance.now();
    const data: GenerateDocumentData = {
      documentId,
      kind: 'liste-metiers',
      requestEventId: requested!.id,
      requestPosition: requested!.position,
    };
    await queue.enqueue(GENERATE_DOCUMENT_JOB, documentJobId(documentId), data);
    let events = await eventStore.readStream(`documents-${documentId}`);
    while (events.length < 2 && performance.now() - started < 90_000) {
      await new Promise((r) => setTimeout(r, 20));
      events = await eventStore.readStream(`documents-${documentId}`);
    }
    clearInterval(reader);
    const loop = watch.stop();

    const outcome = events[1];
    expect(outcome?.type).toBe('DocumentGenerated');
    const recorded = outcome!.data as { sha256: string; size: number; pages: number };
    expect(recorded.pages).toBeGreaterThanOrEqual(400);
    const file = readFileSync(join(dir, 'documents', `${documentId}.pdf`));
    expect(recorded.size).toBe(file.length);
    expect(recorded.sha256).toBe(createHash('sha256').update(file).digest('hex'));
    expect(readdirSync(join(dir, 'documents'))).toEqual([`${documentId}.pdf`]);

    // Progress was read while rendering (a blocked loop answers nothing until the end: 0, then 100).
    expect(progress.filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(5);
    expect(loop.p95).toBeLessThan(50);
    expect(loop.longest).toBeLessThan(1000);
  }, 120_000);
});
