import { createHash, randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { comparePositions } from '@examens-pro/domain/kernel';
import type { EventStore } from '../event-store/port.js';
import type { ReadStore } from '../read-store/port.js';
import { frenchSeconds, retryDelay, type RetryDelays } from '../startup/backoff.js';
import { BatchContext } from './batch.js';
import type { Projection } from './projection.js';

export interface RunnerOptions {
  /** Events handled before the batch is written (it is also written whenever the log is caught up). */
  readonly batchSize?: number;
  /**
   * The same for `background` projections (default a quarter of `batchSize`): a list that has
   * events again waits for the batch being written, on the same thread.
   */
  readonly backgroundBatchSize?: number;
  /**
   * The same while a projection catches up (from its checkpoint to the log's head, at start or in a
   * rebuild): fewer, larger writes, a document changed by many events written once (default four
   * times `batchSize`). A background projection keeps its smaller batches while a list catches up.
   */
  readonly catchUpBatchSize?: number;
  /**
   * Documents changed before the batch is written, whatever the number of events (default
   * 10,000): the batch holds them all in memory until then.
   */
  readonly maxBatchDocuments?: number;
  /**
   * Least time between two writes when caught up: under a steady flow of commands, events that
   * arrive meanwhile share one write instead of one transaction each. Adds at most this to
   * read-your-writes.
   */
  readonly minFlushIntervalMs?: number;
  readonly leaseTtlMs?: number;
  readonly owner?: string;
  readonly log?: (message: string) => void;
  /**
   * Least time between two checkpoints that only move past other projections' events (nothing
   * handled, nothing to write). 0 (default): each one is written at once, so that a read waiting for
   * a position never waits for it. Reactors that nobody waits for, beside projections written by
   * another connection, set it: each commit of theirs would empty that connection's page cache.
   */
  readonly idleCheckpointMs?: number;
  /**
   * Waits between the tries of a failing projection (a server unreachable, a connection dropped):
   * doubled at each failure in a row, from 1 s up to 30 s unless told.
   */
  readonly retryDelayMs?: RetryDelays;
}

/** A projection rebuilt: up to where, in how long, and the events of its types it handled. */
export interface RebuildResult {
  readonly position: string;
  readonly ms: number;
  readonly events: number;
}

/** The version written with the checkpoint: the projection's own version and its collections' shape. */
export const projectionFingerprint = (projection: Projection): string =>
  `${projection.version}:${createHash('sha256').update(JSON.stringify(projection.collections)).digest('hex').slice(0, 12)}`;

const leaseName = (projection: Projection): string => `projection:${projection.name}`;

/** `host#pid#random`: who holds a lease, and whether that holder can still be alive. */
export const leaseOwnerId = (): string =>
  `${hostname()}#${process.pid}#${randomUUID().slice(0, 8)}`;

const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A lease held by an earlier run of this very process (same host, and its process is gone, or has
 * our pid — a restarted container is pid 1 again) is taken over at once instead of waiting for it
 * to expire: a restart must not freeze the read models for a lease's lifetime.
 */
export const isPreviousIncarnation = (holder: string, self: string): boolean => {
  if (holder === self || LIVE_OWNERS.has(holder)) return false;
  const [host, pid] = holder.split('#');
  const [myHost] = self.split('#');
  const number = Number(pid);
  if (!host || host !== myHost || !Number.isInteger(number) || number <= 0) return false;
  return number === process.pid || !processAlive(number);
};

/** Owners running in this process: never taken for an earlier run, though they share its pid. */
const LIVE_OWNERS = new Map<string, number>();
const holdOwner = (owner: string): void => {
  LIVE_OWNERS.set(owner, (LIVE_OWNERS.get(owner) ?? 0) + 1);
};
const dropOwner = (owner: string): void => {
  const count = (LIVE_OWNERS.get(owner) ?? 1) - 1;
  if (count > 0) LIVE_OWNERS.set(owner, count);
  else LIVE_OWNERS.delete(owner);
};

/** Takes a projection lease, or an earlier incarnation's at once; false while another holds it. */
const takeLease = async (
  readStore: ReadStore,
  name: string,
  owner: string,
  ttlMs: number,
): Promise<boolean> => {
  if (await readStore.acquireLease(name, owner, ttlMs)) return true;
  const holder = await readStore.leaseHolder(name);
  if (!holder || !isPreviousIncarnation(holder.owner, owner)) return false;
  return readStore.acquireLease(name, owner, ttlMs, holder.owner);
};

/** How often a standby asks for a lease another instance holds. */
const STANDBY_POLL_MS = 2000;

/** Busy work longer than this gives the event loop a turn (health, commands, lease timers). */
const YIELD_EVERY_MS = 20;
/**
 * The longest a background projection waits for the others before taking a turn of its own: the
 * lists keep pace with a long run of commands (an automatic allocation appends 200,000 events in
 * under a minute), the histories still advance by a turn every few seconds meanwhile, and catch up
 * as soon as the lists are.
 */
export const BACKGROUND_WAIT_MS = 5000;

export interface ProjectionStatus {
  readonly name: string;
  /** Last position written by this process (undefined: not held here). */
  readonly position?: string;
  /** Reached the log's head at least once since this process started it. */
  readonly caughtUp: boolean;
  readonly heldHere: boolean;
  /** While it fails: the last error, the failures in a row, and when it is tried again. */
  readonly error?: string;
  readonly attempts?: number;
  readonly retryAt?: string;
}

interface Failure {
  readonly error: Error;
  readonly attempts: number;
  readonly retryAt: number;
}

/**
 * Runs projections: each one reads the log from its checkpoint and writes documents and checkpoint
 * together, batch by batch. Each projection is written by one runner at a time (a lease), so several
 * processes may run the same runner and only one writes.
 */
export class ProjectionRunner {
  private readonly batchSize: number;
  private readonly backgroundBatchSize: number;
  private readonly catchUpBatchSize: number;
  private readonly maxBatchDocuments: number;
  private readonly minFlushIntervalMs: number;
  private readonly leaseTtlMs: number;
  private readonly idleCheckpointMs: number;
  private readonly owner: string;
  private readonly log: (message: string) => void;
  private controller = new AbortController();
  private loops: Promise<void>[] = [];
  private readonly retryDelays: RetryDelays | undefined;
  /** The projections failing now (cleared as soon as one works again). */
  private readonly failures = new Map<string, Failure>();
  /** Events each projection handled (of its types) since this runner started. */
  private readonly handled = new Map<string, number>();
  /** The projections followed here, not `background`, with events read beyond their checkpoint's head. */
  private readonly foregroundBusy = new Set<string>();
  private readonly states = new Map<
    string,
    { position?: string; caughtUp: boolean; heldHere: boolean }
  >();

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    readonly projections: readonly Projection[],
    options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.backgroundBatchSize =
      options.backgroundBatchSize ?? Math.max(1, Math.floor(this.batchSize / 4));
    this.catchUpBatchSize = options.catchUpBatchSize ?? this.batchSize * 4;
    this.maxBatchDocuments = options.maxBatchDocuments ?? 10_000;
    this.minFlushIntervalMs = options.minFlushIntervalMs ?? 10;
    this.leaseTtlMs = options.leaseTtlMs ?? 30_000;
    this.idleCheckpointMs = options.idleCheckpointMs ?? 0;
    this.retryDelays = options.retryDelayMs;
    this.owner = options.owner ?? leaseOwnerId();
    this.log = options.log ?? (() => undefined);
    const names = new Set<string>();
    for (const p of projections) {
      if (names.has(p.name)) throw new Error(`Projection en double : ${p.name}`);
      names.add(p.name);
    }
  }

  /** Starts every projection in the background. */
  start(): void {
    holdOwner(this.owner);
    this.controller = new AbortController();
    // One listener per projection (and per subscription) on the same signal.
    setMaxListeners(0, this.controller.signal);
    this.loops = this.projections.map((projection) =>
      this.loop(projection, this.controller.signal),
    );
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await Promise.allSettled(this.loops);
    this.loops = [];
    dropOwner(this.owner);
    await Promise.all(
      this.projections.map((p) => this.readStore.releaseLease(leaseName(p), this.owner)),
    );
  }

  /** Events of its types a projection handled and wrote since this runner started. */
  handledEvents(projection: string): number {
    return this.handled.get(projection) ?? 0;
  }

  lastError(projection: string): Error | undefined {
    return this.failures.get(projection)?.error;
  }

  /** Where each projection stands in this process (readiness, health). */
  status(): ProjectionStatus[] {
    return this.projections.map((p) => {
      const state = this.states.get(p.name);
      const failure = this.failures.get(p.name);
      return {
        name: p.name,
        caughtUp: state?.caughtUp ?? false,
        heldHere: state?.heldHere ?? false,
        ...(state?.position !== undefined ? { position: state.position } : {}),
        ...(failure
          ? {
              error: failure.error.message,
              attempts: failure.attempts,
              retryAt: new Date(failure.retryAt).toISOString(),
            }
          : {}),
      };
    });
  }

  /** Every projection has reached the head of the log once since start (here or elsewhere). */
  ready(): boolean {
    return this.projections.every((p) => this.states.get(p.name)?.caughtUp === true);
  }

  private async loop(projection: Projection, signal: AbortSignal): Promise<void> {
    this.states.set(projection.name, { caughtUp: false, heldHere: false });
    while (!signal.aborted) {
      try {
        if (
          !(await takeLease(this.readStore, leaseName(projection), this.owner, this.leaseTtlMs))
        ) {
          // Held by a live instance elsewhere: it keeps the read model up to date. Asked again
          // every 2 s: a holder killed on this machine is replaced within that (its pid is gone),
          // one frozen or on another machine once its lease lapses.
          this.failures.delete(projection.name);
          this.states.set(projection.name, { caughtUp: true, heldHere: false });
          await sleep(Math.min(this.leaseTtlMs / 3, STANDBY_POLL_MS), signal);
          continue;
        }
        await this.follow(projection, signal);
      } catch (error) {
        if (signal.aborted) return;
        // A failing projection stops here and is tried again later, each time a little later (a
        // server down is not asked in a tight loop); other projections go on.
        const attempts = (this.failures.get(projection.name)?.attempts ?? 0) + 1;
        const delay = retryDelay(attempts, this.retryDelays);
        this.failures.set(projection.name, {
          error: error as Error,
          attempts,
          retryAt: Date.now() + delay,
        });
        this.log(
          `Projection ${projection.name} en échec : ${(error as Error).message} (échec ${attempts} de suite, nouvel essai dans ${frenchSeconds(delay)})`,
        );
        await sleep(delay, signal);
      }
    }
  }

  /** Brings the projection to its version (rebuilding when it changed), then follows the log. */
  private async follow(projection: Projection, signal: AbortSignal): Promise<void> {
    const fingerprint = projectionFingerprint(projection);
    // The lease is renewed on a timer from the start (preparing the collections may outlast the lease
    // on a slow store), and from the loop itself while catching up (a synchronous store never lets a
    // timer run there); losing it stops this loop.
    const local = new AbortController();
    const stopLocal = (): void => local.abort();
    signal.addEventListener('abort', stopLocal, { once: true });
    // Stopped before this listener existed: stop now (else the subscription below never ends).
    if (signal.aborted) local.abort();
    let lost = false;
    let renewedAt = Date.now();
    const renewEvery = this.leaseTtlMs / 3;
    const renewLease = async (): Promise<void> => {
      renewedAt = Date.now();
      const held = await this.readStore
        .acquireLease(leaseName(projection), this.owner, this.leaseTtlMs)
        .catch(() => true);
      if (!held) {
        lost = true;
        local.abort();
      }
    };
    const renew = setInterval(() => {
      if (Date.now() - renewedAt >= renewEvery) void renewLease();
    }, renewEvery);
    let state: { position: string; caughtUp: boolean; heldHere: boolean } | undefined;
    try {
      // Collections first: a table recreated for a new layout forgets the checkpoints read below.
      for (const collection of projection.collections)
        await this.readStore.ensureCollection(collection);
      let checkpoint = await this.readStore.getCheckpoint(projection.name);
      if (checkpoint && checkpoint.version !== fingerprint) {
        this.log(
          `Projection ${projection.name} : nouvelle version, reconstruction depuis le début.`,
        );
        await this.readStore.reset(projection.name, projection.collections);
        checkpoint = null;
      }
      // A checkpoint ahead of the log's head means the log lost events the read model had seen
      // (restored from an older backup, or a lost write): its positions will be reused, so skipping
      // to the checkpoint would hide the new events. Start again from the log as it is.
      const head = await this.eventStore.headPosition();
      if (checkpoint && comparePositions(checkpoint.position, head) > 0) {
        this.log(
          `Projection ${projection.name} : point de reprise ${checkpoint.position} au-delà du journal (${head}), reconstruction depuis le début.`,
        );
        await this.readStore.reset(projection.name, projection.collections);
        checkpoint = null;
      }
      for (const collection of projection.collections)
        await this.readStore.ensureCollection(collection);

      const types = new Set(projection.eventTypes);
      // Smaller batches only where a list may be kept waiting (not in a rebuild of this one alone).
      const besideLists = projection.background && this.projections.some((p) => !p.background);
      const liveBatchSize = besideLists ? this.backgroundBatchSize : this.batchSize;
      /** Larger batches while catching up, unless a list catches up beside this background one. */
      const batchSize = (): number =>
        followed.caughtUp || (besideLists && this.foregroundBusy.size > 0)
          ? liveBatchSize
          : Math.max(liveBatchSize, this.catchUpBatchSize);
      const context = new BatchContext(
        this.readStore,
        projection.collections.map((c) => c.name),
        projection.retainDocuments ?? 0,
      );
      // From zero on empty collections (a rebuild, a first start, a new version): nothing to read
      // but what this loop writes. Asked of the projections that keep documents between batches
      // (a count per collection at each start is not free on a server).
      if (!checkpoint && (projection.retainDocuments ?? 0) > 0) {
        // Asked together: one round trip to a server, whatever the number of collections.
        const counts = await Promise.all(
          projection.collections.map((c) => this.readStore.collection(c).count()),
        );
        if (counts.every((n) => n === 0)) context.startEmpty();
      }
      let position = checkpoint?.position ?? '0';
      let written = position;
      let pending = 0;
      const followed = { position, caughtUp: false, heldHere: true };
      state = followed;
      this.states.set(projection.name, followed);
      let busySince = Date.now();
      /** Between two events of a long catch-up: renew the lease when due, give the loop a turn. */
      const breathe = async (): Promise<void> => {
        const now = Date.now();
        if (now - renewedAt >= renewEvery) await renewLease();
        if (now - busySince >= YIELD_EVERY_MS) {
          await yieldToEventLoop();
          if (projection.background) await giveWay();
          busySince = Date.now();
        }
      };
      /** A background projection waits while the others catch up (bounded), its lease renewed. */
      const giveWay = async (): Promise<void> => {
        const until = Date.now() + BACKGROUND_WAIT_MS;
        while (this.foregroundBusy.size > 0 && Date.now() < until && !local.signal.aborted) {
          if (Date.now() - renewedAt >= renewEvery) await renewLease();
          await sleep(2, local.signal);
        }
      };

      let flushedAt = 0;
      /** Handled since the last write: counted once written. */
      let handledHere = 0;
      const flush = async (): Promise<void> => {
        if (position === written) return;
        flushedAt = Date.now();
        await this.readStore.write({
          operations: context.drain(),
          checkpoint: { projection: projection.name, position, version: fingerprint },
          lease: { name: leaseName(projection), owner: this.owner },
        });
        written = position;
        followed.position = position;
        pending = 0;
        this.handled.set(projection.name, (this.handled.get(projection.name) ?? 0) + handledHere);
        handledHere = 0;
        this.failures.delete(projection.name);
      };

      for await (const message of this.eventStore.subscribeToAll({
        fromPosition: position,
        signal: local.signal,
        eventTypes: projection.eventTypes,
      })) {
        if (message.type === 'caughtUp') {
          this.foregroundBusy.delete(projection.name);
          if (comparePositions(message.position, position) > 0) position = message.position;
          followed.caughtUp = true;
          if (pending === 0 && Date.now() - flushedAt < this.idleCheckpointMs) continue;
          const wait = flushedAt + this.minFlushIntervalMs - Date.now();
          if (wait > 0 && pending > 0) await sleep(wait, local.signal);
          if (local.signal.aborted) break;
          await flush();
          followed.position = position;
          followed.caughtUp = true;
          // At the log's head, written: whatever failed before works again.
          this.failures.delete(projection.name);
          busySince = Date.now();
          continue;
        }
        if (!projection.background) this.foregroundBusy.add(projection.name);
        await breathe();
        if (local.signal.aborted) break;
        const { event } = message;
        // A batch is written only between two positions: EventStoreDB gives every event of one append
        // the same (commit) position, and a checkpoint inside an append would skip the rest of it.
        // Or when its documents add up: a closing's frozen results are a thousand documents an
        // event, and a catch-up's batch of events would hold every result of a national session.
        if (
          (pending >= batchSize() || context.size >= this.maxBatchDocuments) &&
          event.position !== position
        )
          await flush();
        if (types.has(event.type)) {
          await projection.apply(event, context);
          handledHere += 1;
        }
        position = event.position;
        pending += 1;
      }
    } finally {
      this.foregroundBusy.delete(projection.name);
      clearInterval(renew);
      signal.removeEventListener('abort', stopLocal);
      if (state) state.heldHere = false;
    }
    if (lost) this.log(`Projection ${projection.name} : bail repris par une autre instance.`);
  }

  /** Rebuilds one projection from zero under its lease, up to the log's head at the time of the call. */
  static async rebuild(
    eventStore: EventStore,
    readStore: ReadStore,
    projection: Projection,
    options: RunnerOptions & { readonly timeoutMs?: number } = {},
  ): Promise<RebuildResult> {
    const [result] = await ProjectionRunner.rebuildAll(
      eventStore,
      readStore,
      [projection],
      options,
    );
    return result!;
  }

  /**
   * Rebuilds projections from zero, one after the other, up to the log's head. Every lease is taken
   * first and kept until the end: refused, touching nothing, while any of them is held by a running
   * instance (a product started meanwhile waits instead of writing beside the rebuild).
   */
  static async rebuildAll(
    eventStore: EventStore,
    readStore: ReadStore,
    projections: readonly Projection[],
    options: RunnerOptions & {
      readonly timeoutMs?: number;
      readonly onRebuilt?: (name: string, result: RebuildResult) => void;
    } = {},
  ): Promise<RebuildResult[]> {
    // Host and pid first, like every owner: a killed rebuild is then taken over like a killed product.
    const owner = options.owner ?? `${leaseOwnerId()}-reconstruction`;
    const ttl = options.leaseTtlMs ?? 30_000;
    const taken: Projection[] = [];
    holdOwner(owner);
    try {
      return await ProjectionRunner.rebuildUnder(
        eventStore,
        readStore,
        projections,
        owner,
        ttl,
        taken,
        options,
      );
    } finally {
      dropOwner(owner);
    }
  }

  private static async rebuildUnder(
    eventStore: EventStore,
    readStore: ReadStore,
    projections: readonly Projection[],
    owner: string,
    ttl: number,
    taken: Projection[],
    options: RunnerOptions & {
      readonly timeoutMs?: number;
      readonly onRebuilt?: (name: string, result: RebuildResult) => void;
    },
  ): Promise<RebuildResult[]> {
    for (const projection of projections) {
      if (!(await takeLease(readStore, leaseName(projection), owner, ttl))) {
        await Promise.all(taken.map((p) => readStore.releaseLease(leaseName(p), owner)));
        throw new Error(
          `La projection « ${projection.name} » est tenue par une autre instance en cours d’exécution : arrêtez-la, puis relancez la reconstruction.`,
        );
      }
      taken.push(projection);
    }
    // The leases of the projections waiting their turn are kept alive meanwhile.
    const keep = setInterval(() => {
      for (const p of taken)
        void readStore.acquireLease(leaseName(p), owner, ttl).catch(() => undefined);
    }, ttl / 3);
    const results: RebuildResult[] = [];
    try {
      for (const projection of projections) {
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
            if (Date.now() > deadline)
              throw new Error('Reconstruction trop longue : délai dépassé.');
            await sleep(20);
          }
        } finally {
          await runner.stop();
        }
        const result = {
          position: head,
          ms: Date.now() - started,
          events: runner.handledEvents(projection.name),
        };
        results.push(result);
        options.onRebuilt?.(projection.name, result);
      }
    } finally {
      clearInterval(keep);
      await Promise.all(taken.map((p) => readStore.releaseLease(leaseName(p), owner)));
    }
    return results;
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
