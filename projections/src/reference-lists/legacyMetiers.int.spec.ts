import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  listCollection,
  referenceList,
  upcast,
  type DomainEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import { dump, project, recorded, READ_STORE_KINDS, tempStores } from '../testSupport.js';
import { listsProjection } from './listsProjection.js';

const metiersCollection = listCollection(referenceList('metiers')!);

/** Métier events as the code before 23/11/2026 stored them, read as the event stores read them. */
const stored = (streamId: string, events: DomainEvent[]): RecordedEvent[] =>
  recorded(streamId, events).map((event) => upcast(event));

const history = (id: string, code: string): DomainEvent[] => [
  { type: 'MetierCreated', data: { metierId: id, code, libelle: `Métier ${code}` } },
  { type: 'MetierModified', data: { metierId: id, code, libelle: `Métier ${code} modifié` } },
  { type: 'MetierDeactivated', data: { metierId: id } },
  { type: 'MetierReactivated', data: { metierId: id } },
  { type: 'MetierDeactivated', data: { metierId: id } },
];

describe.each(READ_STORE_KINDS)(
  'métiers stored before 23/11/2026, projected as a list on %s',
  (kind) => {
    let stores: ReturnType<typeof tempStores>;
    beforeEach(() => {
      stores = tempStores(kind);
    });
    afterEach(async () => stores.close());

    it('builds one document per métier with its latest state, version and audit stamps', async () => {
      const events = [
        ...stored('metiers-a', history('a', 'ELEC')),
        ...stored('metiers-b', [
          { type: 'MetierCreated', data: { metierId: 'b', code: 'MACON', libelle: 'Maçonnerie' } },
        ]),
        ...stored('metiers-c', [
          { type: 'MetierCreated', data: { metierId: 'c', code: 'TMP', libelle: 'Provisoire' } },
          { type: 'MetierDeleted', data: { metierId: 'c', code: 'TMP' } },
        ]),
      ];
      await project(listsProjection, stores.readStore, events);
      expect(await dump(stores.readStore, metiersCollection)).toEqual([
        {
          id: 'a',
          version: 4,
          code: 'ELEC',
          libelle: 'Métier ELEC modifié',
          filiereId: null,
          corpsDeMetierId: null,
          actif: false,
          creeLe: '2026-03-01T10:00:00.000Z',
          creePar: 'Système',
          modifieLe: '2026-03-05T10:00:00.000Z',
          modifiePar: 'Système',
        },
        expect.objectContaining({ id: 'b', version: 0, code: 'MACON', actif: true }),
      ]);
    });

    it('gives an identical read model when every event is delivered twice', async () => {
      const events = [
        ...stored('metiers-a', history('a', 'ELEC')),
        ...stored('metiers-b', history('b', 'MACON')),
        ...stored('metiers-c', [
          { type: 'MetierCreated', data: { metierId: 'c', code: 'TMP', libelle: 'Provisoire' } },
          { type: 'MetierDeleted', data: { metierId: 'c', code: 'TMP' } },
        ]),
      ];
      await project(listsProjection, stores.readStore, events);
      const once = await dump(stores.readStore, metiersCollection);

      const other = tempStores(kind);
      try {
        const twice = events.flatMap((e) => [e, e]);
        await project(listsProjection, other.readStore, twice, 4);
        // and a replay of the whole log on top of a finished read model changes nothing either
        await project(listsProjection, other.readStore, events, 5);
        expect(await dump(other.readStore, metiersCollection)).toEqual(once);
      } finally {
        await other.close();
      }
    });
  },
);
