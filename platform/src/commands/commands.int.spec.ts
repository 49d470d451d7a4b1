import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConcurrencyError,
  DuplicateError,
  listItemDecider,
  uniqueValueStream,
  type CommandContext,
} from '@examens-pro/domain';
import { SqliteEventStore } from '../event-store/sqlite.js';
import { handleCommand, toEnvelopes } from './handle.js';
import { releaseUniqueValue, reserveUniqueValue } from './unique.js';

const context = (commandId: string, now = '2026-06-01T10:00:00.000Z'): CommandContext => ({
  commandId,
  actor: { id: 'u-1', name: 'Awa Ndiaye' },
  now,
});
const code = { resource: 'metiers', field: 'code', value: 'ELEC' };

describe('command handling on a real event store', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cmd-'));
    store = new SqliteEventStore({ filename: join(dir, 'events.db') });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const create = (commandId: string, stream = 'metiers-a') =>
    handleCommand(store, {
      stream,
      decider: listItemDecider,
      command: {
        type: 'CreateListItem',
        data: { list: 'metiers', itemId: 'a', code: 'ELEC', libelle: 'Électricité', values: {} },
      },
      context: context(commandId),
    });

  it('stores the actor, time and command id of the command on its events', async () => {
    await create('cmd-1');
    const [event] = await store.readStream('metiers-a');
    expect(event?.metadata).toEqual({
      actor: { id: 'u-1', name: 'Awa Ndiaye' },
      at: '2026-06-01T10:00:00.000Z',
      correlationId: 'cmd-1',
      causationId: 'cmd-1',
      schemaVersion: 1,
    });
  });

  it('answers a retried command (same command id) as the first time, appending nothing', async () => {
    const first = await create('cmd-1');
    const retry = await create('cmd-1');
    expect(retry.revision).toBe(first.revision);
    expect(retry.position).toBe(first.position);
    expect(await store.readStream('metiers-a')).toHaveLength(1);
  });

  it('refuses a stale expected revision before deciding', async () => {
    await create('cmd-1');
    const stale = handleCommand(store, {
      stream: 'metiers-a',
      decider: listItemDecider,
      command: { type: 'DeactivateListItem', data: { list: 'metiers', itemId: 'a' } },
      context: context('cmd-2'),
      expectedRevision: 3,
    });
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream('metiers-a')).toHaveLength(1);
  });

  it('reserves a value once, refuses it to another owner, and frees it on release', async () => {
    await reserveUniqueValue(store, code, 'metiers-a', context('r-1'));
    await reserveUniqueValue(store, code, 'metiers-a', context('r-2'));
    await expect(
      reserveUniqueValue(store, code, 'metiers-b', context('r-3')),
    ).rejects.toBeInstanceOf(DuplicateError);
    await releaseUniqueValue(store, code, 'metiers-b', context('r-4'));
    await expect(
      reserveUniqueValue(store, code, 'metiers-b', context('r-5')),
    ).rejects.toBeInstanceOf(DuplicateError);
    await releaseUniqueValue(store, code, 'metiers-a', context('r-6'));
    await reserveUniqueValue(store, code, 'metiers-b', context('r-7'));
    const types = (await store.readStream(uniqueValueStream('metiers', 'code', 'ELEC'))).map(
      (e) => e.type,
    );
    expect(types).toEqual(['ValueReserved', 'ValueReleased', 'ValueReserved']);
  });

  it('takes over a reservation whose owner never appeared, after a minute only', async () => {
    const stream = uniqueValueStream('metiers', 'code', 'ELEC');
    await store.appendToStream(
      stream,
      toEnvelopes(
        [
          {
            type: 'ValueReserved',
            data: {
              ownerId: 'metiers-crashed',
              value: 'ELEC',
              reservedAt: '2026-06-01T10:00:00.000Z',
            },
          },
        ],
        context('crashed'),
      ),
    );
    await expect(
      reserveUniqueValue(store, code, 'metiers-b', context('r-1', '2026-06-01T10:00:30.000Z')),
    ).rejects.toBeInstanceOf(DuplicateError);
    await reserveUniqueValue(store, code, 'metiers-b', context('r-2', '2026-06-01T10:01:30.000Z'));
    // An owner that did appear keeps its code however old the reservation.
    await create('cmd-b', 'metiers-b');
    await expect(
      reserveUniqueValue(store, code, 'metiers-c', context('r-3', '2026-06-09T10:00:00.000Z')),
    ).rejects.toBeInstanceOf(DuplicateError);
  });
});
