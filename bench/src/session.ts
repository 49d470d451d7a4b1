import { referenceList } from '@examens-pro/domain';
import { loadConfig, openEventStore, openReadStore } from '@examens-pro/platform';
import { dashboardLoads } from './dashboard.js';
import { round } from './machine.js';
import { lookupLoad } from './public.js';
import { benchReadsApart } from './readsApart.js';
import { startServer, type BenchServer } from './server.js';
import {
  cpuSeconds,
  deleteReadModels,
  peakMemoryMb,
  readModelBytes,
  rebuildAllProcess,
} from './sessionProcesses.js';
import {
  allocationPhase,
  checkPublicLookup,
  deliberationPhase,
  gradesPhase,
  openStory,
  waitUntilPublished,
  type Ask,
  type LookupKey,
} from './sessionStory.js';

/**
 * `npm run bench session`: the national session of issue 33 on one machine, one command. The
 * story (`sessionStory.ts`) is built in this process with the product in-process (`buildApp`, its
 * projections on their own thread, as `npm start` runs them): configuration, `candidats`
 * validated dossiers, the automatic allocation (measured: how long the histories and statistics
 * take after the lists), grade sheets, 20 juries closed (measured: until every result is
 * readable). Then, on the finished log, the product as its own process (`node
 * embedded/dist/main.js`): a cold start with every read model deleted (until `/api/ready`), the
 * publication and the public lookup right after it (100 clients), a 25-row candidatures page,
 * the dashboard's first load (chromium); the signed-in lists against a bare Fastify
 * (`readsApart.ts`); the rebuild of every read model (`projections:rebuild`); the read models'
 * files. Every check of the story fails the run.
 */
export const SESSION_TARGETS = {
  afterListsSeconds: 60,
  deliberationSeconds: 30,
  lookupsPerSecond: 2000,
  lookupP99Ms: 100,
  coldStartSeconds: 120,
  rebuildSlowestEventsPerSecond: 20_000,
  rebuildListsEventsPerSecond: 60_000,
  readModelsBytes: 1.5e9,
  peakMemoryMb: 1024,
  pageBytes: 20_000,
  readsRatioPercent: 25,
  dashboardMedianMs: 800,
} as const;

/** The read models of « the lists »: the reference lists and the list of candidates. */
const LIST_PROJECTIONS = ['listes-de-reference', 'candidatures'];

const fetchAsk =
  (url: string): Ask =>
  async (body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.text() };
  };

/** Publication, then the public lookup at once: its checks, then `clients` for `seconds`. */
const publishAndLookUp = async (
  server: BenchServer,
  dataDir: string,
  sessionId: string,
  keys: readonly LookupKey[],
  options: { clients: number; seconds: number },
) => {
  const published = await fetch(`${server.url}/api/visibilites-resultats/${sessionId}`, {
    method: 'PUT',
    headers: server.headers({ 'content-type': 'application/json' }),
    body: JSON.stringify({ visible: true, moyenneVisible: true }),
  });
  if (!published.ok)
    throw new Error(`Publication refusée : HTTP ${published.status} ${await published.text()}`);
  const { position } = (await published.json()) as { position: string };
  // The read models as the product wrote them, read by this process (read only).
  const readStore = openReadStore(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }), {
    writesReadModels: false,
  });
  const publishedSeconds = await waitUntilPublished(readStore, position).finally(() =>
    readStore.close(),
  );
  const url = `${server.url}/api/public/resultats`;
  const checks = await checkPublicLookup(fetchAsk(url), keys);
  const load = await lookupLoad(url, {
    ...options,
    request: (n) =>
      n % 10 === 9
        ? { body: { numeroCandidat: `INCONNU-${n}`, dateNaissance: '01/01/2000' }, expected: 404 }
        : { body: keys[(n * 7919) % keys.length]!, expected: 200 },
  });
  return { publishedSeconds, ...load, checks };
};

