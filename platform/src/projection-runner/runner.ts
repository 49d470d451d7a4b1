import { createHash, randomUUID } from 'node:crypto';
import { comparePositions } from '@examens-pro/domain';
import type { EventStore } from '../event-store/port.js';
import type { ReadStore } from '../read-store/port.js';
import { BatchContext } from './batch.js';
import type { Projection } from './projection.js';

export interface RunnerOptions {
  /** Events handled before the batch is written (it is also written whenever the log is caught up). */
  readonly batchSize?: number;
  /**
   * Least time between two writes when caught up: under a steady flow of commands, events that
   * arrive meanwhile share one write instead of one transaction each. Adds at most this to
   * read-your-writes.
   */
  readonly minFlushIntervalMs?: number;
  readonly leaseTtlMs?: number;
  readonly owner?: string;
  readonly log?: (message: string) => void;
}

/** The version written with the checkpoint: the projection's own version and its collections' shape. */
export const projectionFingerprint = (projection: Projection): string =>
  `${projection.version}:${createHash('sha256').update(JSON.stringify(projection.collections)).digest('hex').slice(0, 12)}`;

const leaseName = (projection: Projection): string => `projection:${projection.name}`;

/**
 * Runs projections: each one reads the log from its checkpoint and writes documents and checkpoint
 * together, batch by batch. Each projection is written by one runner at a time (a lease), so several
 * processes may run the same runner and only one writes.
 */
