import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  LIST_PROJECTION,
  listCollection,
  referenceList,
  SYSTEM_ACTOR,
  type ListItemDocument,
} from '@examens-pro/domain';
import { hostname } from 'node:os';
import { StaleWriterError, toEnvelopes, waitForProjections } from '@examens-pro/platform';
import { listsProjection } from '../reference-lists/listsProjection.js';
import { READ_STORE_KINDS, tempStores } from '../testSupport.js';
import { ProjectionRunner, type Projection } from '@examens-pro/platform';

const metiersCollection = listCollection(referenceList('metiers')!);
const PROJECTION = LIST_PROJECTION;

const context = (commandId: string) => ({
  commandId,
  actor: SYSTEM_ACTOR,
  now: '2026-05-04T08:00:00.000Z',
});

describe.each(READ_STORE_KINDS)('projection runner on %s', (kind) => {
  let stores: ReturnType<typeof tempStores>;
  const runners: ProjectionRunner[] = [];
  beforeEach(() => {
    stores = tempStores(kind);
  });
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.stop();
    await stores.close();
  });

  // Métiers as stored before 23/11/2026 (MetierCreated), read as list events by the event store.
  const create = async (id: string, code: string) =>
    stores.eventStore.appendToStream(
      `metiers-${id}`,
      toEnvelopes(
        [{ type: 'MetierCreated', data: { metierId: id, code, libelle: `Libellé ${code}` } }],
        context(`create-${id}`),
      ),
      { expectedRevision: 'no_stream' },
    );

  const started = (options = {}) => {
    const runner = new ProjectionRunner(stores.eventStore, stores.readStore, [listsProjection], {
      leaseTtlMs: 2000,
      ...options,
    });
    runners.push(runner);
    runner.start();
    return runner;
  };

  it('projects stored events, then live ones, and checkpoints the position reached', async () => {
    await create('a', 'A');
    started({ batchSize: 2 });
    const { position } = await create('b', 'B');
    expect(await waitForProjections(stores.readStore, [PROJECTION], position, 5000)).toBe(true);
    const docs = await stores.readStore.collection<ListItemDocument>(metiersCollection).list({});
    expect(docs.items.map((d) => d.code)).toEqual(['A', 'B']);
    expect((await stores.readStore.getCheckpoint(PROJECTION))?.position).toBe(position);
  });

  it('with idleCheckpointMs, writes a checkpoint past others’ events at most that often', async () => {
    await create('a', 'A');
    const runner = started({ idleCheckpointMs: 60_000 });
    const first = await stores.eventStore.headPosition();
    expect(await waitForProjections(stores.readStore, [PROJECTION], first, 5000)).toBe(true);
    // Events it does not handle move the head: caught up, but nothing written for them.
    const other = await stores.eventStore.appendToStream(
      'autre-1',
      toEnvelopes([{ type: 'AutreChose', data: {} }], context('autre-1')),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runner.ready()).toBe(true);
    expect((await stores.readStore.getCheckpoint(PROJECTION))?.position).toBe(first);
    expect(await waitForProjections(stores.readStore, [PROJECTION], other.position, 300)).toBe(
      false,
    );
    // One of its own is written at once, and the checkpoint passes both.
    const { position } = await create('b', 'B');
    expect(await waitForProjections(stores.readStore, [PROJECTION], position, 5000)).toBe(true);
  });

  it('gives the thread to the lists first: a background projection waits while they catch up', async () => {
    // Two projections of the same 300 events, each costing 1 ms of computation; one in the background.
    const handled = { liste: 0, historique: 0 };
    let historiqueWhenListeDone = -1;
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const projection = (name: 'liste' | 'historique', background: boolean): Projection => ({
      name: `essai-${name}`,
      version: 1,
      collections: [],
      eventTypes: ['Tic'],
      background,
      async apply() {
        busy(1);
        handled[name] += 1;
        if (name === 'liste' && handled.liste === 300) historiqueWhenListeDone = handled.historique;
      },
    });
    for (let i = 0; i < 300; i += 1)
      await stores.eventStore.appendToStream(
        `tic-${i}`,
        toEnvelopes([{ type: 'Tic', data: {} }], context(`tic-${i}`)),
      );
    const runner = new ProjectionRunner(
      stores.eventStore,
      stores.readStore,
      [projection('historique', true), projection('liste', false)],
      { leaseTtlMs: 2000 },
    );
    runners.push(runner);
    runner.start();
    const head = await stores.eventStore.headPosition();
    expect(
      await waitForProjections(stores.readStore, ['essai-liste', 'essai-historique'], head, 10_000),
    ).toBe(true);
    expect(handled).toEqual({ liste: 300, historique: 300 });
    // Taking turns, the history would have handled about as many; it had one turn in ten at most.
    expect(historiqueWhenListeDone).toBeGreaterThanOrEqual(0);
    expect(historiqueWhenListeDone).toBeLessThan(100);
  });

  it('resumes from its checkpoint after a restart without handling events again', async () => {
    await create('a', 'A');
    const first = started();
    await waitForProjections(
      stores.readStore,
      [PROJECTION],
      await stores.eventStore.headPosition(),
      5000,
    );
    await first.stop();
    // Remove the document behind the runner's back: a runner that replayed from zero would bring it back.
    await stores.readStore.write({
      operations: [{ collection: 'metiers', type: 'delete', id: 'a' }],
    });
    started();
    const { position } = await create('b', 'B');
    await waitForProjections(stores.readStore, [PROJECTION], position, 5000);
    const ids = (await stores.readStore.collection(metiersCollection).list({})).items.map(
      (d) => d.id,
    );
    expect(ids).toEqual(['b']);
  });

  it('rebuilds from zero when the projection version changes', async () => {
    await create('a', 'A');
    const first = started();
    await waitForProjections(
      stores.readStore,
      [PROJECTION],
      await stores.eventStore.headPosition(),
      5000,
    );
    await first.stop();
    await stores.readStore.write({
      operations: [{ collection: 'metiers', type: 'delete', id: 'a' }],
    });
    const runner = new ProjectionRunner(stores.eventStore, stores.readStore, [
      { ...listsProjection, version: listsProjection.version + 1 },
    ]);
    runners.push(runner);
    runner.start();
    const deadline = Date.now() + 5000;
    while (
      !(await stores.readStore.collection(metiersCollection).get('a')) &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await stores.readStore.collection(metiersCollection).get('a')).toMatchObject({
      code: 'A',
    });
  });

  it('rebuilds on demand under a lease, and refuses while another instance holds it', async () => {
    await create('a', 'A');
    await create('b', 'B');
    const live = started();
    await waitForProjections(
      stores.readStore,
      [PROJECTION],
      await stores.eventStore.headPosition(),
      5000,
    );
    await expect(
      ProjectionRunner.rebuild(stores.eventStore, stores.readStore, listsProjection),
    ).rejects.toThrow(
      'La projection « listes-de-reference » est tenue par une autre instance en cours d’exécution : arrêtez-la, puis relancez la reconstruction.',
    );
    await live.stop();
    await stores.readStore.write({
      operations: [{ collection: 'metiers', type: 'delete', id: 'a' }],
    });
    const result = await ProjectionRunner.rebuild(
      stores.eventStore,
      stores.readStore,
      listsProjection,
    );
    expect(result.position).toBe(await stores.eventStore.headPosition());
    expect((await stores.readStore.collection(metiersCollection).list({})).total).toBe(2);
  });

  it('lets only the lease holder write when two runners run the same projection', async () => {
    const a = started({ owner: 'a' });
    const b = started({ owner: 'b' });
    const { position } = await create('x', 'X');
    await waitForProjections(stores.readStore, [PROJECTION], position, 5000);
    expect(await stores.readStore.acquireLease(`projection:${PROJECTION}`, 'c', 2000)).toBe(false);
    await a.stop();
    await b.stop();
    expect(await stores.readStore.acquireLease(`projection:${PROJECTION}`, 'c', 2000)).toBe(true);
  });

  /** Many métiers in few appends: a catch-up that lasts a while on any store. */
  const bulk = async (count: number, prefix = 'm') => {
    for (let start = 0; start < count; start += 500) {
      const events = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
        type: 'MetierCreated',
        data: { metierId: `${prefix}${start + i}`, code: `${prefix}${start + i}`, libelle: 'L' },
      }));
      await stores.eventStore.appendToStream(
        `bulk-${prefix}-${start}`,
        toEnvelopes(events, context(`bulk-${prefix}-${start}`)),
      );
    }
  };

  it('keeps its lease and lets the event loop run during a long catch-up', async () => {
    await bulk(kind === 'SQLite' ? 20_000 : 400);
    const head = await stores.eventStore.headPosition();
    let longestGap = 0;
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    // A short lease (FerretDB answers a batch in tens of milliseconds: longer there): without a
    // renewal from inside the loop it expires long before the end of the catch-up.
    const ttl = kind === 'SQLite' ? 150 : 1500;
    const startedAt = Date.now();
    const runner = started({ owner: 'a', leaseTtlMs: ttl, batchSize: 200 });
    while ((await stores.readStore.leaseHolder(`projection:${PROJECTION}`))?.owner !== 'a')
      await new Promise((r) => setTimeout(r, 1));
    let stolen = false;
    const deadline = Date.now() + 50_000;
    while (Date.now() < deadline) {
      if (await stores.readStore.acquireLease(`projection:${PROJECTION}`, 'intruder', 100))
        stolen = true;
      const checkpoint = await stores.readStore.getCheckpoint(PROJECTION);
      if (checkpoint && checkpoint.position === head) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const took = Date.now() - startedAt;
    clearInterval(timer);
    expect(stolen).toBe(false);
    expect((await stores.readStore.getCheckpoint(PROJECTION))?.position).toBe(head);
    // The catch-up outlived its lease several times over, and timers kept running through it.
    // (FerretDB's run may be short: the lease there only has to survive it.)
    if (kind === 'SQLite') expect(took).toBeGreaterThan(2 * ttl);
    // Before, the event loop stayed blocked for the whole catch-up.
    expect(longestGap).toBeLessThan(Math.max(1000, took / 5));
    expect(runner.ready()).toBe(true);
  }, 60_000);

  it('takes over at once the lease of its own previous run, not one of a live process', async () => {
    await create('a', 'A');
    // A crashed earlier run on this host: its pid no longer exists; its lease has 10 minutes left.
    const dead = `${hostname()}#999999999#dead`;
    expect(await stores.readStore.acquireLease(`projection:${PROJECTION}`, dead, 600_000)).toBe(
      true,
    );
    const started1 = Date.now();
    const runner = started();
    expect(
      await waitForProjections(
        stores.readStore,
        [PROJECTION],
        await stores.eventStore.headPosition(),
        2000,
      ),
    ).toBe(true);
    expect(Date.now() - started1).toBeLessThan(2000);
    await runner.stop();
    // A live process on this host (this one) or another host keeps its lease.
    const alive = `${hostname()}#${process.ppid}#live`;
    expect(await stores.readStore.acquireLease(`projection:${PROJECTION}`, alive, 600_000)).toBe(
      true,
    );
    const other = started();
    await new Promise((r) => setTimeout(r, 300));
    expect((await stores.readStore.leaseHolder(`projection:${PROJECTION}`))?.owner).toBe(alive);
    expect(other.status()[0]).toMatchObject({ heldHere: false });
  });

  it('takes over at once the lease of a killed rebuild, and a rebuild that of a killed run', async () => {
    await create('a', 'A');
    // A rebuild command killed on this host (its owner names host and pid first, like any owner).
    const rebuildOwner = `${hostname()}#999999998#abcd1234-reconstruction`;
    expect(
      await stores.readStore.acquireLease(`projection:${PROJECTION}`, rebuildOwner, 600_000),
    ).toBe(true);
    const runner = started();
    expect(
      await waitForProjections(
        stores.readStore,
        [PROJECTION],
        await stores.eventStore.headPosition(),
        2000,
      ),
    ).toBe(true);
    await runner.stop();
    // A product killed on this host: a rebuild is not refused for the rest of its lease.
    const productOwner = `${hostname()}#999999997#dead`;
    expect(
      await stores.readStore.acquireLease(`projection:${PROJECTION}`, productOwner, 600_000),
    ).toBe(true);
    const result = await ProjectionRunner.rebuild(
      stores.eventStore,
      stores.readStore,
      listsProjection,
    );
    expect(result.position).toBe(await stores.eventStore.headPosition());
  });

  it('never moves a checkpoint backwards, and fences a writer that lost its lease', async () => {
    const { position } = await create('a', 'A');
    await create('b', 'B');
    const runner = started({ owner: 'a' });
    const head = await stores.eventStore.headPosition();
    await waitForProjections(stores.readStore, [PROJECTION], head, 5000);
    await runner.stop();
    const version = (await stores.readStore.getCheckpoint(PROJECTION))!.version;
    await expect(
      stores.readStore.write({
        operations: [],
        checkpoint: { projection: PROJECTION, position, version },
      }),
    ).rejects.toBeInstanceOf(StaleWriterError);
    expect(await stores.readStore.acquireLease(`projection:${PROJECTION}`, 'b', 60_000)).toBe(true);
    await expect(
      stores.readStore.write({
        operations: [{ collection: 'metiers', type: 'delete', id: 'a' }],
        lease: { name: `projection:${PROJECTION}`, owner: 'a' },
      }),
    ).rejects.toBeInstanceOf(StaleWriterError);
    expect(await stores.readStore.collection(metiersCollection).get('a')).not.toBeNull();
    expect((await stores.readStore.getCheckpoint(PROJECTION))?.position).toBe(head);
  });

  it('rebuilds when its checkpoint is ahead of the log (events lost or restored from older)', async () => {
    await create('a', 'A');
    const runner = started();
    await waitForProjections(
      stores.readStore,
      [PROJECTION],
      await stores.eventStore.headPosition(),
      5000,
    );
    await runner.stop();
    // The read model saw a métier the log no longer holds, at a position beyond the head.
    const version = (await stores.readStore.getCheckpoint(PROJECTION))!.version;
    await stores.readStore.write({
      operations: [
        {
          collection: 'metiers',
          type: 'put',
          doc: { id: 'ghost', version: 0, code: 'GHOST', libelle: 'x' } as ListItemDocument,
        },
      ],
      checkpoint: { projection: PROJECTION, position: '999999', version },
    });
    started({ log: (m: string) => console.log(m) });
    const { position } = await create('b', 'B');
    expect(await waitForProjections(stores.readStore, [PROJECTION], position, 5000)).toBe(true);
    const deadline = Date.now() + 5000;
    let codes: string[] = [];
    while (Date.now() < deadline) {
      codes = (
        await stores.readStore.collection<ListItemDocument>(metiersCollection).list({})
      ).items
        .map((d) => d.code)
        .sort();
      if (codes.join() === 'A,B') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(codes).toEqual(['A', 'B']);
  });

  it('refuses a rebuild of several projections before touching any while one is held', async () => {
    await create('a', 'A');
    const live = started();
    await waitForProjections(
      stores.readStore,
      [PROJECTION],
      await stores.eventStore.headPosition(),
      5000,
    );
    const other = { ...listsProjection, name: 'metiers-copie' };
    await expect(
      ProjectionRunner.rebuildAll(stores.eventStore, stores.readStore, [other, listsProjection]),
    ).rejects.toThrow('est tenue par une autre instance');
    // The first one was not reset nor left locked.
    expect(await stores.readStore.acquireLease('projection:metiers-copie', 'z', 1000)).toBe(true);
    await live.stop();
  });
});
