import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchCommands } from './commands.js';
import { benchList } from './list.js';
import { describeMachine } from './machine.js';
import { benchRebuild } from './rebuild.js';

/**
 * `npm run bench`: the spine's figures against the targets of issue "Foundation I"
 * (command p99 ≤ 50 ms at 20 clients, rebuild ≥ 20,000 events/s, list p95 ≤ 50 ms at 200,000 documents).
 * Sizes can be lowered for a quick run: BENCH_STREAMS, BENCH_EVENTS_PER_STREAM, BENCH_SECONDS.
 */
const main = async (): Promise<void> => {
  const streams = Number(process.env.BENCH_STREAMS ?? 200_000);
  const eventsPerStream = Number(process.env.BENCH_EVENTS_PER_STREAM ?? 5);
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  const machine = describeMachine();
  console.log('Machine :', machine);

  console.log(`Commandes : 20 clients pendant ${seconds} s…`);
  const commands = await benchCommands({ clients: 20, durationMs: seconds * 1000, port: 18_181 });
  console.log(commands);

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  console.log(`Reconstruction : ${streams} métiers × ${eventsPerStream} événements…`);
  const rebuild = await benchRebuild({ dataDir, streams, eventsPerStream });
  console.log(rebuild);

  console.log(`Listes sur ${rebuild.documents} documents…`);
  const list = await benchList({ dataDir, port: 18_182, requests: 400 });
  console.log(list);
  rmSync(dataDir, { recursive: true, force: true });

  const result = {
    suite: 'spine (Foundation I)',
    machine,
    targets: { commandP99Ms: 50, rebuildEventsPerSecond: 20_000, listP95Ms: 50 },
    commands,
    rebuild,
    list,
    verdict: {
      commandP99: commands.p99Ms <= 50,
      rebuild: rebuild.rebuildEventsPerSecond >= 20_000,
      listWithoutQ: list.withoutQ.p95Ms <= 50,
      listWithQ: list.withQ.p95Ms <= 50,
    },
  };
  const out = resolve(__dirname, '../results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'spine.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('Résultats : bench/results/spine.json', result.verdict);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
