import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DOCUMENT_CATEGORY, documentJobId, streamName } from '@examens-pro/domain';
import {
  BullMqJobQueue,
  openEventStore,
  openReadStore,
  type ReadStore,
} from '@examens-pro/platform';
import { pdfText } from '../../workers/src/testing/pdfText';
import { ADMIN, adminEnvironment, signInFirstAdministrator } from './accounts';
import { clusterServers, Cluster, type Member } from './cluster';
import {
  createCentreDepot,
  departementId,
  fillRegistrationForm,
  openSessionForRegistration,
  type ExamSession,
} from './examSetup';
import { api, ARTIFACTS, browserAvailable, launchBrowser, menuEntry, shot } from './harness';

/**
 * The distributed mode, run for real: two command services, two query services, two
 * projections processes and two workers, each its own OS process from its `dist` entry point, on
 * FerretDB, Redis and a shared DATA_DIR, behind Debian's nginx with `gateway/nginx.conf` as shipped.
 * A person signs in through the gateway, registers a candidate, sees the list, downloads a PDF;
 * then the parts are killed, frozen and restarted under load, and nothing answered is lost or
 * made twice. The timings asserted are upper bounds for a busy 2-core machine (what was measured
 * is printed, and kept in e2e/artifacts/distributed/timings.json).
 *
 * E2E_EVENTSTORE_URL (an empty EventStoreDB) runs the same journey on EventStoreDB instead of the
 * shared SQLite log.
 */
const servers = clusterServers();
const required = process.env.REQUIRE_SERVERS === '1';
const missing = [
  !servers.mongodbUrl && 'FerretDB/MongoDB',
  !servers.redisUrl && 'Redis',
  !servers.nginx && 'nginx',
].filter(Boolean);
if (missing.length > 0) {
  if (required) throw new Error(`Parcours distribué : ${missing.join(', ')} introuvable(s).`);
  console.warn(`\n*** PARCOURS DISTRIBUÉ IGNORÉ : ${missing.join(', ')} introuvable(s) ***\n`);
}
const run = browserAvailable() && missing.length === 0 ? describe : describe.skip;

const DASHBOARD = '/tableau-de-bord';
const INSCRIRE = `${DASHBOARD}/inscription/candidats/inscrire-un-candidat`;
const LISTE = `${DASHBOARD}/inscription/candidats/liste`;
const METIERS = `${DASHBOARD}/configuration/metiers`;
const PROJECTION_LEASE_TTL_MS = 30_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The pid in a lease owner's name (`host#pid#random`). */
const pidOf = (owner: string): number => Number(owner.split('#')[1]);

