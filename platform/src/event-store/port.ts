import {
  ConcurrencyError,
  type EventEnvelope,
  type RecordedEvent,
} from '@examens-pro/domain/kernel';

/** `no_stream`: the stream must not exist; `stream_exists`: it must; a number: its exact last revision. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event appended (the stream's new revision). */
  readonly nextRevision: number;
  /** Global position of the last event appended. */
  readonly position: string;
}

export type SubscriptionMessage =
  | { readonly type: 'event'; readonly event: RecordedEvent }
  /** Every stored event up to `position` has been delivered; what follows arrives live. */
  | { readonly type: 'caughtUp'; readonly position: string };

export interface EventStore {
  appendToStream(
    stream: string,
    events: readonly EventEnvelope[],
    options?: { readonly expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  /** The stream's events in order; an empty array when the stream does not exist. */
  readStream(
    stream: string,
    options?: { readonly fromRevision?: number; readonly maxCount?: number },
  ): Promise<RecordedEvent[]>;
  /** Events of every stream after `fromPosition` (exclusive), in global order. */
  readAll(options: {
    readonly fromPosition?: string;
    readonly maxCount: number;
  }): Promise<RecordedEvent[]>;
  /**
   * Every event after `fromPosition`, then live appends, until the signal aborts. `eventTypes` is a
   * hint: a store may then deliver only events stored under these types, its "caught up" position
   * still being the head it read up to (a subscriber still checks the types it handles).
   */
  subscribeToAll(options: {
    readonly fromPosition?: string;
    readonly signal?: AbortSignal;
    readonly eventTypes?: readonly string[];
  }): AsyncIterable<SubscriptionMessage>;
  /** Position of the last stored event ('0' when the store is empty). */
  headPosition(): Promise<string>;
  /**
   * Whether any of these streams holds an event past the revision given (-1: any event), in one
   * read (a signed-in request checks its user's and profile's streams). Optional: without it, a
   * caller reads each stream from the revision after.
   */
  grownSince?(
    revisions: readonly { readonly stream: string; readonly revision: number }[],
  ): Promise<boolean>;
  /**
   * Stores whose subscriptions wait on local appends (SQLite): `watchAppends` calls back after each
   * commit of this instance, `appendedElsewhere` wakes its subscriptions for another instance's
   * commit (another thread on the same file) instead of waiting for the next poll.
   */
  watchAppends?(listener: () => void): () => void;
  appendedElsewhere?(): void;
  close(): Promise<void>;
}

/** The expected revision did not match: a concurrent change won. HTTP 412 through ConcurrencyError. */
export class WrongExpectedRevisionError extends ConcurrencyError {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super();
  }
}

/**
 * Runs a read-decide-append again when a concurrent append moved the stream between the read and
 * the append (at most `attempts` times): the command is decided afresh on what is there now. Any
 * other error, or the last conflict, goes to the caller.
 */
export const retryOnConflict = async <T>(run: () => Promise<T>, attempts = 5): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt < attempts) continue;
      throw error;
    }
  }
};
