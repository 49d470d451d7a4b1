import {
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type Db,
  type Document,
} from 'mongodb';
import {
  comparePositions,
  type CollectionDefinition,
  type ReadModelDocument,
  sortKeyedFields,
} from '@examens-pro/domain';
import { StaleWriterError } from './port.js';
import type {
  Checkpoint,
  LeaseHolder,
  Collection,
  FieldOperators,
  Filter,
  GroupQuery,
  GroupRow,
  ListQuery,
  ListResult,
  ReadStore,
  Scalar,
  SortSpec,
  WriteBatch,
} from './port.js';
import { searchText, searchWords, sortKey } from './search.js';

/** Bumped when the stored shape changes: collections are then recreated and projections rebuilt. */
const STORAGE_FORMAT = 1;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const collectionName = (name: string): string => `rm_${name.replace(/-/g, '_')}`;

const isOperators = (value: unknown): value is FieldOperators =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isDuplicateKey = (error: unknown): boolean =>
  error instanceof MongoServerError && error.code === 11000;

/**
 * Read store on MongoDB. Each document is stored as it is, with `_id` = its id, plus two hidden
 * fields: `_k` (French sort keys of the string fields) and `_s` (the normalised search text).
 *
 * Kept inside what MongoDB, and FerretDB v1 (the MongoDB-protocol server the tests run), both do:
 * no transactions (documents first, checkpoint last; writes are whole documents by id, so a batch
 * written twice after a crash gives the same result), no collation (sort keys instead), no text
 * index (a regex on `_s`), `$group` with `$sum` only, no partial or TTL indexes (leases expire by
 * comparing a date), no `$facet` (the total is a separate count).
 */
export class MongoReadStore implements ReadStore {
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly definitions = new Map<string, CollectionDefinition>();
  private readonly ensured = new Map<string, Promise<void>>();

