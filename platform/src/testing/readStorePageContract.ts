import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CollectionDefinition, ReadModelDocument } from '@examens-pro/domain/kernel';
import type { Collection, ReadStore } from '../read-store/port.js';
import type { ReadStoreHarness } from './readStoreContract.js';

interface Person extends ReadModelDocument {
  nom: string;
  ville: string | null;
  age?: number;
  actif: boolean;
}

let suffix = 0;
const definitionFor = (): CollectionDefinition => ({
  name: `pages_${process.pid}_${Date.now()}_${suffix++}`,
  fields: { nom: 'string', ville: 'string', age: 'number', actif: 'boolean' },
  searchFields: ['nom', 'ville'],
  defaultSort: { field: 'nom', order: 'ASC' },
});

const people: Person[] = [
  { id: 'p1', version: 0, nom: 'Élodie Mbarga', ville: 'Yaoundé', age: 31, actif: true },
  { id: 'p2', version: 0, nom: 'eric Fotso', ville: 'Douala', age: 45, actif: false },
  { id: 'p3', version: 0, nom: 'Aminatou Bello', ville: 'Garoua', age: 23, actif: true },
  { id: 'p4', version: 0, nom: 'Zacharie Essomba', ville: null, age: 60, actif: true },
  { id: 'p5', version: 0, nom: 'Bertrand Ékambi', ville: 'Douala', age: 38, actif: false },
];

/**
 * What an HTTP list asks of a read store: a page as JSON text (`listJson`), the documents `list`
 * gives, and a full page's total right after every write however often it was counted (the
 * SQLite store keeps counts between changes of its file). Every adapter runs it.
 */
export const readStorePageContract = (
  name: string,
  factory: () => Promise<ReadStoreHarness>,
): void => {
  describe(`read store pages: ${name}`, () => {
    let harness: ReadStoreHarness;
    let store: ReadStore;
    let definition: CollectionDefinition;
    let persons: Collection<Person>;
    const put = (doc: Person) => ({ collection: definition.name, type: 'put' as const, doc });

    beforeEach(async () => {
      harness = await factory();
      store = harness.store;
      definition = definitionFor();
      await store.ensureCollection(definition);
      persons = store.collection<Person>(definition);
      await store.write({ operations: people.map(put) });
    });
    afterEach(async () => harness.teardown());

    it('gives a page as JSON text: the documents `list` gives, in order, and its total', async () => {
      const queries = [
        {},
        { sort: [{ field: 'age', order: 'DESC' as const }], skip: 1, limit: 2 },
        { filter: { actif: true }, sort: [{ field: 'nom', order: 'ASC' as const }], limit: 2 },
        { filter: { $q: 'douala' }, fields: ['nom', 'ville'] },
        { filter: { ville: { $in: ['Douala', 'Garoua'] } }, fields: ['age'], limit: 2 },
        { skip: 10, limit: 2 },
      ];
      for (const query of queries) {
        const page = await persons.list(query);
        const text = await persons.listJson(query);
        expect(JSON.parse(text.json)).toEqual(page.items);
        expect(text.count).toBe(page.items.length);
        expect(text.total).toBe(page.total);
      }
      expect(JSON.parse((await persons.listJson({ limit: 2 })).json)).toEqual([
        people[2],
        people[4],
      ]);
      // A field a document lacks stays absent; a null one stays null.
      await store.write({
        operations: [put({ id: 'p6', version: 1, nom: 'Sans Âge', ville: null, actif: true })],
      });
      const trimmed = await persons.listJson({
        filter: { id: { $in: ['p6'] } },
        fields: ['age', 'ville', 'actif'],
      });
      expect(JSON.parse(trimmed.json)).toEqual([{ id: 'p6', ville: null, actif: true }]);
    });

    it('gives a full page’s total right after each write, however often it was counted', async () => {
      const page = { sort: [{ field: 'nom', order: 'ASC' as const }], limit: 2 };
      const active = { ...page, filter: { actif: true } };
      const totals = async () => [
        (await persons.list(page)).total,
        (await persons.listJson(page)).total,
        (await persons.list(active)).total,
        (await persons.listJson(active)).total,
        await persons.count({ actif: true }),
      ];
      expect(await totals()).toEqual([5, 5, 3, 3, 3]);
      expect(await totals()).toEqual([5, 5, 3, 3, 3]);
      await store.write({
        operations: [
          put({ ...people[1]!, actif: true, version: 1 }),
          put({ ...people[0]!, id: 'p7' }),
        ],
      });
      expect(await totals()).toEqual([6, 6, 5, 5, 5]);
      await store.write({
        operations: [{ collection: definition.name, type: 'delete', id: 'p1' }],
      });
      expect(await totals()).toEqual([5, 5, 4, 4, 4]);
      // Through another collection object of the same store, the same answers.
      expect((await store.collection<Person>(definition).list(active)).total).toBe(4);
    });
  });
};
