import { join } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { referencesCollection } from '@examens-pro/domain';
import { DirectoryDocumentStorage, documentsDirectory, EVENTS_FILE } from '@examens-pro/platform';
import { generateLog } from './generate.js';
import {
  buildProduct,
  Child,
  cleanRebuild,
  copyEventStore,
  crashSeed,
  documentCount,
  eventConsumers,
  eventTypeCounts,
  figures,
  openEvents,
  openReadModels,
  CheckpointWatcher,
  Random,
  readModelDigest,
  scratch,
  uncovered,
  waitUntil,
} from './harness.js';
import { writeLog } from './memoryLog.js';

const INITIAL_EVENTS = Number(process.env.CRASH_CATCHUP_EVENTS ?? 30_000);
const KILLS = Number(process.env.CRASH_CATCHUP_KILLS ?? 10);

/**
 * The projections process (projections/dist/main.js, on the embedded mode's SQLite stores) follows
 * the log while this test appends commands through the product's command handlers; it is killed
 * with SIGKILL at random instants and restarted at once. Once the appends stop and it has caught
 * up, every read model must equal a clean rebuild on a copy, and the usage counts must count every
 * reference once (as many `references` documents as the commands made references).
 */
describe('crash: live catch-up killed while commands are appended', () => {
  const seed = crashSeed();
  const base = scratch('rattrapage');
  const live = join(base, 'vivant');
  const clean = join(base, 'propre');

  beforeAll(() => buildProduct());

  it(`ends equal to a clean rebuild after ${KILLS} kills, every reference counted once (seed ${seed})`, async () => {
    const started = Date.now();
    const generatorStore = openReadModels(join(base, 'generateur'));
    const { log, runner } = await generateLog({
      targetEvents: INITIAL_EVENTS,
      seed,
      readStore: generatorStore,
      storage: new DirectoryDocumentStorage(documentsDirectory(live, {})),
    });
    await writeLog(join(live, EVENTS_FILE), log.events);

    // The appender: the same stories, now through the SQLite event store the child reads.
    const events = openEvents(live);
    const watcher = new CheckpointWatcher(live);
    runner.scope.eventStore = events;
    runner.pause = async () => void (await yieldToEventLoop());
    let appending = true;
    const appender = (async () => {
      while (appending) await runner.round();
    })();

    const random = new Random(seed);
    const instants: number[] = [];
    let kills = 0;
    try {
      while (kills < KILLS) {
        const child = new Child('projections/dist/main.js', { DATA_DIR: live });
        const at = Math.round(random.between(300, 5000));
        await child.running(at);
        if (!(await child.kill()))
          throw new Error(`Le processus des projections s’est arrêté seul :\n${child.lastLines()}`);
        kills += 1;
        instants.push(at);
      }
    } finally {
      appending = false;
      await appender;
    }
    const head = await events.headPosition();
    const last = new Child('projections/dist/main.js', { DATA_DIR: live });
    const caughtUp = await waitUntil(
      async () => last.printed('Projections démarrées') && (await watcher.at(head)),
      300_000,
      250,
    );
    const catchUpMs = Date.now() - last.startedAt;
    const exit = await last.stop();
    await watcher.close();
    if (!caughtUp) console.log(`[crash] projections :\n${last.lastLines()}`);
    expect(caughtUp).toBe(true);
    expect(exit).toBe(0);

    const counts = await eventTypeCounts(events);
    expect(uncovered(eventConsumers(events), counts)).toEqual([]);
    await events.close();

    await copyEventStore(live, clean);
    await cleanRebuild(clean);
    const [after, reference] = [await readModelDigest(live), await readModelDigest(clean)];

    // Usage counts: one `references` document per reference the commands made, none twice.
    const readModels = openReadModels(live);
    const rows = await readModels
      .collection(referencesCollection)
      .group({ by: ['resource', 'itemId'] });
    await readModels.close();
    const counted = Object.fromEntries(
      rows.map((row) => [`${row.key.resource}|${row.key.itemId}`, row.count]),
    );
    const expected = Object.fromEntries([...runner.scope.expectedUsages()].sort());

    figures('rattrapage', {
      tués: `${kills}/${KILLS}`,
      instants_ms: instants,
      événements_initiaux: log.events.length,
      événements_ajoutés_pendant: Number(head) - log.events.length,
      rattrapage_final_ms: catchUpMs,
      collections_comparées: Object.keys(reference.collections).length,
      documents: documentCount(reference),
      éléments_référencés: Object.keys(expected).length,
      références: Object.values(expected).reduce((a, b) => a + b, 0),
      durée_s: Math.round((Date.now() - started) / 1000),
    });
    await generatorStore.close();
    expect(after).toEqual(reference);
    expect(counted).toEqual(expected);
  });
});
