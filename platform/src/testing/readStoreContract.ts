import { describe, expect, it, beforeEach, afterEach } from '@jest/globals';
import type { CollectionDefinition, ReadModelDocument } from '@examens-pro/domain/kernel';
import { StaleWriterError, type Collection, type ReadStore } from '../read-store/port.js';

export interface ReadStoreHarness {
  readonly store: ReadStore;
  teardown(): Promise<void>;
}

interface Person extends ReadModelDocument {
  nom: string;
  ville: string | null;
  age: number;
  montant: number;
  actif: boolean;
}

let suffix = 0;
const definitionFor = (): CollectionDefinition => ({
  name: `contrat_${process.pid}_${Date.now()}_${suffix++}`,
  fields: { nom: 'string', ville: 'string', age: 'number', montant: 'number', actif: 'boolean' },
  searchFields: ['nom', 'ville'],
  defaultSort: { field: 'nom', order: 'ASC' },
});

const people: Person[] = [
  {
    id: 'p1',
    version: 0,
    nom: 'Élodie Mbarga',
    ville: 'Yaoundé',
    age: 31,
    montant: 15000,
    actif: true,
  },
  {
    id: 'p2',
    version: 0,
    nom: 'eric Fotso',
    ville: 'Douala',
    age: 45,
    montant: 20000,
    actif: false,
  },
  {
    id: 'p3',
    version: 0,
    nom: 'Aminatou Bello',
    ville: 'Garoua',
    age: 23,
    montant: 15000,
    actif: true,
  },
  {
    id: 'p4',
    version: 0,
    nom: 'Zacharie Essomba',
    ville: null,
    age: 60,
    montant: 5000,
    actif: true,
  },
  {
    id: 'p5',
    version: 0,
    nom: 'Bertrand Ékambi',
    ville: 'Douala',
    age: 38,
    montant: 0,
    actif: false,
  },
];

/** What each case is given: the store under test, and a collection of `people` written to it. */
interface PeopleCase {
  readonly store: ReadStore;
  readonly definition: CollectionDefinition;
  readonly persons: Collection<Person>;
}

const ids = (docs: readonly ReadModelDocument[]): string[] => docs.map((d) => d.id);

/** Gets, puts and deletes, and what a put that changes some fields leaves in the indexes. */
const documentCases = (current: () => PeopleCase): void => {
  let store: ReadStore;
  let definition: CollectionDefinition;
  let persons: Collection<Person>;
  beforeEach(() => {
    ({ store, definition, persons } = current());
  });

  it('gets a document by id, null when absent, and many in the order asked', async () => {
    expect(await persons.get('p2')).toEqual(people[1]);
    expect(await persons.get('nope')).toBeNull();
    expect(ids(await persons.getMany(['p3', 'nope', 'p1']))).toEqual(['p3', 'p1']);
    expect(await persons.getMany([])).toEqual([]);
  });

  it('replaces a document on put and removes it on delete', async () => {
    await store.write({
      operations: [
        {
          collection: definition.name,
          type: 'put',
          doc: { ...people[0]!, version: 1, nom: 'Élodie Mbarga Épse Nkoa' } as Person,
        },
        { collection: definition.name, type: 'delete', id: 'p2' },
      ],
    });
    expect((await persons.get('p1'))?.nom).toBe('Élodie Mbarga Épse Nkoa');
    expect(await persons.get('p2')).toBeNull();
    expect(await persons.count()).toBe(4);
  });

  it('after a put that changes some fields, filters, sorts and searches see the new values only', async () => {
    // p3 moves: a new name (sort key and search text), a city set to null, an age, a boolean;
    // its montant stays. p1 is written again unchanged.
    await store.write({
      operations: [
        {
          collection: definition.name,
          type: 'put',
          doc: {
            ...people[2]!,
            version: 1,
            nom: 'Zoé Abena',
            ville: null,
            age: 24,
            actif: false,
          },
        },
        { collection: definition.name, type: 'put', doc: people[0]! },
      ],
    });
    expect(ids((await persons.list({ filter: { ville: 'Garoua' } })).items)).toEqual([]);
    expect(ids((await persons.list({ filter: { ville: null } })).items)).toEqual(['p4', 'p3']);
    expect(ids((await persons.list({ filter: { age: 24, actif: false } })).items)).toEqual(['p3']);
    expect(ids((await persons.list({ filter: { montant: 15000 } })).items)).toEqual(['p1', 'p3']);
    expect(await persons.count({ $q: 'aminatou' })).toBe(0);
    expect(ids((await persons.list({ filter: { $q: 'zoe' } })).items)).toEqual(['p3']);
    const sorted = await persons.list({ sort: [{ field: 'nom', order: 'DESC' }], limit: 2 });
    expect(ids(sorted.items)).toEqual(['p3', 'p4']);
    expect(await persons.get('p1')).toEqual(people[0]);
  });
};

