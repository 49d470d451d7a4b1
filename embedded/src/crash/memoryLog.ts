import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { EventEnvelope, RecordedEvent } from '@examens-pro/domain';
import {
  SqliteEventStore,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type SubscriptionMessage,
} from '@examens-pro/platform';

/**
 * The crash tests' log generator writes its commands here first: the product's command handlers
 * run against this buffer (same port, same revision checks, same replay of a retried append), then
 * `writeLog` copies the whole log into a SQLite event store in big transactions. Appending 200,000
 * events one command at a time through the SQLite adapter takes minutes on a shared machine (one
 * commit each); a few big transactions take seconds.
 */
export class MemoryEventLog implements EventStore {
  readonly events: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly ids = new Map<string, RecordedEvent>();

  async appendToStream(
    stream: string,
    events: readonly EventEnvelope[],
    options: { readonly expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream: aucun événement à ajouter.');
    const recorded = this.streams.get(stream) ?? [];
    const current = recorded.length - 1;
    const expected = options.expectedRevision ?? 'any';
    const first = this.ids.get(events[0]!.id);
    if (first) {
      // A retried append (same event ids) answers the first result, as the stores do.
      const last = this.ids.get(events[events.length - 1]!.id);
      if (first.streamId !== stream || !last || last.streamId !== stream)
        throw new WrongExpectedRevisionError(
          stream,
          expected,
          current === -1 ? 'no_stream' : current,
        );
      return { nextRevision: last.revision, position: last.position };
    }
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
    for (const event of events) {
      const stored = {
        ...event,
        data: structuredClone(event.data),
        streamId: stream,
        revision: recorded.length,
        position: String(this.events.length + 1),
      } as RecordedEvent;
      recorded.push(stored);
      this.events.push(stored);
      this.ids.set(stored.id, stored);
    }
    this.streams.set(stream, recorded);
    const last = recorded[recorded.length - 1]!;
    return { nextRevision: last.revision, position: last.position };
  }

  async readStream(
    stream: string,
    options: { readonly fromRevision?: number; readonly maxCount?: number } = {},
  ): Promise<RecordedEvent[]> {
    const from = options.fromRevision ?? 0;
    return (this.streams.get(stream) ?? []).slice(from, from + (options.maxCount ?? Infinity));
  }

  async readAll(options: { fromPosition?: string; maxCount: number }): Promise<RecordedEvent[]> {
    const from = Number(options.fromPosition ?? '0');
    return this.events.slice(from, from + options.maxCount);
  }

  async *subscribeToAll(
    options: { fromPosition?: string } = {},
  ): AsyncIterable<SubscriptionMessage> {
    const from = Number(options.fromPosition ?? '0');
    for (const event of this.events.slice(from)) yield { type: 'event', event };
    yield { type: 'caughtUp', position: String(this.events.length) };
  }

  async headPosition(): Promise<string> {
    return String(this.events.length);
  }

  async close(): Promise<void> {}
}

/**
 * Copies a generated log into the SQLite event store file `filename` (which must hold no event yet),
 * in transactions of `batch` events. The table is the adapter's own: the adapter opens the file
 * first (creating it), and the log is read back through the adapter to check it landed whole.
 */
export const writeLog = async (
  filename: string,
  events: readonly RecordedEvent[],
  batch = 20_000,
): Promise<void> => {
  mkdirSync(dirname(filename), { recursive: true });
  const adapter = new SqliteEventStore({ filename });
  const before = await adapter.headPosition();
  await adapter.close();
  if (before !== '0') throw new Error(`writeLog : ${filename} contient déjà des événements.`);
  const db = new Database(filename);
  try {
    db.pragma('journal_mode = WAL');
    const insert = db.prepare(
      'INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const write = db.transaction((slice: readonly RecordedEvent[]) => {
      for (const e of slice)
        insert.run(
          e.id,
          e.streamId,
          e.revision,
          e.type,
          JSON.stringify(e.data),
          JSON.stringify(e.metadata),
        );
    });
    for (let i = 0; i < events.length; i += batch) write(events.slice(i, i + batch));
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const check = new SqliteEventStore({ filename });
  try {
    const head = await check.headPosition();
    const [last] = await check.readAll({ fromPosition: String(events.length - 1), maxCount: 1 });
    if (head !== String(events.length) || last?.id !== events[events.length - 1]?.id)
      throw new Error(`writeLog : ${events.length} événements écrits, position de tête ${head}.`);
  } finally {
    await check.close();
  }
};