/** A signed-in 25-row candidatures page: its bytes and rows. */
const candidaturesPage = async (server: BenchServer) => {
  const response = await fetch(
    `${server.url}/api/candidatures?range=${encodeURIComponent('[0,24]')}`,
    { headers: server.headers() },
  );
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`HTTP ${response.status} pour la page des candidatures.`);
  return { bytes: body.length, rows: (JSON.parse(body.toString('utf8')) as unknown[]).length };
};

/** The métiers screen's first row (its own sort), the text the dashboard's load waits for. */
const firstMetier = async (server: BenchServer) => {
  const field = referenceList('metiers')?.order ?? 'libelle';
  const response = await fetch(
    `${server.url}/api/metiers?sort=${encodeURIComponent(JSON.stringify([field, 'ASC']))}&range=${encodeURIComponent('[0,0]')}`,
    { headers: server.headers() },
  );
  const [row] = (await response.json()) as { libelle: string }[];
  return row!.libelle;
};

/**
 * On the finished log, the product as its own process: read models deleted, the cold start timed
 * until `/api/ready`; then, on the same process, publication and lookups, the page, the dashboard.
 */
const productPhases = async (
  dataDir: string,
  sessionId: string,
  keys: readonly LookupKey[],
  options: { port: number; seconds: number; dashboardRuns: number },
) => {
  deleteReadModels(dataDir);
  process.env.PUBLIC_RESULTS_RATE_LIMIT_MAX = String(1_000_000_000);
  console.log('Démarrage à froid (modèles de lecture supprimés)…');
  const server = await startServer(dataDir, options.port, { listenMs: 30 * 60_000 });
  try {
    const coldStartSeconds = round(server.readySeconds);
    const peakAfterColdStartMb = peakMemoryMb(server.pid);
    console.log(`Prêt en ${coldStartSeconds} s ; publication et recherches publiques…`);
    const cpuBefore = cpuSeconds(server.pid);
    const lookupStarted = performance.now();
    const lookup = await publishAndLookUp(server, dataDir, sessionId, keys, {
      clients: 100,
      seconds: options.seconds,
    });
    // The product's CPU during publication and lookups, per second of wall time (1: one core busy).
    const lookupServerCpu = round(
      (cpuSeconds(server.pid) - cpuBefore) / ((performance.now() - lookupStarted) / 1000),
    );
    const page = await candidaturesPage(server);
    let dashboard: Awaited<ReturnType<typeof dashboardLoads>> | { error: string };
    try {
      dashboard = await dashboardLoads(server, {
        runs: options.dashboardRuns,
        path: '/tableau-de-bord/configuration/metiers',
        text: await firstMetier(server),
      });
    } catch (error) {
      dashboard = { error: (error as Error).message };
    }
    return {
      coldStartSeconds,
      peakAfterColdStartMb,
      lookup: { ...lookup, serverCpuCores: lookupServerCpu },
      page,
      dashboard,
      peakMb: peakMemoryMb(server.pid),
    };
  } finally {
    await server.stop();
    delete process.env.PUBLIC_RESULTS_RATE_LIMIT_MAX;
  }
};