/** Sorts (French keys or code points), and pages. */
const sortCases = (current: () => PeopleCase): void => {
  let store: ReadStore;
  let persons: Collection<Person>;
  beforeEach(() => {
    ({ store, persons } = current());
  });

  it('sorts the French way (accents and case ignored) in both directions, ties in a stable order', async () => {
    const asc = await persons.list({ sort: [{ field: 'nom', order: 'ASC' }] });
    expect(ids(asc.items)).toEqual(['p3', 'p5', 'p1', 'p2', 'p4']);
    const desc = await persons.list({ sort: [{ field: 'age', order: 'DESC' }] });
    expect(ids(desc.items)).toEqual(['p4', 'p2', 'p5', 'p1', 'p3']);
    const byAmount = await persons.list({ sort: [{ field: 'montant', order: 'ASC' }] });
    expect(ids(byAmount.items)).toEqual(['p5', 'p4', 'p1', 'p3', 'p2']);
    expect(ids((await persons.list({})).items)).toEqual(['p3', 'p5', 'p1', 'p2', 'p4']);
  });

  it('keeps French sort keys for the declared sort fields only; the others filter, group and sort by code', async () => {
    const lean: CollectionDefinition = { ...definitionFor(), sortFields: ['nom'] };
    await store.ensureCollection(lean);
    await store.write({
      operations: people.map((doc) => ({ collection: lean.name, type: 'put', doc })),
    });
    const leanPersons = store.collection<Person>(lean);
    const byName = await leanPersons.list({ sort: [{ field: 'nom', order: 'ASC' }] });
    expect(ids(byName.items)).toEqual(['p3', 'p5', 'p1', 'p2', 'p4']);
    expect(ids((await leanPersons.list({ filter: { ville: 'Douala' } })).items)).toEqual([
      'p5',
      'p2',
    ]);
    const groups = await leanPersons.group({ by: ['ville'] });
    expect(groups.find((g) => g.key.ville === 'Douala')?.count).toBe(2);
    // Not a sort field: code-point order (« Yaoundé » after « Garoua »), absent first.
    const byTown = await leanPersons.list({ sort: [{ field: 'ville', order: 'ASC' }] });
    expect(byTown.items.map((p) => p.ville)).toEqual([
      null,
      'Douala',
      'Douala',
      'Garoua',
      'Yaoundé',
    ]);
  });

  it('pages with skip and limit and always gives the total', async () => {
    const page = await persons.list({
      sort: [{ field: 'age', order: 'ASC' }],
      skip: 1,
      limit: 2,
    });
    expect(ids(page.items)).toEqual(['p1', 'p5']);
    expect(page.total).toBe(5);
    const last = await persons.list({
      sort: [{ field: 'age', order: 'ASC' }],
      skip: 4,
      limit: 2,
    });
    expect(ids(last.items)).toEqual(['p4']);
    expect(last.total).toBe(5);
    const beyond = await persons.list({ skip: 10, limit: 2 });
    expect(beyond).toEqual({ items: [], total: 5 });
  });
};

