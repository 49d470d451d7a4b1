import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_TIME_ZONE, type ReadModelDocument } from '@examens-pro/domain';
import {
  EVENTS_FILE,
  InProcessJobQueue,
  reservationsReactor,
  SqliteEventStore,
  SqliteReadStore,
  type EventStore,
  type Projection,
} from '@examens-pro/platform';
import {
  personListsReactor,
  allocationReactor,
  admissionDecisionsReactor,
} from '@examens-pro/application';
import { allProjections } from '@examens-pro/projections';
import { documentsReactor } from '@examens-pro/workers';

/** The repository's root: entry points run from their built JavaScript (`<package>/dist`). */
export const ROOT = resolve(__dirname, '../../..');
export const READ_MODELS_FILE = 'read-models.db';

/** Compiles the workspace (`tsc -b`) under the shared lock of heavy jobs; a no-op when up to date. */
export const buildProduct = (): void => {
  // `npm test` compiles the workspace just before (scripts/test.mjs sets CRASH_BUILT=1).
  if (process.env.CRASH_BUILT === '1') return;
  const locked = spawnSync('flock', ['/tmp/examens-heavy.lock', '-c', 'npx tsc -b'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const status =
    locked.error !== undefined
      ? spawnSync('npx', ['tsc', '-b'], { cwd: ROOT, stdio: 'inherit' }).status
      : locked.status;
  if (status === 0) return;
  // tsc -b still emits what compiles; a type error elsewhere must not hide a crash test's figures.
  const entries = ['embedded/dist/rebuild.js', 'projections/dist/main.js', 'workers/dist/main.js'];
  if (!entries.every((entry) => existsSync(join(ROOT, entry))))
    throw new Error('Compilation (tsc -b) en échec : les tests de panne ont besoin de dist/.');
  console.warn(
    '*** tsc -b signale des erreurs : les tests de panne utilisent ce qui a été émis ***',
  );
};

/** A fresh folder for one scenario's data directories. */
export const scratch = (name: string): string => {
  const base = join(process.env.CRASH_DIR ?? tmpdir(), 'examens-crash');
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, `${name}-`));
};

/** The seed of the random instants and of the generated data: CRASH_SEED replays a run. */
export const crashSeed = (): number =>
  Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 1_000_000_000) + 1);

/** Deterministic pseudo-random numbers (xorshift32) from a seed. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 0x1_0000_0000;
  }
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Polls `check` until it is true; false after `timeoutMs`. */
export const waitUntil = async (
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  intervalMs = 100,
): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(intervalMs);
  }
};

/** A real entry point running as a child process. */
export class Child {
  readonly process: ChildProcess;
  readonly exited: Promise<number | null>;
  readonly startedAt = Date.now();
  private readonly output: string[] = [];
  exitCode: number | null | undefined;