export class ProjectionRunner {
  private readonly batchSize: number;
  private readonly minFlushIntervalMs: number;
  private readonly leaseTtlMs: number;
  private readonly owner: string;
  private readonly log: (message: string) => void;
  private controller = new AbortController();
  private loops: Promise<void>[] = [];
  private readonly failures = new Map<string, Error>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    readonly projections: readonly Projection[],
    options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.minFlushIntervalMs = options.minFlushIntervalMs ?? 10;
    this.leaseTtlMs = options.leaseTtlMs ?? 30_000;
    this.owner = options.owner ?? randomUUID();
    this.log = options.log ?? (() => undefined);
    const names = new Set<string>();
    for (const p of projections) {
      if (names.has(p.name)) throw new Error(`Projection en double : ${p.name}`);
      names.add(p.name);
    }
  }

  /** Starts every projection in the background. */
  start(): void {
    this.controller = new AbortController();
    this.loops = this.projections.map((projection) =>
      this.loop(projection, this.controller.signal),
    );
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await Promise.allSettled(this.loops);
    this.loops = [];
    await Promise.all(
      this.projections.map((p) => this.readStore.releaseLease(leaseName(p), this.owner)),
    );
  }

  lastError(projection: string): Error | undefined {
    return this.failures.get(projection);
  }

  private async loop(projection: Projection, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        if (
          !(await this.readStore.acquireLease(leaseName(projection), this.owner, this.leaseTtlMs))
        ) {
          await sleep(this.leaseTtlMs / 3, signal);
          continue;
        }
        await this.follow(projection, signal);
      } catch (error) {
        if (signal.aborted) return;
        // A failing projection stops here and is retried later; other projections go on.
        this.failures.set(projection.name, error as Error);
        this.log(`Projection ${projection.name} en échec : ${(error as Error).message}`);
        await sleep(1000, signal);
      }
    }
  }

  /** Brings the projection to its version (rebuilding when it changed), then follows the log. */
  private async follow(projection: Projection, signal: AbortSignal): Promise<void> {
    const fingerprint = projectionFingerprint(projection);
    // Collections first: a table recreated for a new layout forgets the checkpoints read below.
    for (const collection of projection.collections)
      await this.readStore.ensureCollection(collection);
    let checkpoint = await this.readStore.getCheckpoint(projection.name);
    if (checkpoint && checkpoint.version !== fingerprint) {
      this.log(`Projection ${projection.name} : nouvelle version, reconstruction depuis le début.`);
      await this.readStore.reset(projection.name, projection.collections);
      checkpoint = null;
    }
    for (const collection of projection.collections)
      await this.readStore.ensureCollection(collection);

    const types = new Set(projection.eventTypes);
    const context = new BatchContext(this.readStore);
    let position = checkpoint?.position ?? '0';
    let written = position;
    let pending = 0;
    // The lease is renewed on a timer, so that an idle projection keeps it; losing it stops this loop.
    const local = new AbortController();
    const stopLocal = (): void => local.abort();
    signal.addEventListener('abort', stopLocal, { once: true });
    let lost = false;
    const renew = setInterval(() => {
      this.readStore
        .acquireLease(leaseName(projection), this.owner, this.leaseTtlMs)
        .then((held) => {
          if (!held) {
            lost = true;
            local.abort();
          }
        })
        .catch(() => undefined);
    }, this.leaseTtlMs / 3);

    let flushedAt = 0;
    const flush = async (): Promise<void> => {
      if (position === written) return;
      flushedAt = Date.now();
      await this.readStore.write({
        operations: context.drain(),
        checkpoint: { projection: projection.name, position, version: fingerprint },
      });
      written = position;
      pending = 0;
    };

    try {
      for await (const message of this.eventStore.subscribeToAll({
        fromPosition: position,
        signal: local.signal,
      })) {
        if (message.type === 'caughtUp') {
          if (comparePositions(message.position, position) > 0) position = message.position;
          const wait = flushedAt + this.minFlushIntervalMs - Date.now();
          if (wait > 0 && pending > 0) await sleep(wait, local.signal);
          await flush();
          continue;
        }
        const { event } = message;
        // A batch is written only between two positions: EventStoreDB gives every event of one append
        // the same (commit) position, and a checkpoint inside an append would skip the rest of it.
        if (pending >= this.batchSize && event.position !== position) await flush();
        if (types.has(event.type)) await projection.apply(event, context);
        position = event.position;
        pending += 1;
      }
    } finally {
      clearInterval(renew);
      signal.removeEventListener('abort', stopLocal);
    }
    if (lost) this.log(`Projection ${projection.name} : bail repris par une autre instance.`);
  }

  /** Rebuilds one projection from zero under its lease, up to the log's head at the time of the call. */
  static async rebuild(
    eventStore: EventStore,
    readStore: ReadStore,
    projection: Projection,
    options: RunnerOptions & { readonly timeoutMs?: number } = {},
  ): Promise<{ position: string; ms: number }> {
    const owner = options.owner ?? `rebuild-${randomUUID()}`;
    const ttl = options.leaseTtlMs ?? 30_000;
    if (!(await readStore.acquireLease(leaseName(projection), owner, ttl))) {
      throw new Error(
        `La projection « ${projection.name} » est tenue par une autre instance en cours d’exécution : arrêtez-la, puis relancez la reconstruction.`,
      );
    }
    const started = Date.now();
    await readStore.reset(projection.name, projection.collections);
    const head = await eventStore.headPosition();
    const runner = new ProjectionRunner(eventStore, readStore, [projection], {
      ...options,
      owner,
      leaseTtlMs: ttl,
    });
    runner.start();
    try {
      const deadline = Date.now() + (options.timeoutMs ?? 24 * 3600_000);
      for (;;) {
        const checkpoint = await readStore.getCheckpoint(projection.name);
        if (comparePositions(checkpoint?.position ?? '0', head) >= 0) break;
        const failure = runner.lastError(projection.name);
        if (failure) throw failure;
        if (Date.now() > deadline) throw new Error('Reconstruction trop longue : délai dépassé.');
        await sleep(20);
      }
    } finally {
      await runner.stop();
    }
    return { position: head, ms: Date.now() - started };
  }
}

/** Resolves after `ms`, or at once when the signal aborts; leaves no listener behind either way. */
const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
