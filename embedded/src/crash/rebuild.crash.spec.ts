import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { DirectoryDocumentStorage, documentsDirectory, EVENTS_FILE } from '@examens-pro/platform';
import { generateLog } from './generate.js';
import {
  buildProduct,
  Child,
  cleanRebuild,
  copyEventStore,
  coverage,
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

const EVENTS = Number(process.env.CRASH_EVENTS ?? 200_000);
const KILLS = Number(process.env.CRASH_REBUILD_KILLS ?? 20);
/** Which process the kills hit: `both` (default), `cli` or `projections` only (to tell failures apart). */
const MODE = process.env.CRASH_REBUILD_MODE ?? 'both';

/**
 * Read models rebuilt over a generated log touching every projection and reactor, the rebuilding
 * process killed with SIGKILL at random instants — `npm run projections:rebuild`
 * (embedded/dist/rebuild.js) and the projections process (projections/dist/main.js) in turn — then
 * let to finish: every read-model collection must equal a clean rebuild's on a copy of the log.
 */
describe('crash: projection rebuild killed at random instants', () => {
  const seed = crashSeed();
  const base = scratch('reconstruction');
  const crashed = join(base, 'tue');
  const clean = join(base, 'propre');

  beforeAll(() => buildProduct());

  it(`ends equal to a clean rebuild after ${KILLS} kills (seed ${seed})`, async () => {
    const started = Date.now();
    const readStore = openReadModels(join(base, 'generateur'));
    const { log, runner, ms } = await generateLog({
      targetEvents: EVENTS,
      seed,
      readStore,
      storage: new DirectoryDocumentStorage(documentsDirectory(crashed, {})),
    });
    await readStore.close();
    await writeLog(join(crashed, EVENTS_FILE), log.events);
    await copyEventStore(crashed, clean);

    const events = openEvents(crashed);
    const counts = await eventTypeCounts(events);
    const consumers = eventConsumers(events);
    figures('reconstruction', {
      événements: log.events.length,
      génération_ms: ms,
      histoires: Object.fromEntries(runner.stories),
      reçus: coverage(consumers, counts),
    });
    await events.close();
    // A projection or reactor that no sample command reaches is not tested: samples.ts needs its aggregate.
    expect(uncovered(consumers, counts)).toEqual([]);

    const cleanMs = await cleanRebuild(clean);
    figures('reconstruction', { reconstruction_propre_ms: cleanMs });
    const head = String(log.events.length);
    const watcher = new CheckpointWatcher(crashed);
    const random = new Random(seed);
    const kills = { cli: 0, projections: 0 };
    const instants: string[] = [];
    let midway = 0;
    // The rebuild command's runs last about as long as the clean one (shorter when it ends first).
    let cliSpan = cleanMs;
    let endedAlone = 0;
    for (let k = 0; k < KILLS;) {
      // Every third kill hits `projections:rebuild` (it starts again from zero each time, anywhere in
      // its run); the others the projections process rebuilding the same read models from the
      // checkpoints the previous run left (as a product started over an unprojected log).
      const cli = MODE === 'cli' || (MODE === 'both' && k % 3 === 0);
      const child = cli
        ? new Child('embedded/dist/rebuild.js', { DATA_DIR: crashed })
        : new Child('projections/dist/main.js', { DATA_DIR: crashed });
      const at = Math.round(
        // The projections process resumes from its checkpoints: short runs, so that most of its
        // kills land before the read models are complete.
        cli
          ? random.between(100, cliSpan)
          : random.between(300, Math.max(3000, (3 * cleanMs) / KILLS)),
      );
      await child.running(at);
      if (!(await child.kill())) {
        // A rebuild that ended well before its instant is run again, with an earlier instant.
        if (cli && child.exitCode === 0 && endedAlone < KILLS) {
          endedAlone += 1;
          cliSpan = Math.min(cliSpan, 0.9 * (Date.now() - child.startedAt));
          continue;
        }
        throw new Error(
          `${child.script} s’est arrêté avant d’être tué (code ${child.exitCode}), après ${k} arrêts (${instants.join(', ')}) :\n${child.lastLines()}`,
        );
      }
      k += 1;
      kills[cli ? 'cli' : 'projections'] += 1;
      instants.push(`${cli ? 'R' : 'P'}${at}`);
      if (!(await watcher.at(head))) midway += 1;
    }
    // Then let it finish: the projections process resumes from what the last kill left.
    const last = new Child('projections/dist/main.js', { DATA_DIR: crashed });
    const finished = await waitUntil(
      async () => last.printed('Projections démarrées') && (await watcher.at(head)),
      Math.max(120_000, 4 * cleanMs),
      250,
    );
    const finishMs = Date.now() - last.startedAt;
    const code = await last.stop();
    await watcher.close();
    if (!finished || code !== 0) console.log(`[crash] projections :\n${last.lastLines()}`);
    expect(finished).toBe(true);
    expect(code).toBe(0);

    const [after, reference] = [await readModelDigest(crashed), await readModelDigest(clean)];
    figures('reconstruction', {
      tués: `${kills.cli + kills.projections}/${KILLS}`,
      dont_reconstruction: kills.cli,
      dont_projections: kills.projections,
      avant_la_fin: midway,
      reconstructions_finies_avant: endedAlone,
      instants_ms: instants,
      reconstruction_propre_ms: cleanMs,
      fin_ms: finishMs,
      collections_comparées: Object.keys(reference.collections).length,
      documents: documentCount(reference),
      durée_s: Math.round((Date.now() - started) / 1000),
    });
    expect(kills.cli + kills.projections).toBe(KILLS);
    expect(after).toEqual(reference);
  });
});
