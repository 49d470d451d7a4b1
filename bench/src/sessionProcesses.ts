import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { round } from './machine.js';

/**
 * The national session's phases that run the product as a process of its own, on the story's data
 * folder: the read models' files (size, deletion before a cold start), the processes' peak memory
 * from /proc, and the rebuild of every read model (`projections:rebuild`) with its figures per
 * projection.
 */

/** Files of the data folder that hold the event log, the sessions or the secret: never read models. */
const NOT_READ_MODELS = /^(events|sessions)\.db(-wal|-shm|-journal)?$/;

/**
 * The read models' SQLite files in `dataDir` (every `*.db` with its `-wal` and `-shm` but the
 * event log's and the sessions'): however many files the read store spreads them over.
 */
export const readModelFiles = (dataDir: string): string[] =>
  readdirSync(dataDir)
    .filter((name) => /\.db(-wal|-shm|-journal)?$/.test(name) && !NOT_READ_MODELS.test(name))
    .map((name) => join(dataDir, name));

/** Their bytes, in total and per file. */
export const readModelBytes = (dataDir: string) => {
  const files = Object.fromEntries(
    readModelFiles(dataDir).map((file) => [file.slice(dataDir.length + 1), statSync(file).size]),
  );
  return { bytes: Object.values(files).reduce((a, b) => a + b, 0), files };
};

/** Deletes the read models (the product then rebuilds every one from the log as it starts). */
export const deleteReadModels = (dataDir: string) => {
  for (const file of readModelFiles(dataDir)) rmSync(file, { force: true });
};

/** A process's peak resident memory (VmHWM, MB), or null once it is gone. */
export const peakMemoryMb = (pid: number): number | null => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
    return Number.isFinite(kb) ? round(kb / 1024, 0) : null;
  } catch {
    return null;
  }
};

/** A process's CPU time so far (user and system, seconds), from /proc/<pid>/stat; 0 once gone. */
export const cpuSeconds = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};

/** Samples a process's VmHWM every 200 ms (it only grows): the last value read is its peak. */
export const watchPeakMemory = (pid: number) => {
  let peak = peakMemoryMb(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, peakMemoryMb(pid) ?? 0);
  }, 200);
  return {
    stop: () => {
      clearInterval(timer);
      peak = Math.max(peak, peakMemoryMb(pid) ?? 0);
      return peak;
    },
  };
};

export interface RebuiltProjection {
  readonly projection: string;
  readonly seconds: number;
  /** The log's events read per second (every projection reads the whole log). */
  readonly eventsPerSecond: number;
}

/**
 * `node embedded/dist/rebuild.js` (`npm run projections:rebuild`) on `dataDir`, every read model
 * from zero: each projection's time, as it prints it, made into events of the log per second.
 */
export const rebuildAllProcess = async (dataDir: string, events: number) => {
  const child = spawn(process.execPath, [resolve(__dirname, '../../embedded/dist/rebuild.js')], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const memory = watchPeakMemory(child.pid!);
  const started = performance.now();
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  const seconds = round((performance.now() - started) / 1000);
  const peakMb = memory.stop();
  if (code !== 0) throw new Error(`Reconstruction en échec (code ${code}) : ${output}`);
  const projections: RebuiltProjection[] = [];
  for (const match of output.matchAll(/Projection « (.+?) » reconstruite .*? en (\d+) ms/g)) {
    const ms = Math.max(1, Number(match[2]));
    projections.push({
      projection: match[1]!,
      seconds: round(ms / 1000),
      eventsPerSecond: round(events / (ms / 1000), 0),
    });
  }
  return { seconds, peakMb, projections };
};