  constructor(
    readonly script: string,
    env: Record<string, string>,
    args: readonly string[] = [],
  ) {
    this.process = spawn(process.execPath, [join(ROOT, script), ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString().split('\n').filter(Boolean));
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    this.process.stdout!.on('data', keep);
    this.process.stderr!.on('data', keep);
    this.exited = new Promise((done) =>
      this.process.once('exit', (code, signal) => {
        this.exitCode = signal ? null : code;
        done(this.exitCode);
      }),
    );
  }

  get alive(): boolean {
    return this.exitCode === undefined;
  }

  /** Resolves after `ms`, or as soon as the process ends (no timer left behind). */
  async running(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([new Promise((done) => (timer = setTimeout(done, ms))), this.exited]);
    clearTimeout(timer);
  }

  /** SIGKILL: true when the process was still running (a crash), false when it had ended already. */
  async kill(): Promise<boolean> {
    if (!this.alive) return false;
    this.process.kill('SIGKILL');
    await this.exited;
    return true;
  }

  /** SIGTERM, then SIGKILL after `graceMs`; the exit code. */
  async stop(graceMs = 15_000): Promise<number | null> {
    if (this.alive) {
      this.process.kill('SIGTERM');
      const timer = setTimeout(() => this.process.kill('SIGKILL'), graceMs);
      await this.exited;
      clearTimeout(timer);
    }
    return this.exitCode ?? null;
  }

  /** Whether the process printed a line containing `text`. */
  printed(text: string): boolean {
    return this.output.some((line) => line.includes(text));
  }

  lastLines(count = 20): string {
    return this.output.slice(-count).join('\n');
  }
}

/** `projections:rebuild` (embedded/dist/rebuild.js) on `dataDir`, to its end; throws unless it exits 0. */
export const cleanRebuild = async (dataDir: string): Promise<number> => {
  const child = new Child('embedded/dist/rebuild.js', { DATA_DIR: dataDir });
  const code = await child.exited;
  if (code !== 0)
    throw new Error(`Reconstruction de référence en échec (code ${code}) :\n${child.lastLines()}`);
  return Date.now() - child.startedAt;
};

/** A consistent copy of the event store of `fromDir` into `toDir` (SQLite online backup). */
export const copyEventStore = async (fromDir: string, toDir: string): Promise<void> => {
  mkdirSync(toDir, { recursive: true });
  const source = new Database(join(fromDir, EVENTS_FILE), { readonly: true });
  try {
    await source.backup(join(toDir, EVENTS_FILE));
  } finally {
    source.close();
  }
};

export const openEvents = (dataDir: string): SqliteEventStore => {
  mkdirSync(dataDir, { recursive: true });
  return new SqliteEventStore({ filename: join(dataDir, EVENTS_FILE) });
};

export const openReadModels = (dataDir: string): SqliteReadStore => {
  mkdirSync(dataDir, { recursive: true });
  return new SqliteReadStore(join(dataDir, READ_MODELS_FILE));
};

/**
 * What reads the log in the product: every projection registered (`allProjections()`) and the
 * reactors the embedded product and the workers run.
 */
export const eventConsumers = (eventStore: EventStore): Projection[] => [
  ...allProjections(),
  documentsReactor(new InProcessJobQueue()),
  reservationsReactor(eventStore),
  personListsReactor(eventStore, { timeZone: DEFAULT_TIME_ZONE }),
  allocationReactor(eventStore),
  admissionDecisionsReactor(eventStore),
];

/** Events per type in the whole log. */
export const eventTypeCounts = async (eventStore: EventStore): Promise<Map<string, number>> => {
  const counts = new Map<string, number>();
  let position = '0';
  for (;;) {
    const batch = await eventStore.readAll({ fromPosition: position, maxCount: 10_000 });
    for (const event of batch) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
    if (batch.length < 10_000) return counts;
    position = batch[batch.length - 1]!.position;
  }
};

/** Projections and reactors that no event of the log reaches: each needs sample commands. */
export const uncovered = (consumers: readonly Projection[], counts: Map<string, number>) =>
  consumers
    .filter((p) => !p.eventTypes.some((type) => (counts.get(type) ?? 0) > 0))
    .map((p) => p.name);

/** Events each consumer receives (the figures printed). */
export const coverage = (consumers: readonly Projection[], counts: Map<string, number>) =>
  Object.fromEntries(
    consumers.map((p) => [p.name, p.eventTypes.reduce((sum, t) => sum + (counts.get(t) ?? 0), 0)]),
  );

const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
};

export interface ReadModelDigest {
  /** Collection → `<documents>:<sha-256 of every document, sorted by id>`. */
  readonly collections: Record<string, string>;
  /** Projection → checkpoint position. */
  readonly checkpoints: Record<string, string | null>;
}

/**
 * Every read-model collection of every registered projection, hashed. Nothing is left out: the
 * projections write no clock, random or process-dependent value (times come from event metadata,
 * versions from stream revisions). Leases (owner, expiry) are process state, not read models, and
 * are not compared.
 */
export const readModelDigest = async (dataDir: string): Promise<ReadModelDigest> => {
  const store = openReadModels(dataDir);
  try {
    const collections: Record<string, string> = {};
    const checkpoints: Record<string, string | null> = {};
    for (const projection of allProjections()) {
      checkpoints[projection.name] = (await store.getCheckpoint(projection.name))?.position ?? null;
      for (const definition of projection.collections) {
        const hash = createHash('sha256');
        let count = 0;
        for await (const doc of store.collection<ReadModelDocument>(definition).stream({
          sort: [{ field: 'id', order: 'ASC' }],
          batchSize: 5000,
        })) {
          hash.update(`${JSON.stringify(canonical(doc))}\n`);
          count += 1;
        }
        collections[definition.name] = `${count}:${hash.digest('hex')}`;
      }
    }
    return { collections, checkpoints };
  } finally {
    await store.close();
  }
};

/** Documents in all compared collections. */
export const documentCount = (digest: ReadModelDigest): number =>
  Object.values(digest.collections).reduce((sum, v) => sum + Number(v.split(':')[0]), 0);

/**
 * Watches the checkpoints of a data directory's read store through one connection opened once (a
 * store opened at every poll would write its schema and statistics each time beside the child).
 */
export class CheckpointWatcher {
  private readonly store: SqliteReadStore;

  constructor(dataDir: string) {
    this.store = openReadModels(dataDir);
  }

  /** Whether every projection's checkpoint has reached `head`. */
  async at(head: string): Promise<boolean> {
    for (const projection of allProjections()) {
      const checkpoint = await this.store.getCheckpoint(projection.name);
      if (!checkpoint || BigInt(checkpoint.position) < BigInt(head)) return false;
    }
    return true;
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}

/** One line of figures in the CI output. */
export const figures = (scenario: string, values: Record<string, unknown>): void => {
  console.log(
    `[crash] ${scenario} — ${Object.entries(values)
      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(', ')}`,
  );
};
