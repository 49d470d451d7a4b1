import type {
  CollectionDefinition,
  ReadModelDocument,
  RecordedEvent,
} from '@examens-pro/domain/kernel';

/** What a projection may do while handling one event; writes are batched by the runner. */
export interface ProjectionContext {
  get<T extends ReadModelDocument>(collection: CollectionDefinition, id: string): Promise<T | null>;
  put<T extends ReadModelDocument>(collection: CollectionDefinition, doc: T): void;
  delete(collection: CollectionDefinition, id: string): void;
  /**
   * Leaves out a document put by this batch that the store did not hold when the batch first read
   * it (true); false, changing nothing, when the store may hold it (put it then). Optional.
   */
  discard?(collection: CollectionDefinition, id: string): boolean;
}

export interface Projection {
  /** Stable name: the checkpoint's key. */
  readonly name: string;
  /** Bump when the handling of events changes: the runner then rebuilds from zero. */
  readonly version: number;
  readonly collections: readonly CollectionDefinition[];
  readonly eventTypes: readonly string[];
  /**
   * Histories and statistics, which nobody waits on to carry on working: while another projection
   * of the same runner has events to catch up on, this one gives it the thread (at most
   * `BACKGROUND_WAIT_MS` at a time, so that it still advances under a steady load). Lists first.
   * It also writes smaller batches (`backgroundBatchSize`): a list never waits long behind one.
   */
  readonly background?: boolean;
  /**
   * Documents of its own collections kept in memory between batches (the most recently used, up to
   * this number; default none): the statistics' cells, which most events of a dossier change again,
   * are then read from the store once.
   */
  readonly retainDocuments?: number;
  apply(event: RecordedEvent, context: ProjectionContext): Promise<void>;
}
