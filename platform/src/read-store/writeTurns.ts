import { resolve } from 'node:path';

/** Slots of the shared memory: the next ticket to hand out, the ticket whose turn it is. */
const NEXT = 0;
const SERVING = 1;
/**
 * A turn that has not moved for this long belongs to a thread that died holding it: skipped. Long
 * enough for any write of a live thread (a batch of a catch-up on a file of several gigabytes).
 */
const STUCK_MS = 30_000;

/**
 * Turns to write one SQLite file from several threads of one process: a ticket lock in shared
 * memory, first come first served. SQLite's own busy handler retries after growing sleeps, so a
 * thread that commits batch after batch (the projections catching up) can keep another (a
 * reactor's checkpoint on the main thread) from ever getting the lock until it fails with
 * « database is locked ». Turns are taken around each write transaction; SQLite's lock still
 * guards the file against other processes.
 */
export class WriteTurns {
  private readonly cells: Int32Array;
  /** Turns held by this thread (a write inside a write does not queue behind itself). */
  private depth = 0;

  constructor(
    readonly buffer: SharedArrayBuffer,
    private readonly stuckMs = STUCK_MS,
  ) {
    this.cells = new Int32Array(buffer);
  }

  run<T>(write: () => T): T {
    if (this.depth > 0) return write();
    const ticket = Atomics.add(this.cells, NEXT, 1);
    let serving = Atomics.load(this.cells, SERVING);
    let since = Date.now();
    // Served, or passed (never expected: turns are skipped one at a time; compared modulo 2³²).
    while (((serving - ticket) | 0) < 0) {
      Atomics.wait(this.cells, SERVING, serving, 100);
      const now = Atomics.load(this.cells, SERVING);
      if (now !== serving) {
        serving = now;
        since = Date.now();
      } else if (Date.now() - since > this.stuckMs) {
        Atomics.compareExchange(this.cells, SERVING, serving, serving + 1);
        Atomics.notify(this.cells, SERVING);
      }
    }
    this.depth += 1;
    try {
      return write();
    } finally {
      this.depth -= 1;
      // Only a turn still this thread's moves on: a thread taken for dead and skipped that ends its
      // write after all must not skip the next one's turn as well (that thread would then wait for
      // a turn already gone, for ever: seen as the projections' thread stalled at 200,000 dossiers).
      Atomics.compareExchange(this.cells, SERVING, ticket, ticket + 1);
      Atomics.notify(this.cells, SERVING);
    }
  }
}

/** This thread's turns per file; a thread started by this one adopts the same shared memory. */
const registry = new Map<string, SharedArrayBuffer>();

/** The shared memory of a file's turns in this thread (made on first use). */
export const writeTurnsMemory = (filename: string): SharedArrayBuffer => {
  const key = resolve(filename);
  let buffer = registry.get(key);
  if (!buffer) {
    buffer = new SharedArrayBuffer(8);
    registry.set(key, buffer);
  }
  return buffer;
};

/** In a thread started with another thread's memory for a file: the turns are theirs too. */
export const adoptWriteTurns = (filename: string, buffer: SharedArrayBuffer): void => {
  registry.set(resolve(filename), buffer);
};
