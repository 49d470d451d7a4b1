import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { metiersCollection, SYSTEM_ACTOR, type MetierDocument } from '@examens-pro/domain';
import { toEnvelopes, waitForProjections } from '@examens-pro/platform';
import { metiersProjection } from '../metiers/metiersProjection.js';
import { READ_STORE_KINDS, tempStores } from '../testSupport.js';
import { ProjectionRunner } from '@examens-pro/platform';

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
    const runner = new ProjectionRunner(stores.eventStore, stores.readStore, [metiersProjection], {
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
    expect(await waitForProjections(stores.readStore, ['metiers'], position, 5000)).toBe(true);
    const docs = await stores.readStore.collection<MetierDocument>(metiersCollection).list({});
    expect(docs.items.map((d) => d.code)).toEqual(['A', 'B']);
    expect((await stores.readStore.getCheckpoint('metiers'))?.position).toBe(position);
  });

  it('resumes from its checkpoint after a restart without handling events again', async () => {
    await create('a', 'A');
    const first = started();
    await waitForProjections(
      stores.readStore,
      ['metiers'],
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
    await waitForProjections(stores.readStore, ['metiers'], position, 5000);
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
      ['metiers'],
      await stores.eventStore.headPosition(),
      5000,
    );
    await first.stop();
    await stores.readStore.write({
      operations: [{ collection: 'metiers', type: 'delete', id: 'a' }],
    });
    const runner = new ProjectionRunner(stores.eventStore, stores.readStore, [
      { ...metiersProjection, version: metiersProjection.version + 1 },
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
      ['metiers'],
      await stores.eventStore.headPosition(),
      5000,
    );
    await expect(
      ProjectionRunner.rebuild(stores.eventStore, stores.readStore, metiersProjection),
    ).rejects.toThrow(
      'La projection « metiers » est tenue par une autre instance en cours d’exécution : arrêtez-la, puis relancez la reconstruction.',
    );
    await live.stop();
    await stores.readStore.write({
      operations: [{ collection: 'metiers', type: 'delete', id: 'a' }],
    });
    const result = await ProjectionRunner.rebuild(
      stores.eventStore,
      stores.readStore,
      metiersProjection,
    );
    expect(result.position).toBe(await stores.eventStore.headPosition());
    expect((await stores.readStore.collection(metiersCollection).list({})).total).toBe(2);
  });

  it('lets only the lease holder write when two runners run the same projection', async () => {
    const a = started({ owner: 'a' });
    const b = started({ owner: 'b' });
    const { position } = await create('x', 'X');
    await waitForProjections(stores.readStore, ['metiers'], position, 5000);
    expect(await stores.readStore.acquireLease('projection:metiers', 'c', 2000)).toBe(false);
    await a.stop();
    await b.stop();
    expect(await stores.readStore.acquireLease('projection:metiers', 'c', 2000)).toBe(true);
  });
});