/** The whole story at `candidats`, every phase measured. */
export const benchSession = async (options: {
  dataDir: string;
  candidats: number;
  port: number;
  barePort: number;
  seconds: number;
}) => {
  const log = (message: string) => console.log(`  ${message}`);
  console.log(`Session nationale : ${options.candidats} candidats…`);
  const story = await openStory({ ...options, projectionsThread: true, log });
  let inProcess;
  try {
    const allocation = await allocationPhase(story);
    const grades = await gradesPhase(story);
    log(`${grades.sheets} feuilles de notes, ${grades.marks} notes, en ${grades.seconds} s.`);
    const deliberation = await deliberationPhase(story);
    const eventsAfterStory = Number(await story.ports.eventStore.headPosition());
    inProcess = {
      setup: { ...story.setupFigures, eventsAfterStory },
      allocation,
      grades,
      deliberation,
    };
  } finally {
    await story.close();
  }
  const benchPeakMb = round(process.resourceUsage().maxRSS / 1024, 0);
  const { keys, ...deliberation } = inProcess.deliberation;
  const product = await productPhases(options.dataDir, story.setup.sessionId, keys, {
    port: options.port,
    seconds: options.seconds,
    dashboardRuns: 5,
  });
  const sizeAfterColdStart = readModelBytes(options.dataDir);
  console.log('Listes connectées face à un Fastify nu, chacun dans son processus…');
  let reads: Awaited<ReturnType<typeof benchReadsApart>> | { error: string };
  try {
    reads = await benchReadsApart({
      dataDir: options.dataDir,
      port: options.port,
      barePort: options.barePort,
      seconds: Number(process.env.BENCH_READS_SECONDS ?? 10),
    });
  } catch (error) {
    reads = { error: (error as Error).message };
  }
  console.log('Reconstruction de tous les modèles de lecture (projections:rebuild)…');
  const config = loadConfig({ DATA_DIR: options.dataDir, LOG_LEVEL: 'error' });
  const eventStore = openEventStore(config);
  const events = Number(await eventStore.headPosition());
  await eventStore.close();
  const rebuild = await rebuildAllProcess(options.dataDir, events);
  const sizeAfterRebuild = readModelBytes(options.dataDir);
  return {
    candidats: options.candidats,
    shape: story.shape,
    ...inProcess,
    deliberation,
    memory: {
      benchProcessMaxRssMb: benchPeakMb,
      coldStartProcessAfterReadyMb: product.peakAfterColdStartMb,
      coldStartProcessPeakMb: product.peakMb,
      rebuildProcessPeakMb: rebuild.peakMb,
    },
    product,
    reads,
    rebuild: { events, ...rebuild },
    readModels: { afterColdStart: sizeAfterColdStart, afterRebuild: sizeAfterRebuild },
  };
};

export type SessionResult = Awaited<ReturnType<typeof benchSession>>;

const fr = (value: number, digits = 0) =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits }).format(value);

