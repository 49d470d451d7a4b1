import {
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type CommandStartedEvent,
  type Db,
  type Document,
  type MongoClientOptions,
} from 'mongodb';
import {
  comparePositions,
  type CollectionDefinition,
  indexedFields,
  type ReadModelDocument,
  sortKeyedFields,
} from '@examens-pro/domain/kernel';
import { StaleWriterError } from './port.js';
import type {
  Checkpoint,
  LeaseHolder,
  Collection,
  FieldOperators,
  Filter,
  GroupQuery,
  GroupRow,
  ListJsonResult,
  ListQuery,
  ListResult,
  ReadStore,
  Scalar,
  SortSpec,
  WriteBatch,
} from './port.js';
import { searchText, searchWords, sortKey } from './search.js';

/** Bumped when the stored shape changes: collections are then recreated and projections rebuilt. */
const STORAGE_FORMAT = 2;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const collectionName = (name: string): string => `rm_${name.replace(/-/g, '_')}`;

const isOperators = (value: unknown): value is FieldOperators =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isDuplicateKey = (error: unknown): boolean =>
  error instanceof MongoServerError && error.code === 11000;

const isNamespaceNotFound = (error: unknown): boolean =>
  error instanceof MongoServerError &&
  (error.code === 26 || error.codeName === 'NamespaceNotFound');

/** Tries of a collection's indexes, when declarations from several processes meet. */
const INDEX_ATTEMPTS = 8;

type MongoCollectionHandle = ReturnType<Db['collection']>;

/** The names of a collection's indexes (none while it does not exist). */
const existingIndexes = async (collection: MongoCollectionHandle): Promise<Set<string>> => {
  try {
    return new Set((await collection.listIndexes().toArray()).map((index) => String(index.name)));
  } catch (error) {
    if (isNamespaceNotFound(error)) return new Set();
    throw error;
  }
};

/**
 * How long a command waits for a server to send it to before it fails (the driver's 30 s by
 * default): a request during an outage is answered 503 within seconds (`installErrorHandling`), and
 * nothing else gains by waiting longer (the projections and reactors try again with backoff,
 * readiness asks with its own 2.5 s). A `serverSelectionTimeoutMS` in the URL, or in the `client`
 * options, is kept.
 */
export const SERVER_SELECTION_TIMEOUT_MS = 5000;

