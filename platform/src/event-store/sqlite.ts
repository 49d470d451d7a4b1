import { EventEmitter } from 'node:events';
import Database from 'better-sqlite3';
import {
  upcast,
  UPCAST_TYPES,
  type EventEnvelope,
  type RecordedEvent,
} from '@examens-pro/domain/kernel';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type SubscriptionMessage,
} from './port.js';

interface Row {
  position: number | bigint;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
}

/**
 * A stored row as today's code reads it (an old event type is upcast). Its data is parsed when first
 * read: every projection follows the whole log and most skip most event types unread (a closing's
 * frozen results are megabytes of JSON that one projection reads).
 */
const toRecorded = (row: Row): RecordedEvent => {
  let data: unknown;
  let parsed = false;
  return upcast({
    id: row.id,
    type: row.type,
    get data(): unknown {
      if (!parsed) {
        data = JSON.parse(row.data) as unknown;
        parsed = true;
      }
      return data;
    },
    metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
    streamId: row.stream,
    revision: row.revision,
    position: String(row.position),
  } as RecordedEvent);
};

/** Up to this many rows after its position, a subscription scans them rather than the type index. */
const SCAN_BELOW = 2000;

/** The first `limit` numbers of two ascending lists, ascending. */
const mergeSorted = (a: readonly number[], b: readonly number[], limit: number): number[] => {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < limit && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) merged.push(a[i++]!);
    else merged.push(b[j++]!);
  }
  return merged;
};

interface PendingAppend {
  readonly stream: string;
  readonly events: readonly EventEnvelope[];
  readonly expected: ExpectedRevision;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: Error) => void;
}

type AppendOutcome = { readonly result: AppendResult } | { readonly error: Error };

export interface SqliteEventStoreOptions {
  /** File path, or ':memory:'. */
  readonly filename: string;
  /** How often a caught-up subscription looks for appends made by other processes. */
  readonly pollIntervalMs?: number;
  readonly readBatchSize?: number;
  /**
   * Benchmarks only: 'NORMAL' and no group commit reproduce the store before durable appends, to
   * measure both in one run. The product always runs 'FULL' with group commit.
   */
  readonly durability?: 'FULL' | 'NORMAL-sans-groupe';
}

