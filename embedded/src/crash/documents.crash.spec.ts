import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  DOCUMENT_CATEGORY,
  documentDecider,
  streamName,
  type DocumentGenerated,
} from '@examens-pro/domain';
import {
  DirectoryDocumentStorage,
  documentsDirectory,
  EVENTS_FILE,
  handleCommand,
  newItemId,
} from '@examens-pro/platform';
import { generateLog } from './generate.js';
import {
  buildProduct,
  Child,
  crashSeed,
  figures,
  openEvents,
  openReadModels,
  CheckpointWatcher,
  Random,
  scratch,
  sleep,
  waitUntil,
} from './harness.js';
import { writeLog } from './memoryLog.js';

const METIER_EVENTS = Number(process.env.CRASH_DOCUMENTS_EVENTS ?? 100_000);
const REQUESTS = Number(process.env.CRASH_DOCUMENTS_REQUESTS ?? 8);
const KILLS = Number(process.env.CRASH_DOCUMENTS_KILLS ?? 10);

/**
 * The workers process (workers/dist/main.js: documents reactor and job processors, on the embedded
 * mode's SQLite stores, beside a projections process) is killed with SIGKILL while it renders a long
 * "Liste des métiers" (tens of thousands of métiers), then let to finish: every request ends with
 * exactly one `DocumentGenerated`, each file matches its SHA-256 and size, and the documents folder
 * holds nothing else (no partial file).
 */
describe('crash: documents worker killed mid-job', () => {
  const seed = crashSeed();
  const base = scratch('documents');
  const dataDir = join(base, 'donnees');
  const folder = documentsDirectory(dataDir, {});

  beforeAll(() => buildProduct());

  it(`every request ends with one DocumentGenerated and its file after ${KILLS} kills (seed ${seed})`, async () => {
    const started = Date.now();
    const generatorStore = openReadModels(join(base, 'generateur'));
    const { log, runner } = await generateLog({
      targetEvents: METIER_EVENTS,
      seed,
      readStore: generatorStore,
      storage: new DirectoryDocumentStorage(folder),
      only: ['métiers'],
    });
    await generatorStore.close();
    await writeLog(join(dataDir, EVENTS_FILE), log.events);

    // The requests, as POST /api/documents makes them.
    const events = openEvents(dataDir);
    const ids: string[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const context = runner.scope.context();
      const documentId = newItemId(context.commandId);
      await handleCommand(events, {
        stream: streamName(DOCUMENT_CATEGORY, documentId),
        decider: documentDecider,
        command: { type: 'RequestDocument', data: { documentId, kind: 'liste-metiers' } },
        context,
      });
      ids.push(documentId);
    }
    const outcomes = async () =>
      Promise.all(
        ids.map(async (id) =>
          (await events.readStream(streamName(DOCUMENT_CATEGORY, id))).filter(
            (e) => e.type !== 'DocumentRequested',
          ),
        ),
      );
    const finished = async () => (await outcomes()).every((o) => o.length > 0);

    const watcher = new CheckpointWatcher(dataDir);
    const projections = new Child('projections/dist/main.js', { DATA_DIR: dataDir });
    const head = await events.headPosition();
    const projected = await waitUntil(() => watcher.at(head), 300_000, 250);
    await watcher.close();
    expect(projected).toBe(true);

    const random = new Random(seed);
    const partial = () => readdirSync(folder).some((f) => !ids.some((id) => f === `${id}.pdf`));
    let kills = 0;
    let whileWriting = 0;
    try {
      while (kills < KILLS) {
        if (await finished()) break;
        const worker = new Child('workers/dist/main.js', { DATA_DIR: dataDir });
        // Mid-job: once a file is being written (a partial file appears), else at a random instant.
        const writing = await waitUntil(partial, 5000, 20);
        await sleep(Math.round(random.between(writing ? 0 : 300, 1500)));
        if (partial()) whileWriting += 1;
        if (!(await worker.kill()))
          throw new Error(
            `Le processus des travailleurs s’est arrêté seul :\n${worker.lastLines()}`,
          );
        kills += 1;
      }
      const worker = new Child('workers/dist/main.js', { DATA_DIR: dataDir });
      const done = await waitUntil(finished, 300_000, 250);
      if (!done) console.log(`[crash] travailleurs :\n${worker.lastLines()}`);
      expect(await worker.stop()).toBe(0);
      expect(done).toBe(true);
    } finally {
      await projections.stop();
    }

    const results = await outcomes();
    const left = readdirSync(folder).filter((f) => !ids.some((id) => f === `${id}.pdf`));
    const files = ids.map((id, i) => {
      const generated = results[i]!.filter((e) => e.type === 'DocumentGenerated');
      const data = generated[0]?.data as DocumentGenerated['data'] | undefined;
      const path = join(folder, `${id}.pdf`);
      const bytes = existsSync(path) ? readFileSync(path) : undefined;
      return {
        outcomes: results[i]!.map((e) => e.type),
        matches:
          !!data &&
          !!bytes &&
          createHash('sha256').update(bytes).digest('hex') === data.sha256 &&
          bytes.length === data.size,
        pages: data?.pages,
      };
    });
    await events.close();
    figures('documents', {
      tués: `${kills}/${KILLS}`,
      tués_pendant_écriture: whileWriting,
      métiers: runner.stories.get('métiers'),
      demandes: REQUESTS,
      pages: files.map((f) => f.pages),
      fichiers_conformes: files.filter((f) => f.matches).length,
      fichiers_en_trop: left,
      durée_s: Math.round((Date.now() - started) / 1000),
    });
    expect(kills).toBe(KILLS);
    expect(files.map((f) => f.outcomes)).toEqual(ids.map(() => ['DocumentGenerated']));
    expect(files.every((f) => f.matches)).toBe(true);
    expect(left).toEqual([]);
  });
});