/** Filters, searches, groups and streams. */
const queryCases = (current: () => PeopleCase): void => {
  let persons: Collection<Person>;
  beforeEach(() => {
    ({ persons } = current());
  });

  it('filters by equality, booleans, null, $ne, $in and ranges', async () => {
    const f = async (filter: Parameters<typeof persons.list>[0]['filter']) =>
      ids((await persons.list({ filter, sort: [{ field: 'id', order: 'ASC' }] })).items);
    expect(await f({ ville: 'Douala' })).toEqual(['p2', 'p5']);
    expect(await f({ actif: true })).toEqual(['p1', 'p3', 'p4']);
    expect(await f({ actif: { $eq: false } })).toEqual(['p2', 'p5']);
    expect(await f({ ville: null })).toEqual(['p4']);
    expect(await f({ ville: { $ne: 'Douala' } })).toEqual(['p1', 'p3', 'p4']);
    expect(await f({ id: { $in: ['p1', 'p4', 'zz'] } })).toEqual(['p1', 'p4']);
    expect(await f({ ville: { $in: [] } })).toEqual([]);
    expect(await f({ age: { $gte: 31, $lt: 45 } })).toEqual(['p1', 'p5']);
    expect(await f({ age: { $gt: 40 }, actif: true })).toEqual(['p4']);
    expect(await persons.count({ montant: { $lte: 15000 } })).toBe(4);
  });

  it('searches "contains", insensitive to case and accents, every word required', async () => {
    const q = async (text: string) =>
      ids(
        (await persons.list({ filter: { $q: text }, sort: [{ field: 'id', order: 'ASC' }] })).items,
      );
    expect(await q('ELODIE')).toEqual(['p1']);
    expect(await q('ekam')).toEqual(['p5']);
    expect(await q('yaounde')).toEqual(['p1']);
    expect(await q('doua')).toEqual(['p2', 'p5']);
    expect(await q('douala fot')).toEqual(['p2']);
    expect(await q('ou')).toEqual(['p1', 'p2', 'p3', 'p5']);
    expect(await q('introuvable')).toEqual([]);
    const combined = await persons.list({ filter: { $q: 'douala', actif: false }, limit: 1 });
    expect(combined.total).toBe(2);
  });

  it('groups with counts and sums', async () => {
    const rows = await persons.group({ by: ['ville'], sum: ['montant'] });
    const byCity = Object.fromEntries(
      rows.map((r) => [String(r.key.ville), [r.count, r.sums.montant]]),
    );
    expect(byCity).toEqual({
      null: [1, 5000],
      Douala: [2, 20000],
      Garoua: [1, 15000],
      Yaoundé: [1, 15000],
    });
    const active = await persons.group({
      by: ['actif'],
      sum: ['montant', 'age'],
      filter: { age: { $gte: 30 } },
    });
    expect(active.map((r) => [r.key.actif, r.count, r.sums])).toEqual([
      [false, 2, { montant: 20000, age: 83 }],
      [true, 2, { montant: 20000, age: 91 }],
    ]);
    const all = await persons.group({ by: [], sum: ['montant'] });
    expect(all).toEqual([{ key: {}, count: 5, sums: { montant: 55000 } }]);
  });

  it('streams every matching document in order, in batches', async () => {
    const seen: string[] = [];
    for await (const doc of persons.stream({
      filter: { actif: true },
      sort: [{ field: 'age', order: 'DESC' }],
      batchSize: 2,
    })) {
      seen.push(doc.id);
    }
    expect(seen).toEqual(['p4', 'p1', 'p3']);
  });
};

