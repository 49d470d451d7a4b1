import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CollectionDefinition, ReadModelDocument } from '@examens-pro/domain';
import { SqliteEventStore } from '../event-store/sqlite.js';
import { SqliteReadStore } from '../read-store/sqlite.js';
import type { WriteBatch } from '../read-store/port.js';
import { ProjectionRunner } from './runner.js';
import type { Projection } from './projection.js';

/**
 * A batch is written once its documents add up, whatever its number of events: a closing's frozen
 * results are a thousand documents an event, and a catch-up's batch of events held a national
 * session's results in memory at once.
 */
const collection: CollectionDefinition = {
  name: 'essais_lots',
  fields: { part: 'number' },
  searchFields: [],
  defaultSort: { field: 'part', order: 'ASC' },
};
interface Part extends ReadModelDocument {
  part: number;
}
const projection: Projection = {
  name: 'essais-lots',
  version: 1,
  collections: [collection],
  eventTypes: ['PartieArretee'],
  async apply(event, context) {
    const { part, ids } = event.data as { part: number; ids: string[] };
    for (const id of ids) context.put<Part>(collection, { id, version: event.revision, part });
  },
};

describe('projection runner: documents per batch', () => {
  let dir: string;
  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lots-'));
    eventStore = new SqliteEventStore({ filename: join(dir, 'events.db'), pollIntervalMs: 20 });
    readStore = new SqliteReadStore(join(dir, 'read.db'));
  });
  afterEach(async () => {
    await eventStore.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a batch once it holds maxBatchDocuments documents, however few its events', async () => {
    // 12 events of 500 documents each, all in the log before the catch-up starts.
    for (let part = 0; part < 12; part += 1)
      await eventStore.appendToStream(
        `essais-${part}`,
        [
          {
            id: randomUUID(),
            type: 'PartieArretee',
            data: { part, ids: Array.from({ length: 500 }, (_, i) => `d-${part}-${i}`) },
            metadata: {
              actor: { id: 'u', name: 'Essai' },
              at: new Date().toISOString(),
              correlationId: 'c',
              causationId: 'c',
              schemaVersion: 1,
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    const written: number[] = [];
    const counting = new Proxy(readStore, {
      get(target, property, receiver) {
        if (property === 'write')
          return async (batch: WriteBatch) => {
            if (batch.operations.length > 0) written.push(batch.operations.length);
            return target.write(batch);
          };
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const runner = new ProjectionRunner(eventStore, counting, [projection], {
      batchSize: 1000,
      maxBatchDocuments: 2000,
    });
    runner.start();
    try {
      while (!runner.ready()) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await runner.stop();
    }
    // 1,000 events a batch would have written the 6,000 documents at once: 2,000 at most.
    expect(written).toEqual([2000, 2000, 2000]);
    expect(await readStore.collection<Part>(collection).count()).toBe(6000);
    expect(await readStore.collection<Part>(collection).count({ part: 11 })).toBe(500);
  });
});
