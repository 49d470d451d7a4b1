import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, round } from './machine.js';
import { startServer } from './server.js';

/**
 * One request on a kept-alive connection. The load generator shares the machine's two cores with
 * the product: `fetch` (undici) spends about five times the CPU of `node:http` per request (measured
 * here: 62 % of a core against 13 % at the same rate), which the product's latency then paid for.
 */
export const send = (
  agent: Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; json: unknown }> =>
  new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method, agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
            });
          } catch (error) {
            reject(error as Error);
          }
        });
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });

/**
 * Command latency at 20 concurrent clients, over HTTP against the embedded process: each client
 * creates a métier then modifies it with If-Match, in a loop (a fifth creations, four fifths
 * modifications). Creations and modifications are also reported apart (a creation appends twice:
 * the code's reservation, then the métier).
 */
export const benchCommands = async (options: {
  clients: number;
  durationMs: number;
  port: number;
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cmd-'));
  const server = await startServer(dir, options.port);
  const latencies: number[] = [];
  const creations: number[] = [];
  const modifications: number[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: options.clients });
  const statuses: Record<string, number> = {};
  const deadline = Date.now() + options.durationMs;
  const client = async (n: number): Promise<void> => {
    let i = 0;
    while (Date.now() < deadline) {
      let started = performance.now();
      const created = await send(
        agent,
        `${server.url}/api/metiers`,
        'POST',
        server.headers({ 'content-type': 'application/json' }),
        JSON.stringify({ code: `B-${n}-${i}`, libelle: `Métier de mesure ${n} ${i}` }),
      );
      latencies.push(performance.now() - started);
      creations.push(latencies[latencies.length - 1]!);
      statuses[created.status] = (statuses[created.status] ?? 0) + 1;
      const { id, revision } = created.json as { id: string; revision: number };
      let version = revision;
      for (let k = 0; k < 4 && Date.now() < deadline; k += 1) {
        started = performance.now();
        const modified = await send(
          agent,
          `${server.url}/api/metiers/${id}`,
          'PUT',
          server.headers({ 'content-type': 'application/json', 'if-match': `W/"${version}"` }),
          JSON.stringify({ code: `B-${n}-${i}`, libelle: `Métier de mesure ${n} ${i} v${k}` }),
        );
        latencies.push(performance.now() - started);
        modifications.push(latencies[latencies.length - 1]!);
        statuses[modified.status] = (statuses[modified.status] ?? 0) + 1;
        version = (modified.json as { revision: number }).revision;
      }
      i += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.clients }, (_, n) => client(n)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
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
    creations: { p50Ms: round(percentile(creations, 50)), p99Ms: round(percentile(creations, 99)) },
    modifications: {
      p50Ms: round(percentile(modifications, 50)),
      p99Ms: round(percentile(modifications, 99)),
    },
    client: 'node:http, connexions gardées ouvertes',
  };
};