/** The one table of the run, in French: each phase, its target, its figure, met or not. */
export const sessionTable = (r: SessionResult) => {
  const t = SESSION_TARGETS;
  const rows: { phase: string; cible: string; mesure: string; atteinte: string }[] = [];
  const row = (phase: string, cible: string, mesure: string, met: boolean | null) =>
    rows.push({
      phase,
      cible,
      mesure,
      atteinte: met === null ? 'non mesuré' : met ? 'oui' : 'non',
    });
  const slow = r.allocation.slowest.map(
    (s) => `${s.projection} ${fr(s.secondesApresLesListes, 1)} s`,
  );
  row(
    'historiques et statistiques à jour après l’affectation',
    `≤ ${t.afterListsSeconds} s après les listes`,
    `${fr(r.allocation.afterListsSeconds, 1)} s (listes à ${fr(r.allocation.applySeconds, 1)} s ; ${slow.join(', ')})`,
    r.allocation.afterListsSeconds <= t.afterListsSeconds,
  );
  row(
    'délibération des 20 jurys, tous les résultats lisibles',
    `≤ ${t.deliberationSeconds} s`,
    `${fr(r.deliberation.totalSeconds, 1)} s (clôtures ${fr(r.deliberation.closeSeconds, 1)} s)`,
    r.deliberation.totalSeconds <= t.deliberationSeconds,
  );
  const l = r.product.lookup;
  row(
    'recherche publique juste après la publication, 100 clients',
    `≥ ${fr(t.lookupsPerSecond)}/s, p99 ≤ ${t.lookupP99Ms} ms`,
    `${fr(l.lookupsPerSecond)}/s, p99 ${fr(l.p99Ms, 1)} ms`,
    l.lookupsPerSecond >= t.lookupsPerSecond && l.p99Ms <= t.lookupP99Ms,
  );
  row(
    'démarrage à froid sur le journal terminé (/api/ready)',
    `≤ ${t.coldStartSeconds} s`,
    `${fr(r.product.coldStartSeconds, 1)} s`,
    r.product.coldStartSeconds <= t.coldStartSeconds,
  );
  const rebuilt = r.rebuild.projections;
  const slowest = rebuilt.reduce((a, b) => (b.eventsPerSecond < a.eventsPerSecond ? b : a));
  const lists = rebuilt.filter((p) => LIST_PROJECTIONS.includes(p.projection));
  const listsRate = Math.min(...lists.map((p) => p.eventsPerSecond));
  row(
    'reconstruction de tous les modèles de lecture',
    `la plus lente ≥ ${fr(t.rebuildSlowestEventsPerSecond)} év./s, listes ≥ ${fr(t.rebuildListsEventsPerSecond)}`,
    `la plus lente ${slowest.projection} ${fr(slowest.eventsPerSecond)} év./s ; listes ${fr(listsRate)} év./s ; ${fr(r.rebuild.seconds, 1)} s en tout`,
    slowest.eventsPerSecond >= t.rebuildSlowestEventsPerSecond &&
      listsRate >= t.rebuildListsEventsPerSecond,
  );
  const size = Math.max(r.readModels.afterColdStart.bytes, r.readModels.afterRebuild.bytes);
  row(
    'fichiers des modèles de lecture',
    '≤ 1,5 Go',
    `${fr(size / 1e6)} Mo`,
    size <= t.readModelsBytes,
  );
  const peak = Math.max(
    r.memory.coldStartProcessPeakMb ?? 0,
    r.memory.rebuildProcessPeakMb,
    r.memory.benchProcessMaxRssMb,
  );
  row(
    'pic de mémoire résidente du produit',
    `≤ ${fr(t.peakMemoryMb)} Mo`,
    `processus de la mesure (produit intégré) ${fr(r.memory.benchProcessMaxRssMb)} Mo ; démarrage à froid ${fr(r.memory.coldStartProcessPeakMb ?? 0)} Mo ; reconstruction ${fr(r.memory.rebuildProcessPeakMb)} Mo`,
    peak <= t.peakMemoryMb,
  );
  row(
    'page de 25 candidatures',
    '≤ 20 ko',
    `${fr(r.product.page.bytes)} octets (${r.product.page.rows} lignes)`,
    r.product.page.bytes <= t.pageBytes,
  );
  if ('error' in r.reads)
    row('liste connectée face à un Fastify nu', `≥ ${t.readsRatioPercent} %`, r.reads.error, null);
  else
    row(
      'liste connectée face à un Fastify nu, chacun dans son processus',
      `≥ ${t.readsRatioPercent} %`,
      `métiers ${fr(r.reads.ratioPercent.metiers, 1)} %, candidatures ${fr(r.reads.ratioPercent.candidatures, 1)} %`,
      r.reads.ratioPercent.metiers >= t.readsRatioPercent &&
        r.reads.ratioPercent.candidatures >= t.readsRatioPercent,
    );
  const d = r.product.dashboard;
  if ('error' in d)
    row(
      'tableau de bord, premier chargement',
      `médiane ≤ ${t.dashboardMedianMs} ms`,
      d.error,
      null,
    );
  else
    row(
      'tableau de bord, premier chargement (cache froid, chromium)',
      `médiane ≤ ${t.dashboardMedianMs} ms`,
      `médiane ${fr(d.medianMs)} ms (${d.runs} chargements)`,
      d.medianMs <= t.dashboardMedianMs,
    );
  return rows;
};

/** Every check of the story that failed, in French (empty: all passed). */
export const sessionFailures = (r: SessionResult) => [
  ...r.allocation.checks.failures.map((f) => `affectation : ${f}`),
  ...r.deliberation.checks.failures.map((f) => `délibération : ${f}`),
  ...r.product.lookup.checks.failures.map((f) => `recherche publique : ${f}`),
];
