import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { CollectionDefinition } from '@examens-pro/domain';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { freePort, tcpRelay } from '../testing/network.js';
import { MongoReadStore } from './mongodb.js';

/**
 * Collections and their indexes are declared idempotently (only what is missing
 * is created: FerretDB v1 drops the connection when asked for an index that already exists), and
 * several processes declaring the same collection at the same moment all succeed.
 */
const url = process.env.TEST_MONGODB_URL;
const dbName = `declaration_${randomUUID().slice(0, 8)}`;

let suffix = 0;
const definitionFor = (): CollectionDefinition => ({
  name: `declaree_${process.pid}_${suffix++}`,
  fields: { nom: 'string', ville: 'string', age: 'number' },
  searchFields: ['nom'],
  defaultSort: { field: 'nom', order: 'ASC' },
});

const INDEX_COMMANDS = new Set(['createIndexes', 'dropIndexes']);

/** A store on its own client (as another process would be), with the commands it sends. */
const monitoredStore = (): { store: MongoReadStore; commands: string[] } => {
  const store = new MongoReadStore(url!, dbName, { client: { monitorCommands: true } });
  const commands: string[] = [];
  store.onCommandStarted((event: CommandStartedEvent) => commands.push(event.commandName));
  return { store, commands };
};

const opened: MongoReadStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
});

(url ? describe : describe.skip)('MongoDB read store: declaring collections', () => {
  it('declaring an existing collection again sends no index command', async () => {
    const definition = definitionFor();
    const first = monitoredStore();
    opened.push(first.store);
    await first.store.ensureCollection(definition);
    expect(first.commands.filter((name) => INDEX_COMMANDS.has(name))).toEqual(['createIndexes']);

    // Another process (a restart, a replica) declares the same collection, twice.
    const second = monitoredStore();
    opened.push(second.store);
    await second.store.ensureCollection(definition);
    await second.store.ensureCollection({ ...definition });
    expect(second.commands.filter((name) => INDEX_COMMANDS.has(name))).toEqual([]);

    // And the collection works: its documents are written and read through this client.
    await second.store.write({
      operations: [
        {
          type: 'put',
          collection: definition.name,
          doc: { id: 'd1', version: 0, nom: 'Ngo', ville: 'Kribi', age: 30 } as never,
        },
      ],
    });
    expect(await second.store.collection(definition).count()).toBe(1);
  });

  it('creates only the indexes that are missing', async () => {
    const definition = definitionFor();
    const first = monitoredStore();
    opened.push(first.store);
    await first.store.ensureCollection(definition);
    // One index lost (dropped by hand): the next declaration creates that one only.
    const client = await new MongoClient(url!).connect();
    try {
      await client.db(dbName).collection(`rm_${definition.name}`).dropIndex('f_ville');
    } finally {
      await client.close();
    }
    const second = monitoredStore();
    opened.push(second.store);
    const sent: unknown[] = [];
    second.store.onCommandStarted((event) => {
      if (event.commandName === 'createIndexes') sent.push(event.command.indexes);
    });
    await second.store.ensureCollection(definition);
    expect(sent).toEqual([[expect.objectContaining({ name: 'f_ville' })]]);
  });

  it('declares again, at its next use, a collection whose declaration failed', async () => {
    // A server that is not there yet: nothing listens on this port until the relay opens.
    const port = await freePort();
    const store = new MongoReadStore(
      `mongodb://127.0.0.1:${port}/?directConnection=true&serverSelectionTimeoutMS=300`,
      dbName,
    );
    opened.push(store);
    const definition = definitionFor();
    await expect(store.ensureCollection(definition)).rejects.toThrow(/ECONNREFUSED/);
    const relay = await tcpRelay(port, new URL(url!));
    try {
      await store.ensureCollection(definition);
      expect(await store.collection(definition).count()).toBe(0);
    } finally {
      await store.close();
      await new Promise((resolve) => relay.close(resolve));
    }
  });

  it('a store that only reads (a service) sends nothing to declare a collection', async () => {
    const store = new MongoReadStore(url!, dbName, {
      client: { monitorCommands: true },
      declaresCollections: false,
    });
    opened.push(store);
    const commands: string[] = [];
    store.onCommandStarted((event) => commands.push(event.commandName));
    const definition = definitionFor();
    await store.ensureCollection(definition);
    expect(commands).toEqual([]);
    expect(await store.collection(definition).count()).toBe(0);
    expect(commands).toEqual(['aggregate']);
  });

  it('eight processes declaring one collection at the same moment all succeed', async () => {
    for (let round = 0; round < 3; round += 1) {
      const definition = definitionFor();
      const stores = Array.from({ length: 8 }, () => new MongoReadStore(url!, dbName));
      opened.push(...stores);
      // Each client connected first, so that the declarations really meet at the server.
      await Promise.all(stores.map((store) => store.getCheckpoint('aucune')));
      const results = await Promise.allSettled(
        stores.map((store) => store.ensureCollection(definition)),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const client = await new MongoClient(url!).connect();
      try {
        const db = client.db(dbName);
        const names = (await db.collection(`rm_${definition.name}`).listIndexes().toArray())
          .map((index) => String(index.name))
          .sort();
        expect(names).toEqual(['_id_', 'f_age', 'f_nom', 'f_ville', 'k_nom', 'k_ville'].sort());
        expect(
          await db.collection('rm_collections').countDocuments({ _id: definition.name as never }),
        ).toBe(1);
      } finally {
        await client.close();
      }
    }
  });
});
