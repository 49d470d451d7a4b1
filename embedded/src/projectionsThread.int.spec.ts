import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openReadStore } from '@examens-pro/platform';
import { allProjections } from '@examens-pro/projections';
import { startTestApp, type Agent } from './testApp.js';

/**
 * The product as `npm start` runs it: the projections on a thread of their own (the build's
 * `projectionsWorker.js`), the reactors and the app on the main thread, on the same SQLite files.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
const dir = mkdtempSync(join(tmpdir(), 'fil-projections-'));
const projectionNames = allProjections().map((p) => p.name);

beforeAll(async () => {
  t = await startTestApp({ threaded: true, dir });
  // Signing in reads the accounts' read model: written by the thread.
  admin = await t.asAdmin();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ready = async () => {
  const deadline = Date.now() + 30_000;
  while (!t.runner.ready() && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return t.runner.ready();
};

describe('projections on their own thread', () => {
  it('holds every projection on the thread and every reactor here, all caught up', async () => {
    expect(await ready()).toBe(true);
    const status = new Map(t.runner.status().map((s) => [s.name, s]));
    for (const name of projectionNames)
      expect(status.get(name)).toMatchObject({ caughtUp: true, heldHere: true });
    expect(status.get('reacteur-affectations')).toMatchObject({ caughtUp: true, heldHere: true });
    expect(t.runner.status()).toHaveLength(new Set(status.keys()).size);
  });

  it('shows each write to the next read at once: every commit wakes the thread', async () => {
    const cycles: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const started = performance.now();
      const created = await admin.inject({
        method: 'POST',
        url: '/api/profils',
        payload: { libelle: `Profil du fil ${i}`, permissions: ['candidat.enregistrer'] },
      });
      expect(created.statusCode).toBe(201);
      const { id, position } = created.json<{ id: string; position: string }>();
      const read = await admin.inject({
        method: 'GET',
        url: `/api/profils/${id}`,
        headers: { 'x-min-position': position },
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ libelle: `Profil du fil ${i}` });
      cycles.push(performance.now() - started);
    }
    // Waiting for the thread's poll instead (250 ms) would put the median near 125 ms.
    cycles.sort((a, b) => a - b);
    expect(cycles[10]).toBeLessThan(80);
  });

  it('stops the thread with the app, its leases given back', async () => {
    await t.close();
    const readStore = openReadStore({ dataDir: dir });
    try {
      for (const name of projectionNames)
        expect(await readStore.leaseHolder(`projection:${name}`)).toBeNull();
    } finally {
      await readStore.close();
    }
  });
});
