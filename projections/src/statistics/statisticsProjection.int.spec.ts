import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  CUBES,
  rollupFilter,
  rollupFor,
  type DomainEvent,
  type RecordedEvent,
  type StatisticsCube,
} from '@examens-pro/domain';
import { BatchContext, type ReadStore, type WriteOperation } from '@examens-pro/platform';
import { READ_STORE_KINDS, recorded, tempStores } from '../testSupport.js';
import { statisticsProjection } from './statisticsProjection.js';

/**
 * The statistics' cubes, given events: what each report sums, on both read stores. Three dossiers
 * of session s1 (two at Yaoundé, one at Douala), one of them an apprentice of the patron p1, then a
 * payment, a validation, a move to another métier and a deletion.
 */
const projection = statisticsProjection('Africa/Douala');

const candidature = (id: string, events: DomainEvent[], from = 0) =>
  recorded(
    `candidatures-${id}`,
    events.map((e) => ({ ...e, data: { candidatureId: id, ...(e.data as object) } })),
    from,
  );
const created = (centreDepotId: string, sexe: string, patronId: string | null = null) => ({
  type: 'CandidatureCreated',
  data: {
    numeroDossier: 'X',
    sessionId: 's1',
    metierId: 'elec',
    centreDepotId,
    values: { sexe, patronId, categorie: patronId ? 'apprenti' : 'libre' },
    montantDu: 15000,
  },
});
const patron = (type: string, metierId: string, revision: number) =>
  recorded(
    'patrons-p1',
    [
      {
        type,
        data: {
          list: 'patrons',
          itemId: 'p1',
          code: '',
          libelle: 'Garage Ndzana',
          values: { metierId, departementId: 'mfoundi', responsableSexe: 'M' },
        },
      },
    ],
    revision,
  );

const story = (): RecordedEvent[] => [
  ...patron('ListItemCreated', 'meca', 0),
  ...candidature('a', [created('yde', 'F', 'p1'), { type: 'CandidatureSubmitted', data: {} }]),
  ...candidature('b', [created('yde', 'M'), { type: 'CandidatureSubmitted', data: {} }]),
  ...candidature('c', [created('dla', 'F')]),
  ...candidature(
    'a',
    [
      { type: 'PieceDeposited', data: { pieceId: 'acte' } },
      { type: 'PaymentRecorded', data: { montant: 15000, montantDu: 15000, paiementId: 'x' } },
      { type: 'CandidatureValidated', data: {} },
    ],
    2,
  ),
  ...candidature(
    'b',
    [
      {
        type: 'CandidatureModified',
        data: { sessionId: 's1', metierId: 'coif', centreDepotId: 'yde', values: { sexe: 'M' } },
      },
      { type: 'CandidatureRejected', data: { motifId: 'm', commentaire: '' } },
    ],
    2,
  ),
  ...candidature('c', [{ type: 'CandidatureDeleted', data: { numeroDossier: 'X' } }], 1),
  ...patron('ListItemModified', 'elec', 1),
];

/** Projects `events` in batches, writing each batch whole, or only its first `cut` writes. */
const run = async (
  readStore: ReadStore,
  events: readonly RecordedEvent[],
  batchSize = 4,
  cut?: (operations: WriteOperation[]) => WriteOperation[],
) => {
  for (const c of projection.collections) await readStore.ensureCollection(c);
  const order = projection.collections.map((c) => c.name);
  for (let i = 0; i < events.length; i += batchSize) {
    const context = new BatchContext(readStore, order);
    for (const event of events.slice(i, i + batchSize))
      if (projection.eventTypes.includes(event.type)) await projection.apply(event, context);
    const operations = context.drain();
    await readStore.write({ operations: cut ? cut(operations) : operations });
  }
};

