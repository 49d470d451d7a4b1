import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DuplicateError,
  SYSTEM_ACTOR,
  type CommandContext,
  type DomainEvent,
} from '@examens-pro/domain';
import { SqliteEventStore } from '../event-store/sqlite.js';
import { ProjectionRunner } from '../projection-runner/runner.js';
import { SqliteReadStore } from '../read-store/sqlite.js';
import { waitForProjections } from '../read-store/wait.js';
import { toEnvelopes } from './handle.js';
import { RESERVATIONS_REACTOR, reservationsReactor } from './reservationsReactor.js';
import { reserveUniqueValue, type UniqueValue } from './unique.js';

const context = (commandId: string): CommandContext => ({
  commandId,
  actor: SYSTEM_ACTOR,
  now: new Date().toISOString(),
});
const metierCode = (value: string): UniqueValue => ({ resource: 'metiers', field: 'code', value });
const langueCode = (value: string): UniqueValue => ({ resource: 'langues', field: 'code', value });

describe('reservations reactor (codes given back from the stored events)', () => {
  let dir: string;
  let store: SqliteEventStore;
  let readStore: SqliteReadStore;
  let runner: ProjectionRunner | undefined;
  let commands = 0;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reservations-'));
    store = new SqliteEventStore({ filename: join(dir, 'events.db') });
    readStore = new SqliteReadStore(join(dir, 'read.db'));
  });
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await store.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What a handler does before it is killed: reserve (when asked), append, and nothing after. */
  const killedAfterAppend = async (
    stream: string,
    event: DomainEvent,
    reserve?: UniqueValue,
  ): Promise<void> => {
    commands += 1;
    const ctx = context(`cmd-${commands}`);
    if (reserve) await reserveUniqueValue(store, reserve, stream, ctx);
    await store.appendToStream(stream, toEnvelopes([event], ctx));
  };
  const metier = (id: string, code: string) => ({
    metierId: id,
    code,
    libelle: `Métier ${code}`,
  });
  const langue = (id: string, code: string) => ({
    list: 'langues',
    itemId: id,
    code,
    libelle: `Langue ${code}`,
    values: {},
  });

  /** Whether `owner` may take the value now (a new item created with that code). */
  const canTake = async (value: UniqueValue, owner: string): Promise<boolean> => {
    try {
      await reserveUniqueValue(store, value, owner, context(`prise-${owner}-${value.value}`));
      return true;
    } catch (error) {
      if (error instanceof DuplicateError) return false;
      throw error;
    }
  };
  const countEvents = async (): Promise<number> =>
    (await store.readAll({ fromPosition: '0', maxCount: 1_000_000 })).length;

  const runReactor = async (): Promise<void> => {
    runner = new ProjectionRunner(store, readStore, [reservationsReactor(store)]);
    runner.start();
    expect(
      await waitForProjections(
        readStore,
        [RESERVATIONS_REACTOR],
        await store.headPosition(),
        10_000,
      ),
    ).toBe(true);
  };

  it('frees the old code of a modification or a deletion killed before the release, once', async () => {
    // Métiers as the code before 23/11/2026 stored them (Metier* events, read as list events).
    // m1: ANCIEN → NOUVEAU, killed after the modification's append.
    await killedAfterAppend(
      'metiers-m1',
      { type: 'MetierCreated', data: metier('m1', 'ANCIEN') },
      metierCode('ANCIEN'),
    );
    await killedAfterAppend(
      'metiers-m1',
      { type: 'MetierModified', data: metier('m1', 'NOUVEAU') },
      metierCode('NOUVEAU'),
    );
    // m2: deleted, killed before the release (a DELETE that is never retried).
    await killedAfterAppend(
      'metiers-m2',
      { type: 'MetierCreated', data: metier('m2', 'SUPPRIME') },
      metierCode('SUPPRIME'),
    );
    await killedAfterAppend('metiers-m2', {
      type: 'MetierDeleted',
      data: { metierId: 'm2', code: 'SUPPRIME' },
    });
    // m3: ALLER → RETOUR (killed), then back to ALLER (still held: nothing to reserve; killed again).
    await killedAfterAppend(
      'metiers-m3',
      { type: 'MetierCreated', data: metier('m3', 'ALLER') },
      metierCode('ALLER'),
    );
    await killedAfterAppend(
      'metiers-m3',
      { type: 'MetierModified', data: metier('m3', 'RETOUR') },
      metierCode('RETOUR'),
    );
    await killedAfterAppend(
      'metiers-m3',
      { type: 'MetierModified', data: metier('m3', 'ALLER') },
      metierCode('ALLER'),
    );
    // A configuration list: a langue modified, another deleted, both killed before the release.
    await killedAfterAppend(
      'langues-l1',
      { type: 'ListItemCreated', data: langue('l1', 'WO') },
      langueCode('WO'),
    );
    await killedAfterAppend(
      'langues-l1',
      { type: 'ListItemModified', data: langue('l1', 'WOL') },
      langueCode('WOL'),
    );
    await killedAfterAppend(
      'langues-l2',
      { type: 'ListItemCreated', data: langue('l2', 'FF') },
      langueCode('FF'),
    );
    await killedAfterAppend('langues-l2', {
      type: 'ListItemDeleted',
      data: { list: 'langues', itemId: 'l2', code: 'FF' },
    });

    // Before the reactor: every old code is taken for good.
    expect(await canTake(metierCode('ANCIEN'), 'metiers-x1')).toBe(false);
    expect(await canTake(metierCode('SUPPRIME'), 'metiers-x1')).toBe(false);
    expect(await canTake(langueCode('FF'), 'langues-x1')).toBe(false);

    await runReactor();

    // Old codes are free again: new items take them.
    expect(await canTake(metierCode('ANCIEN'), 'metiers-n1')).toBe(true);
    expect(await canTake(metierCode('SUPPRIME'), 'metiers-n2')).toBe(true);
    expect(await canTake(metierCode('RETOUR'), 'metiers-n3')).toBe(true);
    expect(await canTake(langueCode('WO'), 'langues-n1')).toBe(true);
    expect(await canTake(langueCode('FF'), 'langues-n2')).toBe(true);
    // Codes in use are still held by their owners.
    expect(await canTake(metierCode('NOUVEAU'), 'metiers-n4')).toBe(false);
    expect(await canTake(metierCode('ALLER'), 'metiers-n4')).toBe(false);
    expect(await canTake(langueCode('WOL'), 'langues-n4')).toBe(false);
    // Only reservation streams were written: one release per leaked code.
    const released = (await store.readAll({ fromPosition: '0', maxCount: 1_000_000 })).filter(
      (e) => e.type === 'ValueReleased',
    );
    expect(released.map((e) => e.streamId).sort()).toEqual([
      'langues-code-FF',
      'langues-code-WO',
      'metiers-code-ANCIEN',
      'metiers-code-RETOUR',
      'metiers-code-SUPPRIME',
    ]);
    expect(released.every((e) => e.metadata.actor.id === SYSTEM_ACTOR.id)).toBe(true);

    // Replayed from zero (a lost checkpoint, a new version), the reactor appends nothing more,
    // even though new owners now hold the released codes.
    await runner!.stop();
    runner = undefined;
    const before = await countEvents();
    await ProjectionRunner.rebuild(store, readStore, reservationsReactor(store));
    expect(await countEvents()).toBe(before);
    expect(await canTake(metierCode('ANCIEN'), 'metiers-x2')).toBe(false);
    expect(await canTake(metierCode('NOUVEAU'), 'metiers-x2')).toBe(false);
  });

  it('frees the pairs a jury gave up or a deleted jury held, keeping those still covered', async () => {
    const pair = (centre: string, metier: string): UniqueValue => ({
      resource: 'jurys',
      field: 'sessionId+centreExamenIds+metierIds',
      value: `s1+${centre}+${metier}`,
    });
    const jury = (id: string, centres: string[], metiers: string[]) => ({
      list: 'jurys',
      itemId: id,
      code: '',
      libelle: `Jury ${id}`,
      values: { sessionId: 's1', centreExamenIds: centres, metierIds: metiers },
    });
    // j1 covers c1 × (m1, m2), then gives m2 up (killed before the release).
    await killedAfterAppend('jurys-j1', {
      type: 'ListItemCreated',
      data: jury('j1', ['c1'], ['m1', 'm2']),
    });
    for (const value of [pair('c1', 'm1'), pair('c1', 'm2')])
      await reserveUniqueValue(store, value, 'jurys-j1', context(`j1-${value.value}`));
    await killedAfterAppend('jurys-j1', {
      type: 'ListItemModified',
      data: jury('j1', ['c1'], ['m1']),
    });
    // j2 covers c2 × m1 and is deleted, killed before the release.
    await killedAfterAppend(
      'jurys-j2',
      { type: 'ListItemCreated', data: jury('j2', ['c2'], ['m1']) },
      pair('c2', 'm1'),
    );
    await killedAfterAppend('jurys-j2', {
      type: 'ListItemDeleted',
      data: { list: 'jurys', itemId: 'j2', code: '' },
    });
    expect(await canTake(pair('c1', 'm2'), 'jurys-x')).toBe(false);
    expect(await canTake(pair('c2', 'm1'), 'jurys-x')).toBe(false);

    await runReactor();

    expect(await canTake(pair('c1', 'm2'), 'jurys-n1')).toBe(true);
    expect(await canTake(pair('c2', 'm1'), 'jurys-n2')).toBe(true);
    // The pair j1 still covers stays its own.
    expect(await canTake(pair('c1', 'm1'), 'jurys-n3')).toBe(false);
  });

  it('appends nothing for a modification that kept its code', async () => {
    await killedAfterAppend(
      'metiers-m1',
      { type: 'MetierCreated', data: metier('m1', 'STABLE') },
      metierCode('STABLE'),
    );
    await killedAfterAppend('metiers-m1', {
      type: 'MetierModified',
      data: { ...metier('m1', 'STABLE'), libelle: 'Autre libellé' },
    });
    const before = await countEvents();
    await runReactor();
    expect(await countEvents()).toBe(before);
    expect(await canTake(metierCode('STABLE'), 'metiers-n1')).toBe(false);
  });
});
