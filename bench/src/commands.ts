import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, round } from './machine.js';
import { startServer } from './server.js';

/**
 * Command latency at 20 concurrent clients, over HTTP against the embedded process: each client
 * creates a métier then modifies it with If-Match, in a loop (a fifth creations, four fifths modifications).
 */
export const benchCommands = async (options: {
  clients: number;
  durationMs: number;
  port: number;
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cmd-'));
  const server = await startServer(dir, options.port);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const deadline = Date.now() + options.durationMs;
  const client = async (n: number): Promise<void> => {
    let i = 0;
    while (Date.now() < deadline) {
      let started = performance.now();
      const created = await fetch(`${server.url}/api/metiers`, {
        method: 'POST',
        headers: server.headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ code: `B-${n}-${i}`, libelle: `Métier de mesure ${n} ${i}` }),
      });
      latencies.push(performance.now() - started);
      statuses[created.status] = (statuses[created.status] ?? 0) + 1;
      const { id, revision } = (await created.json()) as { id: string; revision: number };
      let version = revision;
      for (let k = 0; k < 4 && Date.now() < deadline; k += 1) {
        started = performance.now();
        const modified = await fetch(`${server.url}/api/metiers/${id}`, {
          method: 'PUT',
          headers: server.headers({
            'content-type': 'application/json',
            'if-match': `W/"${version}"`,
          }),
          body: JSON.stringify({
            code: `B-${n}-${i}`,
            libelle: `Métier de mesure ${n} ${i} v${k}`,
          }),
        });
        latencies.push(performance.now() - started);
        statuses[modified.status] = (statuses[modified.status] ?? 0) + 1;
        version = ((await modified.json()) as { revision: number }).revision;
      }
      i += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.clients }, (_, n) => client(n)));
  const seconds = (performance.now() - started) / 1000;
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  return {
    clients: options.clients,
    commands: latencies.length,
    statuses,
    commandsPerSecond: round(latencies.length / seconds, 0),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(Math.max(...latencies)),
  };
};
