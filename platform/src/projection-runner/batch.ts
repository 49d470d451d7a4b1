import type { CollectionDefinition, ReadModelDocument } from '@examens-pro/domain/kernel';
import type { ReadStore, WriteOperation } from '../read-store/port.js';
import type { ProjectionContext } from './projection.js';

/**
 * The documents a batch of events touches, kept in memory until the batch is written: a document
 * changed by several events of one batch is read once and written once, in its final state.
 * Writes go collection after collection in `order` (a projection's collections, as it declares
 * them), then any other: a store without transactions (MongoDB) writes them in that order, so a
 * projection can rely on one collection being written before another (counters before the facts
 * that skip redeliveries).
 */
export class BatchContext implements ProjectionContext {
  private readonly documents = new Map<string, Map<string, ReadModelDocument | null>>();
  private readonly dirty = new Map<string, Set<string>>();
  private readonly own: ReadonlySet<string>;
  /** Per collection, the documents this batch read first as absent (`discard` may drop them). */
  private readonly absentBefore = new Map<string, Set<string>>();
  /** Per collection, the documents this batch touched (read, written or deleted). */
  private readonly touched = new Map<string, Set<string>>();
  /** Since `startEmpty`: the ids written to its own collections (a read of any other finds nothing). */
  private written: WrittenIds | undefined;

  /**
   * `retain`: documents of the projection's own collections (`order`) kept in memory from one
   * batch to the next, the latest first kept, up to this number (0: none). Only the projection
   * writes them, under its lease: what it wrote is what the store holds. A failed write ends the
   * runner's loop, and this context with it.
   */
  constructor(
    private readonly store: ReadStore,
    private readonly order: readonly string[] = [],
    private readonly retain = 0,
  ) {
    for (const name of order) this.dirty.set(name, new Set());
    this.own = new Set(order);
  }

  /**
   * The projection's own collections are empty (a rebuild, a first start): a document it has not
   * written is not there, and is not asked of the store (most reads of a rebuild find nothing).
   */
  startEmpty(): void {
    this.written = new WrittenIds();
  }

  private docs(collection: string): Map<string, ReadModelDocument | null> {
    let docs = this.documents.get(collection);
    if (!docs) this.documents.set(collection, (docs = new Map()));
    return docs;
  }

  private markDirty(collection: string, id: string): void {
    let ids = this.dirty.get(collection);
    if (!ids) this.dirty.set(collection, (ids = new Set()));
    ids.add(id);
  }

  async get<T extends ReadModelDocument>(
    collection: CollectionDefinition,
    id: string,
  ): Promise<T | null> {
    const docs = this.docs(collection.name);
    let doc = docs.get(id) as T | null | undefined;
    if (doc === undefined) {
      if (this.written && this.own.has(collection.name) && !this.written.has(collection.name, id))
        doc = null;
      else doc = await this.store.collection<T>(collection).get(id);
      docs.set(id, doc);
    }
    const touched = this.ids(this.touched, collection.name);
    if (!touched.has(id)) {
      touched.add(id);
      if (doc === null) this.ids(this.absentBefore, collection.name).add(id);
    }
    return doc;
  }

  private ids(sets: Map<string, Set<string>>, collection: string): Set<string> {
    let ids = sets.get(collection);
    if (!ids) sets.set(collection, (ids = new Set()));
    return ids;
  }

  /**
   * Leaves out a document this batch created (absent when the batch first read it): it is neither
   * written nor kept, as if never put. False, changing nothing, for one the store may hold: the
   * caller writes it then. (A statistics cell that one batch fills and empties again is not worth
   * a row.)
   */
  discard(collection: CollectionDefinition, id: string): boolean {
    if (!this.absentBefore.get(collection.name)?.has(id)) return false;
    this.dirty.get(collection.name)?.delete(id);
    this.docs(collection.name).set(id, null);
    return true;
  }

  /** Kept until the batch is written (and after it, up to `retain`: the first kept go first). */
  private keep(collection: string, id: string, doc: ReadModelDocument | null): void {
    const docs = this.docs(collection);
    docs.set(id, doc);
    this.ids(this.touched, collection).add(id);
  }

  put<T extends ReadModelDocument>(collection: CollectionDefinition, doc: T): void {
    this.keep(collection.name, doc.id, doc);
    this.markDirty(collection.name, doc.id);
  }

  delete(collection: CollectionDefinition, id: string): void {
    this.keep(collection.name, id, null);
    this.markDirty(collection.name, id);
  }

  get size(): number {
    let n = 0;
    for (const ids of this.dirty.values()) n += ids.size;
    return n;
  }

  /**
   * The writes of the batch, then a clean slate: the documents of other collections are dropped
   * (another projection writes them), those of its own beyond `retain` too (the first kept).
   */
  drain(): WriteOperation[] {
    const operations: WriteOperation[] = [];
    for (const [collection, ids] of this.dirty) {
      const docs = this.docs(collection);
      for (const id of ids) {
        const doc = docs.get(id);
        if (doc) this.written?.add(collection, id);
        operations.push(
          doc ? { collection, type: 'put', doc } : { collection, type: 'delete', id },
        );
      }
    }
    this.forget();
    this.dirty.clear();
    this.touched.clear();
    this.absentBefore.clear();
    for (const name of this.order) this.dirty.set(name, new Set());
    return operations;
  }

  private forget(): void {
    if (this.retain === 0) {
      this.documents.clear();
      return;
    }
    let kept = 0;
    for (const [collection, docs] of this.documents) {
      if (this.order.includes(collection)) kept += docs.size;
      else this.documents.delete(collection);
    }
    // The first kept go first, in each collection in turn.
    for (const docs of this.documents.values()) {
      for (const id of docs.keys()) {
        if (kept <= this.retain) return;
        docs.delete(id);
        kept -= 1;
      }
    }
  }
}

/**
 * A Bloom filter of the ids written (2 MiB, three bits an id): « not written » is certain, « may
 * have been » is wrong once in a hundred reads at a million ids (the store is then asked).
 */
class WrittenIds {
  private static readonly BITS = 1 << 24;
  private readonly bits = new Uint32Array(WrittenIds.BITS >>> 5);

  private positions(collection: string, id: string): [number, number, number] {
    // FNV-1a, and a second hash from another offset, combined (double hashing).
    let a = 0x811c9dc5;
    let b = 0x01000193;
    const key = `${collection}\u0000${id}`;
    for (let i = 0; i < key.length; i += 1) {
      const c = key.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
    }
    const mask = WrittenIds.BITS - 1;
    b |= 1;
    return [a & mask, (a + b) & mask, (a + 2 * b) & mask];
  }

  add(collection: string, id: string): void {
    for (const bit of this.positions(collection, id)) this.bits[bit >>> 5]! |= 1 << (bit & 31);
  }

  has(collection: string, id: string): boolean {
    return this.positions(collection, id).every(
      (bit) => (this.bits[bit >>> 5]! & (1 << (bit & 31))) !== 0,
    );
  }
}
