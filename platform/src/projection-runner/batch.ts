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

  constructor(
    private readonly store: ReadStore,
    private readonly order: readonly string[] = [],
  ) {
    for (const name of order) this.dirty.set(name, new Set());
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
    if (docs.has(id)) return docs.get(id) as T | null;
    const doc = await this.store.collection<T>(collection).get(id);
    docs.set(id, doc);
    return doc;
  }

  put<T extends ReadModelDocument>(collection: CollectionDefinition, doc: T): void {
    this.docs(collection.name).set(doc.id, doc);
    this.markDirty(collection.name, doc.id);
  }

  delete(collection: CollectionDefinition, id: string): void {
    this.docs(collection.name).set(id, null);
    this.markDirty(collection.name, id);
  }

  get size(): number {
    let n = 0;
    for (const ids of this.dirty.values()) n += ids.size;
    return n;
  }

  /** The writes of the batch, then a clean slate (cached reads are dropped too: another writer may exist). */
  drain(): WriteOperation[] {
    const operations: WriteOperation[] = [];
    for (const [collection, ids] of this.dirty) {
      const docs = this.docs(collection);
      for (const id of ids) {
        const doc = docs.get(id);
        operations.push(
          doc ? { collection, type: 'put', doc } : { collection, type: 'delete', id },
        );
      }
    }
    this.documents.clear();
    this.dirty.clear();
    for (const name of this.order) this.dirty.set(name, new Set());
    return operations;
  }
}
