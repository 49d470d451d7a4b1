import { join } from 'node:path';
import {
  listCollection,
  referenceList,
  SYSTEM_ACTOR,
  type EventEnvelope,
  type ListItemEvent,
} from '@examens-pro/domain';
import { SqliteEventStore, SqliteReadStore, toEnvelopes } from '@examens-pro/platform';
import { ProjectionRunner } from '@examens-pro/platform';
import { allProjections, listsProjection } from '@examens-pro/projections';
import { round } from './machine.js';

const TRADES = [
  'Électricité bâtiment',
  'Maçonnerie',
  'Menuiserie bois',
  'Menuiserie métallique',
  'Plomberie sanitaire',
  'Couture',
  'Coiffure',
  'Mécanique automobile',
  'Soudure',
  'Froid et climatisation',
  'Agriculture',
  'Pâtisserie',
  'Cuisine',
  'Esthétique',
  'Informatique de gestion',
  'Électronique',
  'Peinture bâtiment',
  'Carrelage',
  'Ébénisterie',
  'Tôlerie',
  'Vulcanisation',
  'Horticulture',
  'Pisciculture',
  'Boulangerie',
];
const QUALIFIERS = [
  'niveau un',
  'niveau deux',
  'avancé',
  'rural',
  'urbain',
  'industriel',
  'artisanal',
  'spécialisé',
];

export const libelleFor = (i: number): string =>
  `${TRADES[i % TRADES.length]} ${QUALIFIERS[Math.floor(i / TRADES.length) % QUALIFIERS.length]} ${i}`;

/**
 * Writes `streams` métiers of `eventsPerStream` events each through the event-store adapter, then
 * rebuilds the métiers read model from zero and measures events per second.
 */
export const benchRebuild = async (options: {
  dataDir: string;
  streams: number;
  eventsPerStream: number;
}) => {
  const eventStore = new SqliteEventStore({ filename: join(options.dataDir, 'events.db') });
  const readStore = new SqliteReadStore(join(options.dataDir, 'read-models.db'));
  // One métier every few seconds over the past year or so: dates as varied as in real use.
  const at = (i: number, k: number): string =>
    new Date(Date.UTC(2025, 10, 1) + i * 157_000 + k * 3_600_000).toISOString();
  const writeStarted = performance.now();
  for (let i = 0; i < options.streams; i += 1) {
    const id = `bench-${i}`;
    const code = `M${String(i).padStart(6, '0')}`;
    const item = { list: 'metiers', itemId: id };
    const details = {
      ...item,
      code,
      libelle: libelleFor(i),
      values: { filiereId: null, corpsDeMetierId: null },
    };
    const events: ListItemEvent[] = [{ type: 'ListItemCreated', data: details }];
    for (let k = 1; k < options.eventsPerStream; k += 1) {
      events.push(
        k % 3 === 1
          ? { type: 'ListItemModified', data: details }
          : k % 3 === 2
            ? { type: 'ListItemDeactivated', data: item }
            : { type: 'ListItemReactivated', data: item },
      );
    }
    const envelopes = toEnvelopes(events, {
      actor: SYSTEM_ACTOR,
      now: at(i, 0),
      commandId: `bench-${i}`,
    }).map((e, k) => ({
      ...e,
      metadata: { ...e.metadata, at: at(i, k) },
    })) as EventEnvelope[];
    await eventStore.appendToStream(`metiers-${id}`, envelopes, { expectedRevision: 'no_stream' });
  }
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  const total = options.streams * options.eventsPerStream;
  const rebuilt = await ProjectionRunner.rebuild(eventStore, readStore, listsProjection, {
    batchSize: 2000,
  });
  // The other projections too, so that the server started next finds every read model caught up.
  for (const projection of allProjections().filter((p) => p.name !== listsProjection.name)) {
    await ProjectionRunner.rebuild(eventStore, readStore, projection, { batchSize: 2000 });
  }
  const documents = await readStore.collection(listCollection(referenceList('metiers')!)).count();
  await eventStore.close();
  await readStore.close();
  return {
    events: total,
    appendEventsPerSecond: round(total / writeSeconds, 0),
    rebuildSeconds: round(rebuilt.ms / 1000),
    rebuildEventsPerSecond: round(total / (rebuilt.ms / 1000), 0),
    documents,
  };
};
