import type { CollectionDefinition, ReadModelDocument } from '@examens-pro/domain/kernel';

export type Scalar = string | number | boolean | null;

export interface FieldOperators {
  readonly $eq?: Scalar;
  readonly $ne?: Scalar;
  readonly $in?: readonly Scalar[];
  readonly $gt?: string | number;
  readonly $gte?: string | number;
  readonly $lt?: string | number;
  readonly $lte?: string | number;
}

/**
 * A filter: field conditions joined by AND, and `$q`, a "contains" search over the collection's
 * search fields, insensitive to case and accents (every word must be found).
 */
export interface Filter {
  readonly [field: string]: Scalar | FieldOperators | undefined;
  readonly $q?: string;
}

export interface SortSpec {
  readonly field: string;
  readonly order: 'ASC' | 'DESC';
}

export interface ListQuery {
  readonly filter?: Filter;
  readonly sort?: readonly SortSpec[];
  readonly skip?: number;
  readonly limit?: number;
  /**
   * The top-level fields each listed document carries (`id` always); a field a document lacks stays
   * absent. Default: whole documents.
   */
  readonly fields?: readonly string[];
}

export interface ListResult<T> {
  readonly items: T[];
  readonly total: number;
}

/** A page as JSON text: what an HTTP list answers, built without parsing each stored document. */
export interface ListJsonResult {
  /** The page's documents as a JSON array (the same documents as `list`'s, in order). */
  readonly json: string;
  /** Documents in the page. */
  readonly count: number;
  readonly total: number;
}

export interface GroupQuery {
  readonly filter?: Filter;
  readonly by: readonly string[];
  readonly sum?: readonly string[];
}

export interface GroupRow {
  readonly key: Record<string, Scalar>;
  readonly count: number;
  readonly sums: Record<string, number>;
}

export interface Collection<T extends ReadModelDocument> {
  get(id: string): Promise<T | null>;
  getMany(ids: readonly string[]): Promise<T[]>;
  list(query: ListQuery): Promise<ListResult<T>>;
  /** `list`'s page as JSON text (the SQLite store sends its stored text without parsing it). */
  listJson(query: ListQuery): Promise<ListJsonResult>;
  count(filter?: Filter): Promise<number>;
  group(query: GroupQuery): Promise<GroupRow[]>;
  /** Every matching document in order, fetched in batches: exports never hold a whole list in memory. */
  stream(
    query: Omit<ListQuery, 'skip' | 'limit' | 'fields'> & { readonly batchSize?: number },
  ): AsyncIterable<T>;
}

export type WriteOperation =
  | { readonly collection: string; readonly type: 'put'; readonly doc: ReadModelDocument }
  | { readonly collection: string; readonly type: 'delete'; readonly id: string };

export interface Checkpoint {
  readonly projection: string;
  readonly position: string;
  /** Identifies the projection's code and collections: a change triggers a rebuild. */
  readonly version: string;
}

export interface WriteBatch {
  readonly operations: readonly WriteOperation[];
  /** Written with the documents (one transaction where the adapter can, otherwise last). */
  readonly checkpoint?: Checkpoint;
  /**
   * Fencing: the batch is written only while this lease is held by this owner. A writer that lost
   * its lease (paused past its expiry) then fails instead of overwriting its successor's work.
   */
  readonly lease?: { readonly name: string; readonly owner: string };
}

/** A write refused because it would move a checkpoint backwards or its lease is held by another. */
export class StaleWriterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StaleWriterError';
  }
}

export interface LeaseHolder {
  readonly owner: string;
  readonly expiresAt: number;
}

export interface ReadStore {
  /** Creates the collection and its indexes if needed. */
  ensureCollection(definition: CollectionDefinition): Promise<void>;
  collection<T extends ReadModelDocument>(definition: CollectionDefinition): Collection<T>;
  write(batch: WriteBatch): Promise<void>;
  getCheckpoint(projection: string): Promise<Checkpoint | null>;
  /** Empties collections and forgets a checkpoint: the start of a rebuild. */
  reset(projection: string, collections: readonly CollectionDefinition[]): Promise<void>;
  /**
   * A lease names one writer; false while another owner's lease has not expired, unless that owner
   * is `replacing` (a previous incarnation of the caller, known dead: taken over at once).
   */
  acquireLease(name: string, owner: string, ttlMs: number, replacing?: string): Promise<boolean>;
  leaseHolder(name: string): Promise<LeaseHolder | null>;
  releaseLease(name: string, owner: string): Promise<void>;
  close(): Promise<void>;
}
