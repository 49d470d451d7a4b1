import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { referencesCollection, referrersCollection, type ReferenceRule } from '@examens-pro/domain';
import { dump, project, recorded, READ_STORE_KINDS, tempStores } from '../testSupport.js';
import { usagesProjection } from './usagesProjection.js';

// Rules as a referencing aggregate will declare them: a site references its centre and its métiers.
const rules: ReferenceRule[] = [
  {
    eventType: 'SiteSaved',
    changes: ({ data }) => {
      const d = data as { centreId: string; metierIds: string[] };
      return [
        { resource: 'centres', ids: [d.centreId] },
        { resource: 'metiers', ids: d.metierIds },
      ];
    },
  },
  {
    eventType: 'SiteMetiersChanged',
    changes: ({ data }) => [
      { resource: 'metiers', ids: (data as { metierIds: string[] }).metierIds },
    ],
  },
  { eventType: 'SiteDeleted', changes: () => null },
];

describe.each(READ_STORE_KINDS)('usages projection on %s', (kind) => {
  let stores: ReturnType<typeof tempStores>;
  beforeEach(() => {
    stores = tempStores(kind);
  });
  afterEach(async () => stores.close());

  const events = [
    ...recorded('sites-1', [
      { type: 'SiteSaved', data: { centreId: 'c1', metierIds: ['m1', 'm2'] } },
      { type: 'SiteMetiersChanged', data: { metierIds: ['m2', 'm3'] } },
    ]),
    ...recorded('sites-2', [{ type: 'SiteSaved', data: { centreId: 'c1', metierIds: ['m2'] } }]),
    ...recorded('sites-3', [
      { type: 'SiteSaved', data: { centreId: 'c2', metierIds: ['m1'] } },
      { type: 'SiteDeleted', data: {} },
    ]),
  ];

  const usage = async (store: typeof stores.readStore, resource: string, itemId: string) =>
    store.collection(referencesCollection).count({ resource, itemId });

  it('counts the references each item has, following changes and deletions', async () => {
    await project(usagesProjection(rules), stores.readStore, events);
    expect(await usage(stores.readStore, 'metiers', 'm1')).toBe(0);
    expect(await usage(stores.readStore, 'metiers', 'm2')).toBe(2);
    expect(await usage(stores.readStore, 'metiers', 'm3')).toBe(1);
    expect(await usage(stores.readStore, 'centres', 'c1')).toBe(2);
    expect(await usage(stores.readStore, 'centres', 'c2')).toBe(0);
  });

  it('gives identical documents when every event is delivered twice', async () => {
    await project(usagesProjection(rules), stores.readStore, events);
    const other = tempStores(kind);
    try {
      await project(
        usagesProjection(rules),
        other.readStore,
        events.flatMap((e) => [e, e]),
        2,
      );
      expect(await dump(other.readStore, referencesCollection)).toEqual(
        await dump(stores.readStore, referencesCollection),
      );
      expect(await dump(other.readStore, referrersCollection)).toEqual(
        await dump(stores.readStore, referrersCollection),
      );
    } finally {
      await other.close();
    }
  });
});