/** Lists that carry some fields only (a list's rows, not whole documents). */
const fieldCases = (current: () => PeopleCase): void => {
  let store: ReadStore;
  let definition: CollectionDefinition;
  let persons: Collection<Person>;
  beforeEach(() => {
    ({ store, definition, persons } = current());
  });

  it('lists only the fields asked for, `id` always, a field a document lacks left absent', async () => {
    const page = await persons.list({
      fields: ['nom', 'ville'],
      sort: [{ field: 'age', order: 'ASC' }],
      limit: 3,
    });
    expect(page.total).toBe(5);
    expect(page.items).toEqual([
      { id: 'p3', nom: 'Aminatou Bello', ville: 'Garoua' },
      { id: 'p1', nom: 'Élodie Mbarga', ville: 'Yaoundé' },
      { id: 'p5', nom: 'Bertrand Ékambi', ville: 'Douala' },
    ]);
    expect(page.items.map((item) => Object.keys(item).sort())).toEqual([
      ['id', 'nom', 'ville'],
      ['id', 'nom', 'ville'],
      ['id', 'nom', 'ville'],
    ]);
    // A document without a city; filtered (the page's rows are read by id after the sort).
    await store.write({
      operations: [
        {
          collection: definition.name,
          type: 'put',
          doc: {
            id: 'p6',
            version: 2,
            nom: 'Sans Ville',
            age: 70,
            montant: 0,
            actif: true,
          } as ReadModelDocument,
        },
      ],
    });
    const active = await persons.list({
      filter: { actif: true },
      fields: ['id', 'ville', 'version'],
      sort: [{ field: 'age', order: 'DESC' }],
      limit: 3,
    });
    expect(active.total).toBe(4);
    expect(active.items.map((item) => [item.id, Object.keys(item).sort()])).toEqual([
      ['p6', ['id', 'version']],
      ['p4', ['id', 'version', 'ville']],
      ['p1', ['id', 'version', 'ville']],
    ]);
    expect(active.items[1]).toEqual({ id: 'p4', ville: null, version: 0 });
    // Searched, and whole documents when no fields are asked for.
    expect((await persons.list({ filter: { $q: 'ekambi' }, fields: ['age'] })).items).toEqual([
      { id: 'p5', age: 38 },
    ]);
    expect((await persons.list({ filter: { id: { $in: ['p2'] } } })).items).toEqual([people[1]]);
  });
};