run('mode distribué : deux processus de chaque, tués et relancés', () => {
  let cluster: Cluster;
  let browser: Browser;
  let page: Page;
  let readStore: ReadStore;
  let session: ExamSession;
  let centreId: string;
  const timings: Record<string, number> = {};
  /** The projections, as a projections process's readiness names them (for an administrator). */
  let projections: string[] = [];
  /** Every métier a command answered for, its id and the position of its event. */
  const answered: { id: string; code: string; position: string }[] = [];
  /** Every document asked for. */
  const documents: string[] = [];

  const get = (path: string, headers: Record<string, string> = {}) =>
    page.request.get(`${cluster.url}${path}`, { headers });

  /** What a projections process's `/api/ready` tells a signed-in administrator of its projections. */
  const readinessOf = async (member: Member) => {
    const response = await page.request.get(`http://127.0.0.1:${member.port}/api/ready`);
    return ((await response.json()) as { projections?: { name: string; heldHere: boolean }[] })
      .projections;
  };

  /** Who holds each projection's lease (the read store's record): the member, by its pid. */
  const holders = async (): Promise<Map<string, Member | undefined>> => {
    if (projections.length === 0) {
      const running = cluster.byRole('projections').find((m) => cluster.running(m))!;
      projections = ((await readinessOf(running)) ?? []).map((p) => p.name);
      expect(projections.length).toBeGreaterThan(10);
    }
    const found = new Map<string, Member | undefined>();
    for (const name of projections) {
      const holder = await readStore.leaseHolder(`projection:${name}`);
      found.set(name, holder ? cluster.byPid(pidOf(holder.owner)) : undefined);
    }
    return found;
  };

  /** Waits until every projection lease is held by `member`; answers how long it took. */
  const leasesHeldBy = async (member: Member, timeoutMs: number): Promise<number> => {
    const started = Date.now();
    for (;;) {
      const held = [...(await holders()).values()];
      if (held.every((m) => m === member)) return Date.now() - started;
      if (Date.now() - started > timeoutMs)
        throw new Error(
          `Baux non repris par ${member.name} après ${timeoutMs} ms : ${held.map((m) => m?.name ?? '—').join(', ')}`,
        );
      await sleep(100);
    }
  };

  /** Every projection's checkpoint (its position in the log). */
  const checkpoints = async (): Promise<Map<string, bigint>> => {
    const found = new Map<string, bigint>();
    for (const name of projections) {
      const checkpoint = await readStore.getCheckpoint(name);
      found.set(name, BigInt(checkpoint?.position ?? '0'));
    }
    return found;
  };

  /** A métier created through the gateway; its answer kept. */
  const createMetier = async (code: string): Promise<void> => {
    const answer = await api(page, '/api/metiers', { code, libelle: `Métier ${code}` });
    answered.push({ id: answer.id, code, position: answer.position });
  };

  /** The highest position answered so far (what the read models must have reached). */
  const lastPosition = (): string =>
    answered
      .map((a) => BigInt(a.position))
      .reduce((a, b) => (a > b ? a : b), 0n)
      .toString();

  /** Every answered métier, read through the gateway once the read models reached its position. */
  const expectEveryMetierListed = async (): Promise<void> => {
    const response = await get(`/api/metiers?range=${encodeURIComponent('[0,999]')}`, {
      'x-min-position': lastPosition(),
    });
    expect(response.status()).toBe(200);
    const listed = new Set(((await response.json()) as { id: string }[]).map((m) => m.id));
    expect(answered.filter((a) => !listed.has(a.id)).map((a) => a.code)).toEqual([]);
  };

  /** Each document's outcome events in the log: `DocumentGenerated` exactly once each. */
  const generatedEvents = async (): Promise<Map<string, number>> => {
    const store = openEventStore({
      dataDir: cluster.dataDir,
      eventStoreUrl: cluster.eventStoreUrl,
    });
    try {
      const counts = new Map<string, number>();
      for (const id of documents) {
        const events = await store.readStream(streamName(DOCUMENT_CATEGORY, id));
        counts.set(id, events.filter((e) => e.type === 'DocumentGenerated').length);
      }
      return counts;
    } finally {
      await store.close();
    }
  };

  /** Waits until every document asked for is generated; answers how long it took. */
  const documentsGenerated = async (timeoutMs: number): Promise<number> => {
    const started = Date.now();
    for (;;) {
      const states = await Promise.all(
        documents.map(async (id) => {
          const response = await get(`/api/documents/${id}/progression`);
          return response.ok() ? ((await response.json()) as { statut: string }).statut : '?';
        }),
      );
      if (states.every((s) => s === 'genere')) return Date.now() - started;
      if (Date.now() - started > timeoutMs)
        throw new Error(`Documents non générés après ${timeoutMs} ms : ${states.join(', ')}`);
      await sleep(200);
    }
  };

  beforeAll(async () => {
    cluster = await Cluster.create({
      replicas: { command: 2, query: 2, projections: 2, workers: 2 },
      env: adminEnvironment(),
    });
    await cluster.startGateway();
    const started = Date.now();
    cluster.start();
    await Promise.all(cluster.members.map((m) => cluster.waitReady(m, 180_000)));
    timings.demarrageJusquAPret = Date.now() - started;
    readStore = openReadStore(
      { dataDir: cluster.dataDir, mongodbUrl: cluster.mongodbUrl },
      { writesReadModels: false },
    );
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  }, 240_000);

  afterAll(async () => {
    console.log(`Parcours distribué, mesures (ms) : ${JSON.stringify(timings)}`);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      join(ARTIFACTS, 'distributed', 'timings.json'),
      `${JSON.stringify(timings, null, 2)}\n`,
    );
    await browser?.close();
    await readStore?.close();
    await cluster?.destroy();
  }, 60_000);

  it('starts two of each at the same moment: every process ready, none died', () => {
    expect(cluster.members.map((m) => [m.name, cluster.running(m)])).toEqual(
      cluster.members.map((m) => [m.name, true]),
    );
    expect(timings.demarrageJusquAPret).toBeLessThan(180_000);
  });

  it('signs in through the gateway, registers a candidate and sees the list (either query service)', async () => {
    await page.goto(`${cluster.url}/connexion`);
    await signInFirstAdministrator(page, cluster.url);
    session = await openSessionForRegistration(page, {
      libelle: 'CQP session de juin 2027',
      metiers: [['MECA', 'Mécanique automobile']],
    });
    centreId = (
      await createCentreDepot(
        page,
        'CD-YDE',
        'Centre de dépôt de Yaoundé',
        await departementId(page, 'Mfoundi'),
      )
    ).id;
    expect(centreId).toBeTruthy();

    await page.goto(`${cluster.url}${DASHBOARD}`);
    await (await menuEntry(page, INSCRIRE)).click();
    await page.waitForURL(`**${INSCRIRE}`);
    await fillRegistrationForm(page, {
      session: ['CQP', 'CQP session de juin 2027'],
      metier: ['Méca', 'Mécanique automobile'],
      centreDepot: ['Yaoundé', 'Centre de dépôt de Yaoundé'],
      nom: 'ATANGANA',
      prenoms: 'Paul',
      sexe: 'Masculin',
      dateNaissance: '05/03/1998',
      lieuNaissance: 'Douala',
      telephone: '677 00 11 22',
      niveau: ['CEP', 'CEP'],
    });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/inscription\/candidats\/liste\/[^/]+\/show$/);
    await page.getByText('Dossier CQP27-000001 — Atangana Paul').waitFor();

    await page.goto(`${cluster.url}${LISTE}`);
    await page.getByRole('cell', { name: 'CQP27-000001' }).waitFor();
    await shot(page, 'distribue-01-liste-des-candidats');
    // The reads went to both query services (round robin at the gateway).
    const answeredBy = new Set(
      cluster
        .accessLog()
        .filter((line) => line.includes('"GET /api/'))
        .map((line) => line.split(' ').pop()),
    );
    for (const query of cluster.byRole('query'))
      expect([...answeredBy]).toContain(`127.0.0.1:${query.port}`);
  });

  it('asks for a PDF and downloads it (made by either worker)', async () => {
    await page.goto(`${cluster.url}${METIERS}`);
    await page.getByText('Mécanique automobile').first().waitFor();
    const downloaded = page.waitForEvent('download', { timeout: 60_000 });
    const asked = Date.now();
    await page.getByRole('button', { name: 'Télécharger la liste (PDF)' }).click();
    const download = await downloaded;
    timings.pdfDemandeJusquAuTelechargement = Date.now() - asked;
    expect(download.suggestedFilename()).toBe('liste-des-metiers.pdf');
    const file = join(ARTIFACTS, 'distributed', 'liste-des-metiers.pdf');
    await download.saveAs(file);
    expect(pdfText(readFileSync(file)).join('\n')).toContain('Mécanique automobile');
  });

  it('kill -9 of the projections lease holder during a burst: the standby takes over within 10 s, every answered command is listed', async () => {
    const holder = [...(await holders()).values()][0]!;
    expect(holder?.role).toBe('projections');
    const standby = cluster.byRole('projections').find((m) => m !== holder)!;
    // A burst of commands through the gateway, the holder killed in the middle of it; the leases
    // watched meanwhile.
    let takeover: Promise<number> | undefined;
    for (let i = 1; i <= 30; i++) {
      await createMetier(`RAFALE${i}`);
      if (i === 10) {
        await cluster.signal(holder, 'SIGKILL');
        takeover = leasesHeldBy(standby, 10_000);
      }
    }
    timings.repriseApresKill9 = await takeover!;
    const listedFrom = Date.now();
    await expectEveryMetierListed();
    timings.rafaleListeeApresReprise = Date.now() - listedFrom;
    // The killed process comes back, as the standby.
    cluster.start(holder);
    await cluster.waitReady(holder);
    expect([...(await holders()).values()].every((m) => m === standby)).toBe(true);
  });

  it('SIGSTOP of the holder: the standby takes over within the lease; continued, the old holder writes nothing', async () => {
    const holder = [...(await holders()).values()][0]!;
    const standby = cluster.byRole('projections').find((m) => m !== holder)!;
    await cluster.signal(holder, 'SIGSTOP');
    await createMetier('GEL1');
    timings.repriseApresSigstop = await leasesHeldBy(standby, PROJECTION_LEASE_TTL_MS + 15_000);
    await expectEveryMetierListed();
    const taken = await checkpoints();
    await cluster.signal(holder, 'SIGCONT');
    // Back to life, the old holder finds its leases taken: for 10 s it holds none, no checkpoint
    // goes back (a stale batch written would), and every command answered meanwhile is listed.
    for (let i = 0; i < 10; i++) {
      await createMetier(`APRES${i}`);
      await sleep(1000);
      expect([...(await holders()).values()].filter((m) => m !== standby)).toEqual([]);
    }
    await expectEveryMetierListed();
    const later = await checkpoints();
    expect([...taken].filter(([name, position]) => (later.get(name) ?? 0n) < position)).toEqual([]);
    expect(cluster.running(holder)).toBe(true);
  });

  it('kill -9 of a worker with jobs running: every document generated exactly once, within 30 s of the kill', async () => {
    const queue = new BullMqJobQueue({ url: cluster.redisUrl });
    try {
      const workers = cluster.byRole('workers');
      for (let i = 0; i < 40; i++)
        documents.push((await api(page, '/api/documents', { kind: 'liste-metiers' })).id);
      // The first worker seen running one of them is killed while it runs it.
      let victim: Member | undefined;
      const deadline = Date.now() + 60_000;
      while (!victim && Date.now() < deadline) {
        for (const id of documents) {
          const job = await queue.getJob(documentJobId(id));
          if (job?.status === 'active' && job.processedBy) {
            victim = workers.find(
              (w) =>
                `#${w.child?.pid}` === job.processedBy!.slice(job.processedBy!.lastIndexOf('#')),
            );
            if (victim) break;
          }
        }
      }
      expect(victim).toBeDefined();
      await cluster.signal(victim!, 'SIGKILL');
      timings.documentsApresKill9 = await documentsGenerated(30_000);
      const counts = await generatedEvents();
      expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
      expect(counts.size).toBe(40);
      cluster.start(victim!);
      await cluster.waitReady(victim!);
    } finally {
      await queue.close();
    }
  });

  it('kill -9 of a query service: the gateway keeps answering through the other', async () => {
    const [first] = cluster.byRole('query');
    await cluster.signal(first!, 'SIGKILL');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await get('/api/metiers?range=[0,9]')).status());
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    await page.goto(`${cluster.url}${LISTE}`);
    await page.getByRole('cell', { name: 'CQP27-000001' }).waitFor();
    cluster.start(first!);
    await cluster.waitReady(first!);
  });

  it('stops everything and starts again: nothing lost, nothing projected twice, the session kept', async () => {
    const report = async () => {
      const response = await get(
        `/api/rapports/candidats/par-metier?sessionId=${session.id}&vue=metier`,
        { 'x-min-position': lastPosition() },
      );
      expect(response.status()).toBe(200);
      return ((await response.json()) as { total: { valeurs: Record<string, unknown> } }).total;
    };
    const before = await report();
    expect(before.valeurs).toMatchObject({ total: 1, hommes: 1 });
    await expectEveryMetierListed();
    await cluster.stopAll();
    const started = Date.now();
    cluster.start();
    await Promise.all(cluster.members.map((m) => cluster.waitReady(m, 180_000)));
    timings.redemarrageJusquAPret = Date.now() - started;
    // The session lives in Redis: still signed in.
    await page.goto(`${cluster.url}${LISTE}`);
    await page.getByRole('cell', { name: 'CQP27-000001' }).waitFor();
    await expectEveryMetierListed();
    expect(await report()).toEqual(before);
    const counts = await generatedEvents();
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    // Still one dossier numbered once, and the administrator still the one who signed in.
    const who = (await (await get('/api/auth/session')).json()) as { user?: { login?: string } };
    expect(JSON.stringify(who)).toContain(ADMIN.login);
    await shot(page, 'distribue-02-apres-redemarrage');
  });
});
