import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  upcast,
  type EventEnvelope,
  type EventMetadata,
  type RecordedEvent,
} from '@examens-pro/domain/kernel';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type SubscriptionMessage,
} from './port.js';

const toExpected = (expected: ExpectedRevision): AppendExpectedRevision => {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  return BigInt(expected);
};

/** Our position is the commit position, in decimal (contracts); reading resumes from it. */
const fromPosition = (position: string | undefined): Position | typeof START =>
  position === undefined || position === '0'
    ? START
    : { commit: BigInt(position), prepare: BigInt(position) };

const toRecorded = (
  resolved: ResolvedEvent | AllStreamResolvedEvent,
): RecordedEvent | undefined => {
  const event = resolved.event;
  if (!event || event.type.startsWith('$')) return undefined;
  // An old event type is read as today's (upcast).
  return upcast({
    id: event.id,
    type: event.type,
    data: event.data as unknown,
    metadata: event.metadata as unknown as EventMetadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: String(event.position?.commit ?? 0n),
  } as RecordedEvent);
};

/**
 * Event store on EventStoreDB (`EVENTSTORE_URL`). Streams, expected revisions and idempotent retries
 * (same event ids, same expected revision) are EventStoreDB's own; system events (`$…`) are hidden.
 *
 * Positions are commit positions, which the events of one append share: reading "after" a position
 * skips all of them, so the projection runner never checkpoints in the middle of an append (it
 * writes a batch only when the next event starts a new position).
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;

  constructor(url: string) {
    this.client = EventStoreDBClient.connectionString(url);
  }

  async appendToStream(
    stream: string,
    events: readonly EventEnvelope[],
    options: { readonly expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream: aucun événement à ajouter.');
    const expected = options.expectedRevision ?? 'any';
    try {
      const result = await this.client.appendToStream(
        stream,
        events.map((event) =>
          jsonEvent({
            id: event.id,
            type: event.type,
            data: event.data as never,
            metadata: event.metadata as never,
          }),
        ),
        { expectedRevision: toExpected(expected) },
      );
      return {
        nextRevision: Number(result.nextExpectedRevision),
        position: String(result.position?.commit ?? 0n),
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new WrongExpectedRevisionError(
          stream,
          expected,
          typeof actual === 'bigint' ? Number(actual) : 'no_stream',
        );
      }
      throw error;
    }
  }

  async readStream(
    stream: string,
    options: { fromRevision?: number; maxCount?: number } = {},
  ): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, {
        direction: FORWARDS,
        fromRevision: options.fromRevision ? BigInt(options.fromRevision) : START,
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      })) {
        const recorded = toRecorded(resolved);
        if (recorded) events.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: { fromPosition?: string; maxCount: number }): Promise<RecordedEvent[]> {
    const after = BigInt(options.fromPosition ?? '0');
    const events: RecordedEvent[] = [];
    // Events of the position itself come back first: read a little more and drop them.
    for await (const resolved of this.client.readAll({
      direction: FORWARDS,
      fromPosition: fromPosition(options.fromPosition),
      maxCount: options.maxCount + 64,
    })) {
      const recorded = toRecorded(resolved);
      if (!recorded || BigInt(recorded.position) <= after) continue;
      events.push(recorded);
      if (events.length >= options.maxCount) break;
    }
    return events;
  }

  /**
   * Reads the log in batches after the position; once a batch comes back short, announces
   * "caught up" and waits for the next append. A live subscription from the end only serves to wake
   * the reader (at most 500 ms of sleep without it), so delivery never depends on its buffering.
   */
  async *subscribeToAll(
    options: { fromPosition?: string; signal?: AbortSignal } = {},
  ): AsyncIterable<SubscriptionMessage> {
    const { signal } = options;
    let position = options.fromPosition ?? '0';
    let appended = 0;
    let wake: (() => void) | undefined;
    const live = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    live.on('data', () => {
      appended += 1;
      wake?.();
    });
    live.on('error', () => undefined);
    let announced = false;
    try {
      while (!signal?.aborted) {
        const seen = appended;
        const batch = await this.readAll({ fromPosition: position, maxCount: 1000 });
        for (const event of batch) {
          yield { type: 'event', event };
          position = event.position;
          if (signal?.aborted) return;
        }
        if (batch.length === 1000) continue;
        if (batch.length > 0 || !announced) {
          announced = true;
          yield { type: 'caughtUp', position };
        }
        if (appended !== seen) continue;
        await new Promise<void>((resolve) => {
          const done = (): void => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            wake = undefined;
            resolve();
          };
          const timer = setTimeout(done, 500);
          wake = done;
          signal?.addEventListener('abort', done, { once: true });
        });
      }
    } finally {
      await live.unsubscribe().catch(() => undefined);
    }
  }

  async headPosition(): Promise<string> {
    for await (const resolved of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 20,
    })) {
      const recorded = toRecorded(resolved);
      if (recorded) return recorded.position;
    }
    return '0';
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
