import { readFileSync } from 'node:fs';
import { round } from './machine.js';
import { startServer } from './server.js';

/**
 * Resident memory of a process, in MiB: now (`VmRSS`), its peak so far (`VmHWM`), and its own
 * memory apart (`RssAnon`: heaps and buffers, without the read store's file pages that SQLite maps
 * into the process and the kernel may drop at any time).
 */
const memoryOf = (pid: number): { rssMiB: number; anonMiB: number; peakMiB: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (key: string): number =>
    round(Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) / 1024, 1);
  return { rssMiB: mib('VmRSS'), anonMiB: mib('RssAnon'), peakMiB: mib('VmHWM') };
};

/**
 * Exports of the whole métiers list over HTTP (CSV, then XLSX), on the read model the rebuild
 * left: rows per second and the server's resident memory (sampled during the export, and the
 * process's peak), which must stay flat however long the list is.
 */
export const benchExports = async (options: { dataDir: string; port: number; rows: number }) => {
  const server = await startServer(options.dataDir, options.port);
  const measure = async (format: 'csv' | 'xlsx') => {
    const before = memoryOf(server.pid);
    let sampledMiB = before.rssMiB;
    let anonMiB = before.anonMiB;
    const sampler = setInterval(() => {
      const now = memoryOf(server.pid);
      sampledMiB = Math.max(sampledMiB, now.rssMiB);
      anonMiB = Math.max(anonMiB, now.anonMiB);
    }, 25);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/metiers/export.${format}`, {
      headers: server.headers(),
    });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} (${format})`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (format === 'csv') for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = memoryOf(server.pid);
    // The CSV proves the export complete: a header line, then one line per document.
    if (format === 'csv' && lines !== options.rows + 1)
      throw new Error(`CSV incomplet : ${lines - 1} lignes pour ${options.rows} documents.`);
    return {
      rows: options.rows,
      seconds: round(seconds),
      rowsPerSecond: round(options.rows / seconds, 0),
      sizeMiB: round(bytes / 2 ** 20, 1),
      rssBeforeMiB: before.rssMiB,
      rssPeakDuringMiB: round(Math.max(sampledMiB, after.rssMiB), 1),
      anonBeforeMiB: before.anonMiB,
      anonPeakDuringMiB: round(Math.max(anonMiB, after.anonMiB), 1),
      processPeakMiB: after.peakMiB,
    };
  };
  const csv = await measure('csv');
  const xlsx = await measure('xlsx');
  await server.stop();
  return { csv, xlsx };
};