/** A cube's sums by `by`, read from the smallest roll-up holding them. */
const sums = async (readStore: ReadStore, cube: StatisticsCube, by: string[], sessionId = 's1') => {
  const declaration = CUBES[cube];
  const rollup = rollupFor(declaration, by)!;
  const groups = await readStore.collection(declaration.collection).group({
    filter: rollupFilter(declaration, rollup, sessionId),
    by,
    sum: declaration.measures,
  });
  return Object.fromEntries(
    groups
      .filter((g) => Object.values(g.sums).some((v) => v !== 0))
      .map((g) => [by.map((f) => g.key[f]).join('+'), g.sums]),
  );
};

const figures = async (readStore: ReadStore) => ({
  statuts: await sums(readStore, 'dossiers', ['statut']),
  metiers: await sums(readStore, 'dossiers', ['centreDepotId', 'metierId', 'sexe']),
  pieces: await sums(readStore, 'pieces', ['pieces']),
  agents: await sums(readStore, 'agents', ['action']),
  patrons: await sums(readStore, 'patrons', ['metierId'], ''),
  candidatsParPatron: (
    await readStore.collection(CUBES['patrons-candidats'].collection).list({})
  ).items.map((cell) => {
    const c = cell as unknown as Record<string, unknown>;
    return [c.patronId, c.metierId, c.raisonSociale, c.n, c.femmes, c.valides, c.avecCandidats];
  }),
});

describe.each(READ_STORE_KINDS)('statistics projection on %s', (kind) => {
  let stores: ReturnType<typeof tempStores>;
  beforeEach(() => {
    stores = tempStores(kind);
  });
  afterEach(async () => stores.close());

  it('sums the dossiers by statut, métier, pièces, agent action; the patrons and their candidates', async () => {
    await run(stores.readStore, story());
    expect(await figures(stores.readStore)).toEqual({
      statuts: {
        valide: {
          n: 1,
          montantDu: 15000,
          montantPaye: 15000,
          reste: 0,
          regles: 1,
          demonstration: 0,
        },
        rejete: { n: 1, montantDu: 0, montantPaye: 0, reste: 0, regles: 0, demonstration: 0 },
      },
      metiers: {
        'yde+elec+F': {
          n: 1,
          montantDu: 15000,
          montantPaye: 15000,
          reste: 0,
          regles: 1,
          demonstration: 0,
        },
        'yde+coif+M': { n: 1, montantDu: 0, montantPaye: 0, reste: 0, regles: 0, demonstration: 0 },
      },
      pieces: { '0': { n: 1, soumises: 0 }, '1': { n: 1, soumises: 1 } },
      // The deleted brouillon was registered all the same.
      agents: { inscription: { n: 3 }, validation: { n: 1 }, rejet: { n: 1 } },
      // The patron moved to Électricité: its candidates' cell followed.
      patrons: { elec: { n: 1 } },
      candidatsParPatron: [['p1', 'elec', 'Garage Ndzana', 1, 1, 1, 1]],
    });
  });

  it('changes nothing when every event is delivered twice', async () => {
    const events = story();
    await run(
      stores.readStore,
      events.flatMap((e) => [e, e]),
      5,
    );
    const twice = await figures(stores.readStore);
    const once = tempStores(kind);
    try {
      await run(once.readStore, events);
      expect(twice).toEqual(await figures(once.readStore));
    } finally {
      await once.close();
    }
  });

  it('counts once a batch written again after a crash between its writes (cells first, facts last)', async () => {
    const events = story();
    const reference = tempStores(kind);
    try {
      await run(reference.readStore, events, events.length);
      const expected = await figures(reference.readStore);
      // The first attempt stops after a share of its writes (the last ones are the facts').
      for (const kept of [0.1, 0.3, 0.5, 0.7, 0.85, 0.95]) {
        const crashed = tempStores(kind);
        try {
          await run(crashed.readStore, events, events.length, (ops) =>
            ops.slice(0, Math.round(ops.length * kept)),
          );
          // The runner plays the batch again from the last checkpoint.
          await run(crashed.readStore, events, events.length);
          expect({ kept, figures: await figures(crashed.readStore) }).toEqual({
            kept,
            figures: expected,
          });
        } finally {
          await crashed.close();
        }
      }
    } finally {
      await reference.close();
    }
  });
});