export interface MongoReadStoreOptions {
  /** The driver's options (tests: `monitorCommands`). */
  readonly client?: MongoClientOptions;
  /**
   * Whether this process declares collections and their indexes on the server (default): a service
   * that only reads does not, so that it starts, and answers, without writing anything there.
   */
  readonly declaresCollections?: boolean;
}

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

  private readonly declares: boolean;
  /** Why the server did not answer its last heartbeat (none once it answers again). */
  private unreachable: Error | undefined;
  private connecting: Promise<void> | undefined;

  constructor(url: string, dbName?: string, options: MongoReadStoreOptions = {}) {
    this.client = new MongoClient(url, {
      writeConcern: { w: 'majority' },
      ...(/[?&]serverSelectionTimeoutMS=/i.test(url)
        ? {}
        : { serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS }),
      ...options.client,
    });
    this.db = this.client.db(dbName ?? (new URL(url).pathname.replace(/^\//, '') || 'examens_pro'));
    this.declares = options.declaresCollections ?? true;
    this.client.on('serverHeartbeatFailed', (event) => {
      this.unreachable = event.failure;
    });
    this.client.on('serverHeartbeatSucceeded', () => {
      this.unreachable = undefined;
    });
  }

  /**
   * Asks the server whether it answers (readiness): without an answer within `timeoutMs`, fails
   * with the reason the driver last met (connection refused…) instead of waiting for its own
   * 30 s server selection.
   */
  async ping(timeoutMs = 2500): Promise<void> {
    const answered = this.connected().then(() => this.db.command({ ping: 1 }));
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        answered,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(this.unreachable ?? new Error(`pas de réponse en ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
      answered.catch(() => undefined);
    }
  }

  /** The commands this store sends (opened with `monitorCommands: true`): tests count them. */
  onCommandStarted(listener: (event: CommandStartedEvent) => void): void {
    this.client.on('commandStarted', listener);
  }

  /**
   * Connects before any command, and again after a failed try: a client whose first connection
   * failed (the server not there yet) is closed for good by the driver ("Topology is closed"), so
   * each command would fail long after the server is back. Once connected, the driver itself
   * follows the server through outages.
   */
  private connected(): Promise<void> {
    this.connecting ??= this.client.connect().then(
      () => undefined,
      (error: unknown) => {
        this.connecting = undefined;
        throw error;
      },
    );
    return this.connecting;
  }

  async ensureCollection(definition: CollectionDefinition): Promise<void> {
    const known = this.definitions.get(definition.name);
    const ensured = this.ensured.get(definition.name);
    if (known === definition && ensured) return ensured;
    for (const field of Object.keys(definition.fields)) {
      if (!IDENTIFIER.test(field)) throw new Error(`Nom de champ invalide : ${field}`);
    }
    this.definitions.set(definition.name, definition);
    const ensuring: Promise<void> = this.create(definition).catch((error: unknown) => {
      // Not declared after all (server unreachable, connection dropped): the next use tries again.
      if (this.ensured.get(definition.name) === ensuring) this.ensured.delete(definition.name);
      throw error;
    });
    this.ensured.set(definition.name, ensuring);
    return ensuring;
  }

  private async create(definition: CollectionDefinition): Promise<void> {
    // A service that only reads leaves collections and indexes to the projections' process.
    if (!this.declares) return;
    await this.connected();
    // Where an embedded store files it means nothing here (one database): not part of the layout.
    const { storage: _file, ...layout } = definition;
    const serialized = JSON.stringify({ storageFormat: STORAGE_FORMAT, definition: layout });
    const registry = this.db.collection<{ _id: string; definition: string }>('rm_collections');
    const stored = await registry.findOne({ _id: definition.name });
    if (stored && stored.definition !== serialized) {
      await this.drop(definition.name);
      // Which projection filled it is not known here: every one starts again from zero.
      await this.db.collection('rm_checkpoints').deleteMany({});
    }
    const collection = this.db.collection(collectionName(definition.name));
    const indexes = [
      ...indexedFields(definition).map((field) => ({
        key: { [field]: 1 },
        name: `f_${field}`,
      })),
      ...this.stringFields(definition).map((field) => ({
        key: { [`_k.${field}`]: 1 },
        name: `k_${field}`,
      })),
    ];
    await this.createMissingIndexes(collection, indexes);
    if (stored?.definition === serialized) return;
    try {
      await registry.updateOne(
        { _id: definition.name },
        { $set: { definition: serialized } },
        { upsert: true },
      );
    } catch (error) {
      // Another process inserted the same entry at the same moment: it exists now, set it.
      if (!isDuplicateKey(error)) throw error;
      await registry.updateOne({ _id: definition.name }, { $set: { definition: serialized } });
    }
  }

  /**
   * Creates only the indexes the collection lacks: asked for an index that exists, FerretDB v1
   * drops the connection. Another process declaring the same collection at the same moment may
   * create them first (an error here, or a dropped connection): what exists is listed again, and
   * the declaration succeeds once every index is there.
   */
  private async createMissingIndexes(
    collection: MongoCollectionHandle,
    indexes: readonly { key: Record<string, number>; name: string }[],
  ): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const present = await existingIndexes(collection);
      const missing = indexes.filter((index) => !present.has(index.name));
      if (missing.length === 0) return;
      try {
        await collection.createIndexes(missing as never);
        return;
      } catch (error) {
        if (attempt >= INDEX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 50));
      }
    }
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
    // Declared ahead of its first use; a failure (server not answering yet) is not lost: that
    // use declares it again and answers the error.
    this.ensureCollection(definition).catch(() => undefined);
    return new MongoCollection<T>(this, definition);
  }

  /** @internal */
  async raw(definition: CollectionDefinition) {
    await this.ensureCollection(definition);
    await this.connected();
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
    await this.connected();
    // No multi-document transaction here (docs/decisions.md « Adapters › MongoDB adapter within
    // FerretDB v1 »): the lease and the checkpoint are checked first, then documents, then the
    // checkpoint, so a stale writer fails before writing anything.
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
    await this.connected();
    const found = await this.db
      .collection<{ _id: string; position: string; version: string }>('rm_checkpoints')
      .findOne({ _id: projection });
    return found ? { projection, position: found.position, version: found.version } : null;
  }

  async reset(projection: string, collections: readonly CollectionDefinition[]): Promise<void> {
    await this.connected();
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
    await this.connected();
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
    await this.connected();
    await this.db.collection('rm_leases').deleteOne({ _id: name as never, owner });
  }

  async leaseHolder(name: string): Promise<LeaseHolder | null> {
    await this.connected();
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
    // Only the fields asked for (`id` always); the sort keys and search text never leave.
    if (query.fields)
      cursor = cursor.project(
        Object.fromEntries(['id', ...query.fields].map((field) => [field, 1])),
      );
    const [items, total] = await Promise.all([cursor.toArray(), collection.countDocuments(filter)]);
    return { items: items.map((stored) => fromStored<T>(stored)!), total };
  }

  /** The page of `list` serialised here: the driver has decoded its BSON into objects already. */
  async listJson(query: ListQuery): Promise<ListJsonResult> {
    const { items, total } = await this.list(query);
    return { json: JSON.stringify(items), count: items.length, total };
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