/** Checkpoints and reset, fenced batches, and leases. */
const writeCases = (current: () => PeopleCase): void => {
  let store: ReadStore;
  let definition: CollectionDefinition;
  beforeEach(() => {
    ({ store, definition } = current());
  });

  it('writes a checkpoint with the documents, and reset forgets both', async () => {
    expect(await store.getCheckpoint(definition.name)).toBeNull();
    await store.write({
      operations: [
        { collection: definition.name, type: 'put', doc: { ...people[0]!, version: 3 } },
      ],
      checkpoint: { projection: definition.name, position: '42', version: 'v1' },
    });
    expect(await store.getCheckpoint(definition.name)).toEqual({
      projection: definition.name,
      position: '42',
      version: 'v1',
    });
    await store.reset(definition.name, [definition]);
    expect(await store.getCheckpoint(definition.name)).toBeNull();
    expect(await store.collection<Person>(definition).count()).toBe(0);
  });

  it('writes batches sent together each on its own: one refused (lease held by another) changes nothing', async () => {
    const lease = `fence-${definition.name}`;
    expect(await store.acquireLease(lease, 'a', 60_000)).toBe(true);
    const results = await Promise.allSettled([
      store.write({
        operations: [
          { collection: definition.name, type: 'put', doc: { ...people[0]!, version: 7 } },
        ],
        checkpoint: { projection: `${definition.name}-1`, position: '10', version: 'v1' },
        lease: { name: lease, owner: 'a' },
      }),
      store.write({
        operations: [
          { collection: definition.name, type: 'put', doc: { ...people[1]!, version: 7 } },
        ],
        checkpoint: { projection: `${definition.name}-2`, position: '10', version: 'v1' },
        lease: { name: lease, owner: 'b' },
      }),
      store.write({
        operations: [
          { collection: definition.name, type: 'put', doc: { ...people[2]!, version: 7 } },
        ],
        checkpoint: { projection: `${definition.name}-3`, position: '10', version: 'v1' },
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(StaleWriterError);
    const collection = store.collection<Person>(definition);
    expect((await collection.get(people[0]!.id))?.version).toBe(7);
    expect((await collection.get(people[1]!.id))?.version).not.toBe(7);
    expect((await collection.get(people[2]!.id))?.version).toBe(7);
    expect(await store.getCheckpoint(`${definition.name}-2`)).toBeNull();
    expect((await store.getCheckpoint(`${definition.name}-3`))?.position).toBe('10');
  });

  it('grants a lease to one owner at a time until it expires or is released', async () => {
    const lease = `lease-${definition.name}`;
    expect(await store.acquireLease(lease, 'a', 60_000)).toBe(true);
    expect(await store.acquireLease(lease, 'b', 60_000)).toBe(false);
    expect(await store.acquireLease(lease, 'a', 60_000)).toBe(true);
    await store.releaseLease(lease, 'a');
    expect(await store.acquireLease(lease, 'b', 50)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await store.acquireLease(lease, 'a', 60_000)).toBe(true);
  });
};

/**
 * A collection that indexes one field only and lives in the histories' storage (a file of its own
 * on SQLite, the same database on MongoDB): every filter, sort, count and group still answers the
 * same, and its checkpoint is written and read with its documents.
 */
const layoutCases = (current: () => PeopleCase): void => {
  let store: ReadStore;
  let definition: CollectionDefinition;
  let persons: Collection<Person>;
  beforeEach(async () => {
    ({ store } = current());
    definition = {
      ...definitionFor(),
      sortFields: ['nom'],
      indexed: ['actif'],
      storage: 'history',
    };
    await store.ensureCollection(definition);
    persons = store.collection<Person>(definition);
    await store.write({
      operations: people.map((doc) => ({ collection: definition.name, type: 'put', doc })),
      checkpoint: { projection: definition.name, position: '7', version: 'v1' },
    });
  });

  it('filters, sorts, counts and groups on fields without an index of their own', async () => {
    expect((await store.getCheckpoint(definition.name))?.position).toBe('7');
    const page = await persons.list({
      filter: { actif: true, montant: { $gte: 10000 }, ville: { $ne: null } },
      sort: [{ field: 'age', order: 'DESC' }],
    });
    expect(ids(page.items)).toEqual(['p1', 'p3']);
    expect(page.total).toBe(2);
    expect(await persons.count({ ville: 'Douala', actif: false })).toBe(2);
    expect(await persons.count({ ville: 'Douala', age: { $gt: 40 } })).toBe(1);
    expect(
      ids((await persons.list({ sort: [{ field: 'nom', order: 'ASC' }], limit: 2 })).items),
    ).toEqual(['p3', 'p5']);
    expect(ids((await persons.list({ filter: { $q: 'douala' } })).items).sort()).toEqual([
      'p2',
      'p5',
    ]);
    expect(
      await persons.group({ filter: { montant: { $gt: 0 } }, by: ['actif'], sum: ['montant'] }),
    ).toEqual([
      { key: { actif: false }, count: 1, sums: { montant: 20000 } },
      { key: { actif: true }, count: 3, sums: { montant: 35000 } },
    ]);
    // A batch without documents moves the checkpoint where it is.
    await store.write({
      operations: [],
      checkpoint: { projection: definition.name, position: '9', version: 'v1' },
    });
    expect((await store.getCheckpoint(definition.name))?.position).toBe('9');
    await store.reset(definition.name, [definition]);
    expect(await store.getCheckpoint(definition.name)).toBeNull();
    expect(await persons.count()).toBe(0);
  });
};

/** The read-store contract: every adapter runs it by supplying a factory. Collections are unique per test. */
export const readStoreContract = (name: string, factory: () => Promise<ReadStoreHarness>): void => {
  describe(`read store contract: ${name}`, () => {
    let harness: ReadStoreHarness;
    let written: PeopleCase;

    beforeEach(async () => {
      harness = await factory();
      const store = harness.store;
      const definition = definitionFor();
      await store.ensureCollection(definition);
      const persons = store.collection<Person>(definition);
      await store.write({
        operations: people.map((doc) => ({ collection: definition.name, type: 'put', doc })),
      });
      written = { store, definition, persons };
    });
    afterEach(async () => harness.teardown());

    documentCases(() => written);
    sortCases(() => written);
    queryCases(() => written);
    fieldCases(() => written);
    writeCases(() => written);
    layoutCases(() => written);
  });
};