/**
 * Event store on one SQLite file (WAL). Global position = the autoincrement key, so it only grows;
 * the (stream, revision) key makes a concurrent append on the same revision fail.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly pollIntervalMs: number;
  private readonly readBatchSize: number;
  private readonly statements;
  private readonly appendTransaction;
  private readonly groupTransaction;
  private readonly groupCommit: boolean;
  private readonly readOfTypes: (
    from: bigint,
    types: readonly string[],
    maxCount: number,
  ) => { rows: Row[]; head: number | bigint };
  /** Appends waiting for the next group commit (one transaction, one fsync for all of them). */
  private pendingAppends: PendingAppend[] = [];
  private closed = false;
  /** Counts local appends, so that a subscription never sleeps through one made while it was busy. */
  private appendSequence = 0;

  constructor(options: SqliteEventStoreOptions) {
    this.db = new Database(options.filename);
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.readBatchSize = options.readBatchSize ?? 1000;
    this.appended.setMaxListeners(0);
    this.db.pragma('journal_mode = WAL');
    // A command is answered only once its events are on disk (EventStoreDB fsyncs before it
    // acknowledges too): FULL syncs the WAL at every commit. Concurrent appends share one commit.
    this.groupCommit = options.durability !== 'NORMAL-sans-groupe';
    this.db.pragma(`synchronous = ${this.groupCommit ? 'FULL' : 'NORMAL'}`);
    this.db.pragma('busy_timeout = 5000');
    // The log is copied from the WAL into the file by a checkpoint every 64 MiB instead of every
    // 4 MiB (SQLite's default): appends touch pages all over the two unique indexes (ids and
    // streams are random), and each checkpoint writes and syncs every page touched since the last.
    // Measured on a 600,000-event log: 110 µs an append with the default, 70 µs with this.
    this.db.pragma('wal_autocheckpoint = 16384');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        stream TEXT NOT NULL,
        revision INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT NOT NULL,
        UNIQUE (stream, revision)
      );
      -- A subscription given event types reads their positions here: a projection of a few types
      -- no longer scans the whole log (a 600,000-event log, once for each of thirty projections).
      CREATE INDEX IF NOT EXISTS events_type ON events (type);
    `);
    this.statements = {
      currentRevision: this.db.prepare<[string], { revision: number | null }>(
        'SELECT max(revision) AS revision FROM events WHERE stream = ?',
      ),
      byId: this.db.prepare<[string], Row>('SELECT * FROM events WHERE id = ?'),
      insert: this.db.prepare(
        'INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      readStream: this.db.prepare<[string, number, number], Row>(
        'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
      ),
      readAll: this.db.prepare<[number | bigint, number], Row>(
        'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
      ),
      head: this.db.prepare<[], { position: number | null }>(
        'SELECT max(position) AS position FROM events',
      ),
      readAllOfTypes: this.db.prepare<[number | bigint, string, number], Row>(
        'SELECT * FROM events WHERE position > ? AND type IN (SELECT value FROM json_each(?)) ORDER BY position LIMIT ?',
      ),
      positionsOfType: this.db
        .prepare<[string, number | bigint, number | bigint, number], number>(
          'SELECT position FROM events WHERE type = ? AND position > ? AND position <= ? ORDER BY position LIMIT ?',
        )
        .pluck(),
      atPositions: this.db.prepare<[string], Row>(
        'SELECT * FROM events WHERE position IN (SELECT value FROM json_each(?)) ORDER BY position',
      ),
    };
    // One read snapshot: the events of the types asked for, and the head they were read up to.
    // Each type's next positions come from its index (the later types only up to the last position
    // kept so far), merged; then the rows at the first `maxCount` of them.
    this.readOfTypes = this.db.transaction(
      (
        from: bigint,
        types: readonly string[],
        maxCount: number,
      ): { rows: Row[]; head: number | bigint } => {
        const head = this.statements.head.get()?.position ?? 0;
        // Near the head (a subscription following the log), the few rows left are read in order and
        // filtered: cheaper than a query per type.
        if (Number(head) - Number(from) <= SCAN_BELOW)
          return {
            rows: this.statements.readAllOfTypes.all(from, JSON.stringify(types), maxCount),
            head,
          };
        let bound: number | bigint = head;
        let positions: number[] = [];
        for (const type of types) {
          const found = this.statements.positionsOfType.all(type, from, bound, maxCount);
          if (found.length === 0) continue;
          positions = positions.length === 0 ? found : mergeSorted(positions, found, maxCount);
          if (positions.length === maxCount) bound = positions[maxCount - 1]!;
        }
        const rows =
          positions.length === 0 ? [] : this.statements.atPositions.all(JSON.stringify(positions));
        return { rows, head };
      },
    );
    this.appendTransaction = this.makeAppendTransaction();
    // Each append runs in its own savepoint inside the group's transaction: one that fails (wrong
    // expected revision) is rolled back alone, the others commit together.
    this.groupTransaction = this.db.transaction((group: readonly PendingAppend[]) =>
      group.map((item): AppendOutcome => {
        try {
          return { result: this.appendTransaction(item.stream, item.events, item.expected) };
        } catch (error) {
          return { error: error as Error };
        }
      }),
    );
  }

  private commits = 0;
  private appends = 0;

  /** Group commits made and appends they carried (the bench reports appends per fsync). */
  stats(): { readonly commits: number; readonly appends: number } {
    return { commits: this.commits, appends: this.appends };
  }

  /** Commits every append that arrived since the last group, then answers each of them. */
  private readonly commitGroup = (): void => {
    const group = this.pendingAppends;
    this.pendingAppends = [];
    if (group.length === 0) return;
    let outcomes: AppendOutcome[];
    try {
      outcomes = this.closed
        ? group.map(() => ({ error: new Error('Magasin d’événements fermé.') }))
        : this.groupTransaction.immediate(group);
    } catch (error) {
      for (const item of group) item.reject(error as Error);
      return;
    }
    this.commits += 1;
    this.appends += group.length;
    this.appendSequence += 1;
    this.appended.emit('appended');
    group.forEach((item, index) => {
      const outcome = outcomes[index]!;
      if ('result' in outcome) item.resolve(outcome.result);
      else item.reject(outcome.error);
    });
  };

  private makeAppendTransaction() {
    return this.db.transaction(
      (
        stream: string,
        events: readonly EventEnvelope[],
        expected: ExpectedRevision,
      ): AppendResult => {
        const current = this.statements.currentRevision.get(stream)?.revision ?? -1;
        const replay = this.previousAppend(stream, events, expected);
        if (replay) return replay;
        const matches =
          expected === 'any' ||
          (expected === 'no_stream' && current === -1) ||
          (expected === 'stream_exists' && current >= 0) ||
          expected === current;
        if (!matches)
          throw new WrongExpectedRevisionError(
            stream,
            expected,
            current === -1 ? 'no_stream' : current,
          );
        let revision = current;
        let position = 0n;
        for (const event of events) {
          revision += 1;
          const info = this.statements.insert.run(
            event.id,
            stream,
            revision,
            event.type,
            JSON.stringify(event.data),
            JSON.stringify(event.metadata),
          );
          position = BigInt(info.lastInsertRowid);
        }
        return { nextRevision: revision, position: position.toString() };
      },
    );
  }

  /** A retry of an append already stored (same ids, same expected revision) answers the first result. */
  private previousAppend(
    stream: string,
    events: readonly EventEnvelope[],
    expected: ExpectedRevision,
  ): AppendResult | undefined {
    const first = events[0] && this.statements.byId.get(events[0].id);
    if (!first) return undefined;
    const last = this.statements.byId.get(events[events.length - 1]!.id);
    const sameAppend =
      first.stream === stream &&
      last?.stream === stream &&
      last.revision - first.revision === events.length - 1 &&
      (expected === 'any' ||
        expected === 'stream_exists' ||
        (expected === 'no_stream' && first.revision === 0) ||
        expected === first.revision - 1);
    if (!sameAppend) {
      throw new WrongExpectedRevisionError(
        stream,
        expected,
        this.statements.currentRevision.get(stream)?.revision ?? 'no_stream',
      );
    }
    return { nextRevision: last.revision, position: String(last.position) };
  }

  appendToStream(
    stream: string,
    events: readonly EventEnvelope[],
    options: { readonly expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0)
      return Promise.reject(new Error('appendToStream: aucun événement à ajouter.'));
    if (this.closed) return Promise.reject(new Error('Magasin d’événements fermé.'));
    return new Promise((resolve, reject) => {
      // Appends made in the same turn of the event loop are committed together, right after it.
      if (this.pendingAppends.length === 0) setImmediate(this.commitGroup);
      this.pendingAppends.push({
        stream,
        events,
        expected: options.expectedRevision ?? 'any',
        resolve,
        reject,
      });
      // Before durable appends: one transaction per append, at once.
      if (!this.groupCommit) this.commitGroup();
    });
  }

  async readStream(
    stream: string,
    options: { fromRevision?: number; maxCount?: number } = {},
  ): Promise<RecordedEvent[]> {
    return this.statements.readStream
      .all(stream, options.fromRevision ?? 0, options.maxCount ?? Number.MAX_SAFE_INTEGER)
      .map(toRecorded);
  }

  async readAll(options: { fromPosition?: string; maxCount: number }): Promise<RecordedEvent[]> {
    return this.readAllSync(options.fromPosition ?? '0', options.maxCount);
  }

  private readAllSync(from: string, maxCount: number): RecordedEvent[] {
    return this.statements.readAll.all(BigInt(from), maxCount).map(toRecorded);
  }

  /** One statement per number of streams asked about: `EXISTS` on the (stream, revision) key each. */
  private readonly grownStatements = new Map<
    number,
    Database.Statement<unknown[], { n: number }>
  >();

  async grownSince(
    revisions: readonly { readonly stream: string; readonly revision: number }[],
  ): Promise<boolean> {
    if (revisions.length === 0) return false;
    let statement = this.grownStatements.get(revisions.length);
    if (!statement) {
      statement = this.db.prepare<unknown[], { n: number }>(
        `SELECT ${revisions
          .map(() => 'EXISTS (SELECT 1 FROM events WHERE stream = ? AND revision > ?)')
          .join(' OR ')} AS n`,
      );
      this.grownStatements.set(revisions.length, statement);
    }
    return statement.get(...revisions.flatMap((r) => [r.stream, r.revision]))!.n === 1;
  }

  async headPosition(): Promise<string> {
    return String(this.statements.head.get()?.position ?? 0);
  }

  /**
   * Given `eventTypes`, only the events stored under them (and under the old types that upcasting
   * renames) are read and built: a projection no longer builds every event of the log to skip most.
   */
  async *subscribeToAll(
    options: { fromPosition?: string; signal?: AbortSignal; eventTypes?: readonly string[] } = {},
  ): AsyncIterable<SubscriptionMessage> {
    const { signal } = options;
    const types = options.eventTypes
      ? [...new Set([...options.eventTypes, ...UPCAST_TYPES])]
      : undefined;
    let position = options.fromPosition ?? '0';
    let announced = false;
    while (!signal?.aborted && !this.closed) {
      const sequence = this.appendSequence;
      let batch: RecordedEvent[];
      let head: string | undefined;
      if (types === undefined) {
        batch = this.readAllSync(position, this.readBatchSize);
      } else {
        const read = this.readOfTypes(BigInt(position), types, this.readBatchSize);
        batch = read.rows.map(toRecorded);
        head = String(read.head);
      }
      for (const event of batch) {
        yield { type: 'event', event };
        position = event.position;
        if (signal?.aborted || this.closed) return;
      }
      if (batch.length === this.readBatchSize) continue;
      // Read up to the head: the events of other types up to it are passed, not lost.
      const moved = head !== undefined && BigInt(head) > BigInt(position);
      if (moved) position = head!;
      if (batch.length > 0 || moved || !announced) {
        announced = true;
        yield { type: 'caughtUp', position };
      }
      await this.nextAppend(sequence, signal);
    }
  }

  /** Resolves on a local append at once, or after the poll interval (appends of other processes). */
  private nextAppend(sequence: number, signal?: AbortSignal): Promise<void> {
    if (sequence !== this.appendSequence) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.appended.off('appended', done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, this.pollIntervalMs);
      this.appended.once('appended', done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  watchAppends(listener: () => void): () => void {
    this.appended.on('appended', listener);
    return () => this.appended.off('appended', listener);
  }

  appendedElsewhere(): void {
    this.appendSequence += 1;
    this.appended.emit('appended');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.commitGroup();
    this.closed = true;
    this.appended.emit('appended');
    this.db.close();
  }
}