  constructor(url: string, dbName?: string) {
    this.client = new MongoClient(url, { writeConcern: { w: 'majority' } });
    this.db = this.client.db(dbName ?? (new URL(url).pathname.replace(/^\//, '') || 'examens_pro'));
  }

  async ensureCollection(definition: CollectionDefinition): Promise<void> {
    const known = this.definitions.get(definition.name);
    if (known === definition) return this.ensured.get(definition.name);
    for (const field of Object.keys(definition.fields)) {
      if (!IDENTIFIER.test(field)) throw new Error(`Nom de champ invalide : ${field}`);
    }
    this.definitions.set(definition.name, definition);
    const ensuring = this.create(definition);
    this.ensured.set(definition.name, ensuring);
    return ensuring;
  }

  private async create(definition: CollectionDefinition): Promise<void> {
    const serialized = JSON.stringify({ storageFormat: STORAGE_FORMAT, definition });
    const registry = this.db.collection<{ _id: string; definition: string }>('rm_collections');
    const stored = await registry.findOne({ _id: definition.name });
    if (stored && stored.definition !== serialized) {
      await this.drop(definition.name);
      // Which projection filled it is not known here: every one starts again from zero.
      await this.db.collection('rm_checkpoints').deleteMany({});
    }
    const collection = this.db.collection(collectionName(definition.name));
    const indexes = [
      ...Object.keys(definition.fields).map((field) => ({
        key: { [field]: 1 },
        name: `f_${field}`,
      })),
      ...this.stringFields(definition).map((field) => ({
        key: { [`_k.${field}`]: 1 },
        name: `k_${field}`,
      })),
    ];
    if (indexes.length > 0) await collection.createIndexes(indexes as never);
    await registry.updateOne(
      { _id: definition.name },
      { $set: { definition: serialized } },
      { upsert: true },
    );
  }

  private async drop(name: string): Promise<void> {
    await this.db
      .collection(collectionName(name))
      .drop()
      .catch((error: unknown) => {
        if (!(error instanceof MongoServerError && error.codeName === 'NamespaceNotFound'))
          throw error;
      });
    await this.db.collection('rm_collections').deleteOne({ _id: name as never });
  }

  /** The string fields with a French sort key (all of them unless the definition names some). */
  private stringFields(definition: CollectionDefinition): string[] {
    return sortKeyedFields(definition);
  }

  private definitionOf(name: string): CollectionDefinition {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`Collection non déclarée : ${name}`);
    return definition;
  }

  collection<T extends ReadModelDocument>(definition: CollectionDefinition): Collection<T> {
    void this.ensureCollection(definition);
    return new MongoCollection<T>(this, definition);
  }

  /** @internal */
  async raw(definition: CollectionDefinition) {
    await this.ensureCollection(definition);
    return this.db.collection(collectionName(definition.name));
  }

  /** What is stored for a document: itself, its sort keys and its search text. */
  private stored(definition: CollectionDefinition, doc: ReadModelDocument): Document {
    const fields = doc as unknown as Record<string, unknown>;
    return {
      ...fields,
      _id: doc.id,
      _k: Object.fromEntries(
        this.stringFields(definition).map((field) => [field, sortKey(fields[field])]),
      ),
      _s: searchText(fields, definition.searchFields),
    };
  }

  async write(batch: WriteBatch): Promise<void> {
    // No multi-document transaction here (see README): the lease and the checkpoint are checked
    // first, then documents, then the checkpoint, so a stale writer fails before writing anything.
    if (batch.lease) {
      const holder = await this.leaseHolder(batch.lease.name);
      if (holder?.owner !== batch.lease.owner)
        throw new StaleWriterError(`Bail « ${batch.lease.name} » repris par une autre instance.`);
    }
    if (batch.checkpoint) {
      const stored = await this.getCheckpoint(batch.checkpoint.projection);
      if (
        stored &&
        stored.version === batch.checkpoint.version &&
        comparePositions(batch.checkpoint.position, stored.position) < 0
      )
        throw new StaleWriterError(
          `Point de reprise de « ${stored.projection} » : ${stored.position} ne recule pas à ${batch.checkpoint.position}.`,
        );
    }
    const byCollection = new Map<string, AnyBulkWriteOperation[]>();
    for (const operation of batch.operations) {
      const definition = this.definitionOf(operation.collection);
      let operations = byCollection.get(definition.name);
      if (!operations) byCollection.set(definition.name, (operations = []));
      operations.push(
        operation.type === 'delete'
          ? { deleteOne: { filter: { _id: operation.id as never } } }
          : {
              replaceOne: {
                filter: { _id: operation.doc.id as never },
                replacement: this.stored(definition, operation.doc),
                upsert: true,
              },
            },
      );
    }
    for (const [name, operations] of byCollection) {
      await (await this.raw(this.definitionOf(name))).bulkWrite(operations, { ordered: true });
    }
    // The checkpoint goes last: after a crash in between, the batch is written again, identically.
    if (batch.checkpoint) {
      const { projection, position, version } = batch.checkpoint;
      await this.db
        .collection<{ _id: string; position: string; version: string }>('rm_checkpoints')
        .updateOne({ _id: projection }, { $set: { position, version } }, { upsert: true });
    }
  }

  async getCheckpoint(projection: string): Promise<Checkpoint | null> {
    const found = await this.db
      .collection<{ _id: string; position: string; version: string }>('rm_checkpoints')
      .findOne({ _id: projection });
    return found ? { projection, position: found.position, version: found.version } : null;
  }

  async reset(projection: string, collections: readonly CollectionDefinition[]): Promise<void> {
    for (const definition of collections) {
      await this.drop(definition.name);
      this.definitions.delete(definition.name);
      this.ensured.delete(definition.name);
    }
    await this.db.collection('rm_checkpoints').deleteOne({ _id: projection as never });
    for (const definition of collections) await this.ensureCollection(definition);
  }

  async acquireLease(
    name: string,
    owner: string,
    ttlMs: number,
    replacing?: string,
  ): Promise<boolean> {
    const leases = this.db.collection<{ _id: string; owner: string; expiresAt: number }>(
      'rm_leases',
    );
    const now = Date.now();
    try {
      await leases.insertOne({ _id: name, owner, expiresAt: now + ttlMs });
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const taken = await leases.updateOne(
      {
        _id: name,
        $or: [{ owner }, { expiresAt: { $lt: now } }, ...(replacing ? [{ owner: replacing }] : [])],
      },
      { $set: { owner, expiresAt: now + ttlMs } },
    );
    return taken.matchedCount === 1;
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    await this.db.collection('rm_leases').deleteOne({ _id: name as never, owner });
  }

  async leaseHolder(name: string): Promise<LeaseHolder | null> {
    const found = await this.db
      .collection<{ _id: string; owner: string; expiresAt: number }>('rm_leases')
      .findOne({ _id: name });
    return found ? { owner: found.owner, expiresAt: found.expiresAt } : null;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

const fromStored = <T>(stored: Document | null): T | null => {
  if (!stored) return null;
  const { _id, _k, _s, ...doc } = stored;
  void _id;
  void _k;
  void _s;
  return doc as T;
};

class MongoCollection<T extends ReadModelDocument> implements Collection<T> {
  constructor(
    private readonly store: MongoReadStore,
    private readonly definition: CollectionDefinition,
  ) {}

  private field(field: string): string {
    if (field === 'id') return '_id';
    if (!Object.hasOwn(this.definition.fields, field))
      throw new Error(`Champ non déclaré : ${field}`);
    return field;
  }

  private query(filter: Filter = {}): Document {
    const clauses: Document[] = [];
    for (const [field, condition] of Object.entries(filter)) {
      if (condition === undefined) continue;
      if (field === '$q') {
        const { trigram, short } = searchWords(String(condition));
        for (const word of [...trigram, ...short])
          clauses.push({ _s: { $regex: escapeRegex(word) } });
        continue;
      }
      const path = this.field(field);
      const operators: FieldOperators = isOperators(condition)
        ? condition
        : { $eq: condition as Scalar };
      for (const [operator, value] of Object.entries(operators)) {
        if (value === undefined) continue;
        switch (operator) {
          case '$eq':
            clauses.push({ [path]: value });
            break;
          case '$ne':
            clauses.push({ [path]: { $ne: value } });
            break;
          case '$in':
            clauses.push({ [path]: { $in: value } });
            break;
          case '$gt':
          case '$gte':
          case '$lt':
          case '$lte':
            clauses.push({ [path]: { [operator]: value } });
            break;
          default:
            throw new Error(`Opérateur inconnu : ${operator}`);
        }
      }
    }
    return clauses.length === 0 ? {} : clauses.length === 1 ? clauses[0]! : { $and: clauses };
  }

  private sort(sort: readonly SortSpec[] | undefined): Record<string, 1 | -1> {
    const specs = sort && sort.length > 0 ? sort : [this.definition.defaultSort];
    const order: Record<string, 1 | -1> = {};
    for (const { field, order: direction } of specs) {
      const path = sortKeyedFields(this.definition).includes(field)
        ? `_k.${field}`
        : this.field(field);
      order[path] = direction === 'DESC' ? -1 : 1;
    }
    if (!('_id' in order)) order._id = 1;
    return order;
  }

  async get(id: string): Promise<T | null> {
    return fromStored<T>(
      await (await this.store.raw(this.definition)).findOne({ _id: id as never }),
    );
  }

  async getMany(ids: readonly string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    const found = await (
      await this.store.raw(this.definition)
    )
      .find({ _id: { $in: [...ids] as never[] } })
      .toArray();
    const byId = new Map(found.map((stored) => [String(stored._id), fromStored<T>(stored)!]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  async list(query: ListQuery): Promise<ListResult<T>> {
    const collection = await this.store.raw(this.definition);
    const filter = this.query(query.filter);
    let cursor = collection
      .find(filter)
      .sort(this.sort(query.sort))
      .skip(query.skip ?? 0);
    if (query.limit !== undefined && query.limit >= 0) cursor = cursor.limit(query.limit);
    const [items, total] = await Promise.all([cursor.toArray(), collection.countDocuments(filter)]);
    return { items: items.map((stored) => fromStored<T>(stored)!), total };
  }

  async count(filter?: Filter): Promise<number> {
    return (await this.store.raw(this.definition)).countDocuments(this.query(filter));
  }

  /**
   * One `$group` per accumulator, merged by key: FerretDB v1 computes only the first accumulator of
   * a `$group` (the others come back 0). On MongoDB this costs a round trip per sum, nothing else.
   */
  async group(query: GroupQuery): Promise<GroupRow[]> {
    const collection = await this.store.raw(this.definition);
    const key =
      query.by.length === 0
        ? null
        : Object.fromEntries(query.by.map((field, i) => [`g${i}`, `$${this.field(field)}`]));
    const match = this.query(query.filter);
    const accumulate = async (accumulator: Document) =>
      collection
        .aggregate([
          { $match: match },
          { $group: { _id: key, value: accumulator } },
          { $sort: { _id: 1 } },
        ])
        .toArray();
    const counts = await accumulate({ $sum: 1 });
    const sums = await Promise.all(
      (query.sum ?? []).map((field) => accumulate({ $sum: `$${this.field(field)}` })),
    );
    const sumByKey = sums.map(
      (rows) => new Map(rows.map((row) => [JSON.stringify(row._id), Number(row.value ?? 0)])),
    );
    return counts.map((row) => ({
      key: Object.fromEntries(
        query.by.map((field, i) => [
          field,
          ((row._id as Record<string, Scalar> | null)?.[`g${i}`] ?? null) as Scalar,
        ]),
      ),
      count: Number(row.value),
      sums: Object.fromEntries(
        (query.sum ?? []).map((field, i) => [
          field,
          sumByKey[i]!.get(JSON.stringify(row._id)) ?? 0,
        ]),
      ),
    }));
  }

  async *stream(
    query: Omit<ListQuery, 'skip' | 'limit'> & { batchSize?: number },
  ): AsyncIterable<T> {
    const collection = await this.store.raw(this.definition);
    const cursor = collection
      .find(this.query(query.filter))
      .sort(this.sort(query.sort))
      .batchSize(query.batchSize ?? 1000);
    for await (const stored of cursor) yield fromStored<T>(stored)!;
  }
}
