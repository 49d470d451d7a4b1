import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  readModelsFile,
  writeTurnsMemory,
  type EventStore,
  type Projection,
  type ProjectionStatus,
} from '@examens-pro/platform';
import { allProjections } from '@examens-pro/projections';

/** The stores the projections' thread opens (the same files or servers as the main thread's). */
export interface ProjectionsThreadStores {
  readonly dataDir: string;
  readonly eventStoreUrl?: string;
  readonly mongodbUrl?: string;
  /** The turns of this thread's writers of the read models' file, shared with the projections'. */
  readonly writeTurns?: SharedArrayBuffer;
  /**
   * The projections this thread runs: the lists, or the `background` ones (histories and
   * statistics); all of them when not said.
   */
  readonly part?: ProjectionsPart;
}

export type ProjectionsPart = 'lists' | 'background';

/** The projections of one part (every projection without one). */
export const projectionsOf = (part: ProjectionsPart | undefined): Projection[] =>
  allProjections().filter(
    (p) => part === undefined || (part === 'background') === (p.background === true),
  );

export type ToThread = { readonly type: 'appended' } | { readonly type: 'stop' };
export type FromThread =
  | { readonly type: 'status'; readonly status: ProjectionStatus[] }
  | { readonly type: 'log'; readonly message: string }
  | { readonly type: 'stopped'; readonly error?: string };

/** What the app asks of its projections, wherever they run. */
export interface ProjectionsControl {
  readonly projections: readonly Projection[];
  start(): void;
  stop(): Promise<void>;
  status(): ProjectionStatus[];
  ready(): boolean;
}

/** The compiled entry (tests run the sources: the build beside them). */
const workerEntry = (): string => {
  const built = join(__dirname, 'projectionsWorker.js');
  if (existsSync(built)) return built;
  const fromSources = join(__dirname, '..', 'dist', 'projectionsWorker.js');
  if (existsSync(fromSources)) return fromSources;
  throw new Error('projectionsWorker.js introuvable : lancez « npm run build »');
};

/** A crashed thread is started again after this delay (its projections resume from checkpoints). */
const RESTART_DELAY_MS = 1000;

/**
 * The projections on a thread of their own, as the projections process runs them when distributed:
 * a read model being written never holds up a request or a command of the main thread, and both
 * cores work. Each commit of the main thread's event store wakes the thread at once (its SQLite
 * subscriptions would otherwise find other writers' appends at their next poll).
 */
export class ProjectionsThread implements ProjectionsControl {
  readonly projections: readonly Projection[];
  private worker: Worker | undefined;
  private statuses: ProjectionStatus[] = [];
  private unwatch: (() => void) | undefined;
  private stopping = false;
  private restart: NodeJS.Timeout | undefined;

  constructor(
    private readonly eventStore: EventStore,
    private readonly stores: ProjectionsThreadStores,
    private readonly log: (message: string) => void,
  ) {
    this.projections = projectionsOf(stores.part);
  }

  start(): void {
    this.stopping = false;
    const worker = new Worker(workerEntry(), {
      workerData: {
        ...this.stores,
        writeTurns: writeTurnsMemory(readModelsFile(this.stores.dataDir)),
      } satisfies ProjectionsThreadStores,
    });
    this.worker = worker;
    worker.on('message', (message: FromThread) => {
      if (message.type === 'status') this.statuses = message.status;
      else if (message.type === 'log') this.log(message.message);
    });
    worker.on('error', (error) => this.log(`Fil des projections en échec : ${error.message}`));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      this.unwatch?.();
      this.unwatch = undefined;
      if (this.stopping) return;
      this.log(`Fil des projections arrêté (code ${code}) : redémarrage.`);
      this.restart = setTimeout(() => this.start(), RESTART_DELAY_MS);
    });
    let pending = false;
    this.unwatch = this.eventStore.watchAppends?.(() => {
      if (pending) return;
      pending = true;
      setImmediate(() => {
        pending = false;
        this.worker?.postMessage({ type: 'appended' } satisfies ToThread);
      });
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restart);
    this.unwatch?.();
    this.unwatch = undefined;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'stop' } satisfies ToThread);
    const timer = setTimeout(() => void worker.terminate(), 15_000);
    await exited;
    clearTimeout(timer);
  }

  /** Where each projection stands, as the thread last told. */
  status(): ProjectionStatus[] {
    const known = new Map(this.statuses.map((s) => [s.name, s]));
    return this.projections.map(
      (p) => known.get(p.name) ?? { name: p.name, caughtUp: false, heldHere: false },
    );
  }

  ready(): boolean {
    return this.status().every((s) => s.caughtUp);
  }
}

/** Several runners seen as one (the reactors here, the projections on their thread). */
export const together = (...parts: readonly ProjectionsControl[]): ProjectionsControl => ({
  projections: parts.flatMap((p) => p.projections),
  start: () => parts.forEach((p) => p.start()),
  stop: async () => {
    await Promise.all(parts.map((p) => p.stop()));
  },
  status: () => parts.flatMap((p) => p.status()),
  ready: () => parts.every((p) => p.ready()),
});
