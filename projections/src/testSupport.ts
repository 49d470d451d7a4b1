import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SYSTEM_ACTOR,
  type CollectionDefinition,
  type DomainEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import {
  MongoReadStore,
  SqliteEventStore,
  SqliteReadStore,
  type ReadStore,
} from '@examens-pro/platform';
import { BatchContext, type Projection } from '@examens-pro/platform';

export type ReadStoreKind = 'SQLite' | 'MongoDB';

/**
 * The read stores projections are tested on: SQLite always, MongoDB when the global setup brought
 * one up (FerretDB, built by the project, or MONGODB_URL).
 */
export const READ_STORE_KINDS: ReadStoreKind[] = process.env.TEST_MONGODB_URL
  ? ['SQLite', 'MongoDB']
  : ['SQLite'];

export const tempStores = (kind: ReadStoreKind = 'SQLite') => {
  const dir = mkdtempSync(join(tmpdir(), 'proj-'));
  const eventStore = new SqliteEventStore({ filename: join(dir, 'events.db'), pollIntervalMs: 20 });
  const readStore: ReadStore =
    kind === 'MongoDB'
      ? new MongoReadStore(
          process.env.TEST_MONGODB_URL!,
          `projections_${randomUUID().slice(0, 12)}`,
        )
      : new SqliteReadStore(join(dir, 'read.db'));
  return {
    eventStore,
    readStore,
    close: async () => {
      await eventStore.close();
      await readStore.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

let position = 0;
/** Recorded events as a store would deliver them, for projection specifications. */
export const recorded = (
  streamId: string,
  events: DomainEvent[],
  firstRevision = 0,
): RecordedEvent[] =>
  events.map(
    (event, i) =>
      ({
        ...event,
        id: `${streamId}-${firstRevision + i}`,
        streamId,
        revision: firstRevision + i,
        position: String(++position),
        metadata: {
          actor: SYSTEM_ACTOR,
          at: `2026-03-0${1 + ((firstRevision + i) % 9)}T10:00:00.000Z`,
          correlationId: 'c',
          causationId: 'c',
          schemaVersion: 1,
        },
      }) as RecordedEvent,
  );

/** Applies events in batches of `batchSize`, as the runner does, without a checkpoint. */
export const project = async (
  projection: Projection,
  readStore: ReadStore,
  events: readonly RecordedEvent[],
  batchSize = 3,
): Promise<void> => {
  for (const c of projection.collections) await readStore.ensureCollection(c);
  for (let i = 0; i < events.length; i += batchSize) {
    const context = new BatchContext(readStore);
    for (const event of events.slice(i, i + batchSize)) {
      if (projection.eventTypes.includes(event.type)) await projection.apply(event, context);
    }
    await readStore.write({ operations: context.drain() });
  }
};

export const dump = async (
  readStore: ReadStore,
  collection: CollectionDefinition,
): Promise<unknown[]> =>
  (await readStore.collection(collection).list({ sort: [{ field: 'id', order: 'ASC' }] })).items;
