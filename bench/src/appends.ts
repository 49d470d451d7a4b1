import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listItemDecider, streamName, SYSTEM_ACTOR } from '@examens-pro/domain';
import { handleCommand, SqliteEventStore } from '@examens-pro/platform';
import { percentile, round } from './machine.js';

/**
 * The event store's own cost of a command (read the stream, decide, append) at 20 concurrent
 * clients, in one process: durable appends (synchronous=FULL, group commit) beside the store as it
 * was before them (synchronous=NORMAL, one commit per append), in the same run.
 */
export const benchAppends = async (options: { clients: number; durationMs: number }) => {
  const measure = async (durability: 'FULL' | 'NORMAL-sans-groupe') => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-appends-'));
    const store = new SqliteEventStore({ filename: join(dir, 'events.db'), durability });
    const latencies: number[] = [];
    const deadline = Date.now() + options.durationMs;
    let sequence = 0;
    const client = async (n: number): Promise<void> => {
      for (let i = 0; Date.now() < deadline; i += 1) {
        const id = `m-${n}-${i}`;
        for (let k = 0; k < 5 && Date.now() < deadline; k += 1) {
          const started = performance.now();
          await handleCommand(store, {
            stream: streamName('metiers', id),
            decider: listItemDecider,
            command: {
              type: k === 0 ? 'CreateListItem' : 'ModifyListItem',
              data: {
                list: 'metiers',
                itemId: id,
                code: id,
                libelle: k === 0 ? `Métier ${id}` : `v${k}`,
                values: {},
              },
            },
            context: {
              commandId: `c-${(sequence += 1)}`,
              actor: SYSTEM_ACTOR,
              now: new Date().toISOString(),
            },
          });
          latencies.push(performance.now() - started);
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: options.clients }, (_, n) => client(n)));
    const seconds = (performance.now() - started) / 1000;
    const { commits, appends } = store.stats();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    return {
      durability,
      commandsPerSecond: round(latencies.length / seconds, 0),
      p50Ms: round(percentile(latencies, 50), 3),
      p99Ms: round(percentile(latencies, 99), 3),
      appendsPerCommit: round(appends / Math.max(1, commits), 2),
    };
  };
  const before = await measure('NORMAL-sans-groupe');
  const after = await measure('FULL');
  return { clients: options.clients, before, after };
};
