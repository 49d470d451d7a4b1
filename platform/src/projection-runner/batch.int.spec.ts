import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CollectionDefinition, ReadModelDocument } from '@examens-pro/domain';
import { SqliteReadStore } from '../read-store/sqlite.js';
import type { ReadStore } from '../read-store/port.js';
import { BatchContext } from './batch.js';

const cells: CollectionDefinition = {
  name: 'essais_cellules',
  fields: { n: 'number' },
  searchFields: [],
  defaultSort: { field: 'n', order: 'ASC' },
};
const others: CollectionDefinition = { ...cells, name: 'essais_autres' };

interface Cell extends ReadModelDocument {
  readonly n: number;
}
const cell = (id: string, n: number): Cell => ({ id, version: 0, n });

/** The store, counting the documents asked of it one by one. */
const counting = (store: ReadStore) => {
  const asked: string[] = [];
  const wrapped = new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'collection')
        return (definition: CollectionDefinition) => {
          const inner = target.collection(definition);
          return new Proxy(inner, {
            get(c, p, r) {
              if (p === 'get')
                return (id: string) => {
                  asked.push(`${definition.name}/${id}`);
                  return c.get(id);
                };
              return Reflect.get(c, p, r) as unknown;
            },
          });
        };
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { store: wrapped, asked };
};

describe('BatchContext between batches', () => {
  let dir: string;
  let store: SqliteReadStore;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'batch-'));
    store = new SqliteReadStore(join(dir, 'read-models.db'));
    await store.ensureCollection(cells);
    await store.ensureCollection(others);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const write = async (context: BatchContext) => store.write({ operations: context.drain() });

  it('keeps up to `retain` documents of its own collections, the first kept leaving first; never another projection’s', async () => {
    const { store: watched, asked } = counting(store);
    const context = new BatchContext(watched, [cells.name], 2);
    context.put(cells, cell('a', 1));
    context.put(cells, cell('b', 2));
    context.put(cells, cell('c', 3));
    expect(await context.get(others, 'x')).toBeNull();
    await write(context);
    asked.length = 0;
    // « a » left (the first kept); « b » and « c » are read from memory; the other collection again.
    expect(await context.get<Cell>(cells, 'b')).toMatchObject({ n: 2 });
    expect(await context.get<Cell>(cells, 'c')).toMatchObject({ n: 3 });
    expect(await context.get<Cell>(cells, 'a')).toMatchObject({ n: 1 });
    expect(await context.get(others, 'x')).toBeNull();
    expect(asked).toEqual([`${cells.name}/a`, `${others.name}/x`]);
  });

  it('reads nothing from collections it started empty, but what it wrote and no longer keeps', async () => {
    const { store: watched, asked } = counting(store);
    const context = new BatchContext(watched, [cells.name], 0);
    context.startEmpty();
    expect(await context.get(cells, 'a')).toBeNull();
    context.put(cells, cell('a', 1));
    await write(context);
    expect(asked).toEqual([]);
    // Written, then dropped from memory (retain 0): asked of the store, and found.
    expect(await context.get<Cell>(cells, 'a')).toMatchObject({ n: 1 });
    expect(await context.get(cells, 'never-written')).toBeNull();
    expect(asked).toEqual([`${cells.name}/a`]);
    // Another projection's collection is always asked.
    expect(await context.get(others, 'x')).toBeNull();
    expect(asked).toEqual([`${cells.name}/a`, `${others.name}/x`]);
  });

  it('discards a document the batch created, never one the store may hold', async () => {
    await store.write({
      operations: [{ collection: cells.name, type: 'put', doc: cell('old', 5) }],
    });
    const context = new BatchContext(store, [cells.name], 10);
    // Created by this batch (absent when first read), then emptied: left out.
    expect(await context.get(cells, 'new')).toBeNull();
    context.put(cells, cell('new', 1));
    context.put(cells, cell('new', 0));
    expect(context.discard(cells, 'new')).toBe(true);
    expect(await context.get(cells, 'new')).toBeNull();
    // In the store already: written as it is.
    expect(await context.get<Cell>(cells, 'old')).toMatchObject({ n: 5 });
    context.put(cells, cell('old', 0));
    expect(context.discard(cells, 'old')).toBe(false);
    // Put without being read first: the store may hold it.
    context.put(cells, cell('blind', 0));
    expect(context.discard(cells, 'blind')).toBe(false);
    const operations = context.drain();
    expect(
      operations.map((o) => (o.type === 'put' ? `${o.doc.id}=${(o.doc as Cell).n}` : o.id)),
    ).toEqual(['old=0', 'blind=0']);
    // The next batch: created in an earlier batch and written, no longer « created by this batch ».
    await store.write({ operations });
    expect(await context.get<Cell>(cells, 'blind')).toMatchObject({ n: 0 });
    expect(context.discard(cells, 'blind')).toBe(false);
  });
});
