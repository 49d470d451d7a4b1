import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import {
  candidaturesCollection,
  type Actor,
  type CandidatureDocument,
  type EventEnvelope,
} from '@examens-pro/domain';
import { buildApp, type ProjectionsControl } from '@examens-pro/embedded';
import {
  loadConfig,
  openPorts,
  SqliteEventStore,
  type EventStore,
  type Projection,
  type ReadStore,
  type WriteBatch,
} from '@examens-pro/platform';
import { ALLOCATION_REACTOR, allocationPreview } from '@examens-pro/application';
import {
  applyAllocationRun,
  checkAllocation,
  configureAllocationSession,
  memory,
  writeValidatedDossiers,
} from './allocationStory.js';
import { caughtUp, round, throwIfFailed } from './machine.js';

/**
 * The automatic allocation to composition sites at scale: a session open for registration with
 * its configuration (métiers opened, centres de dépôt, centres d'examen, composition sites, some
 * accessible) written through the product's own list and session commands; `candidats` validated
 * dossiers written as their events (created, submitted, validated: what the candidature decider
 * decides), appended in bulk; the embedded product (`buildApp`: every projection and reactor)
 * catching up. Then measured: the preview (`allocationPreview`), and the apply, from the
 * acceptance of the run until the list of candidates shows every placed candidate « affecté »;
 * then checked: every candidate placed, no site above its capacity (its seats and the list),
 * candidate numbers and tables unique, accessible sites for those who need one.
 */
const ACTOR: Actor = { id: 'mesure-affectation', name: 'Mesure de l’affectation' };

/** A CPU profile of one phase, when BENCH_CPU_PROFILE names the file to write. */
const profiler = async (file: string | undefined) => {
  if (!file) return { stop: async () => undefined };
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 1000 });
  await post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`Profil CPU de l’application : ${file}`);
    },
  };
};

/**
 * BENCH_ALLOCATION_TRACE=1: where the apply's time goes, by wrapping the stores' calls (every
 * SQLite call is synchronous: a call's duration is its cost on the one thread): stream reads by
 * stream category, group commits (inserts and fsync), the projections' reads of the log and their
 * batches written to the read models, per projection; the reactor's time per chunk (wall time).
 */
const traceStores = (eventStore: EventStore, readStore: ReadStore) => {
  type Tally = { calls: number; ms: number; items: number };
  const tallies = new Map<string, Tally>();
  const add = (key: string, ms: number, items = 0) => {
    const tally = tallies.get(key) ?? { calls: 0, ms: 0, items: 0 };
    tally.calls += 1;
    tally.ms += ms;
    tally.items += items;
    tallies.set(key, tally);
  };
  const category = (stream: string) =>
    /^(.*?)-[0-9a-f]{8}-[0-9a-f]{4}-/.exec(stream)?.[1] ?? stream;
  const store = eventStore as unknown as Record<string, unknown>;
  const readStream = eventStore.readStream.bind(eventStore);
  store.readStream = (stream: string, options?: { fromRevision?: number; maxCount?: number }) => {
    // The SQLite store reads at the call (synchronously): the call's duration is the read.
    const started = performance.now();
    const answer = readStream(stream, options);
    const ms = performance.now() - started;
    void answer.then((events) => add(`lecture de flux ${category(stream)}`, ms, events.length));
    return answer;
  };
  const append = eventStore.appendToStream.bind(eventStore);
  let pending = new Map<string, number>();
  store.appendToStream = (stream: string, events: readonly EventEnvelope[], options?: object) => {
    const key = category(stream);
    pending.set(key, (pending.get(key) ?? 0) + events.length);
    return append(stream, events, options);
  };
  if (typeof store.commitGroup === 'function') {
    const commitGroup = store.commitGroup as () => void;
    store.commitGroup = () => {
      const carried = [...pending.keys()].sort().join(' + ');
      const events = [...pending.values()].reduce((a, b) => a + b, 0);
      pending = new Map();
      const started = performance.now();
      commitGroup();
      add(`commit groupé (${carried || '-'})`, performance.now() - started, events);
    };
  }
  if (typeof store.readAllSync === 'function') {
    const readAllSync = (store.readAllSync as (from: string, max: number) => unknown[]).bind(
      eventStore,
    );
    store.readAllSync = (from: string, max: number) => {
      const started = performance.now();
      const events = readAllSync(from, max);
      add('projections : lecture du journal', performance.now() - started, events.length);
      return events;
    };
  }
  const write = readStore.write.bind(readStore);
  (readStore as unknown as Record<string, unknown>).write = (batch: WriteBatch) => {
    const started = performance.now();
    const done = write(batch);
    add(
      `projection ${batch.checkpoint?.projection ?? '?'} : écriture`,
      performance.now() - started,
      batch.operations.length,
    );
    return done;
  };
  return {
    /** The reactor's apply, timed per chunk (wall time, awaits included). */
    reactor: (runner: ProjectionsControl) => {
      const reactor = runner.projections.find((p) => p.name === ALLOCATION_REACTOR);
      if (!reactor) return;
      const apply = reactor.apply.bind(reactor);
      (reactor as { apply: Projection['apply'] }).apply = async (event, context) => {
        const started = performance.now();
        await apply(event, context);
        add('réacteur : une tranche (durée murale)', performance.now() - started, 1);
      };
    },
    reset: () => tallies.clear(),
    report: () =>
      Object.fromEntries(
        [...tallies]
          .sort((a, b) => b[1].ms - a[1].ms)
          .map(([key, t]) => [key, { appels: t.calls, ms: round(t.ms, 0), elements: t.items }]),
      ),
  };
};

/** The event store's group commits (fsyncs) and appends so far, when it is the SQLite one. */
const commitsOf = (eventStore: EventStore) =>
  eventStore instanceof SqliteEventStore ? eventStore.stats() : { commits: 0, appends: 0 };

export const benchAllocation = async (options: {
  dataDir: string;
  candidats: number;
  sites: number;
  centresDepot: number;
  metiers: number;
  capacite: number;
}) => {
  const config = loadConfig({ DATA_DIR: options.dataDir, LOG_LEVEL: 'error' });
  const ports = openPorts(config);
  const { eventStore, readStore } = ports;
  const trace =
    process.env.BENCH_ALLOCATION_TRACE === '1' ? traceStores(eventStore, readStore) : undefined;
  // 1. Configuration, through the product's commands (codes reserved, references checked).
  const configStarted = performance.now();
  const setup = await configureAllocationSession(eventStore, readStore, ACTOR, options);
  const { context, departementIds, sessionId, capacityOf, accessibleSites } = setup;
  const configSeconds = round((performance.now() - configStarted) / 1000);

  // 2. Validated dossiers: each dossier's three commands decided by the candidature decider, their
  // events appended to its stream, a thousand dossiers per group commit.
  const writeStarted = performance.now();
  const { needsAccessible } = await writeValidatedDossiers(
    eventStore,
    setup,
    options.candidats,
    ACTOR,
  );
  const writeSeconds = round((performance.now() - writeStarted) / 1000);
  const events = Number(await eventStore.headPosition());

  // 3. The embedded product, every projection and reactor, catching up.
  const catchUpStarted = performance.now();
  // As `npm start` runs them: the projections on their own thread, the reactors beside the app
  // (traced, everything on one thread, so that the trace sees the projections' writes too).
  const { app, runner } = await buildApp({
    ...ports,
    sessionSecret: config.sessionSecret,
    ...(trace || process.env.BENCH_PROJECTIONS_THREAD === '0'
      ? {}
      : { projectionsThread: { dataDir: config.dataDir } }),
  });
  trace?.reactor(runner);
  await app.ready();
  await caughtUp(runner);
  const catchUpSeconds = round((performance.now() - catchUpStarted) / 1000);
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);
  const validated = await dossiers.count({ sessionId, statut: 'valide' });
  if (validated !== options.candidats)
    throw new Error(`${validated} dossiers validés dans la liste au lieu de ${options.candidats}.`);
  const afterSetup = memory();

  try {
    // 4. The preview.
    const previewStarted = performance.now();
    const preview = await allocationPreview(readStore, sessionId);
    const previewSeconds = round((performance.now() - previewStarted) / 1000);
    const placed = preview.plan.placements.length;
    console.log(
      `Aperçu : ${placed} placés, ${preview.plan.nonPlaces.length} non placés, ${preview.plan.sites.length} sites, ${previewSeconds} s`,
    );

    // 5. The apply: accepted, applied chunk by chunk by the reactor, shown by the list.
    const profile = await profiler(process.env.BENCH_CPU_PROFILE);
    trace?.reset();
    const commitsBefore = commitsOf(eventStore);
    const applied = await applyAllocationRun(eventStore, readStore, {
      sessionId,
      empreinte: preview.empreinte,
      context,
      failed: () => throwIfFailed(runner),
      timeoutSeconds: Number(process.env.BENCH_ALLOCATION_TIMEOUT_S ?? 1800),
    });
    const { applySeconds, reactorSeconds, shown } = applied;
    const commitsAfter = commitsOf(eventStore);
    const traced = trace?.report();
    await profile.stop();
    console.log(`Appliquée : ${shown} affectés dans la liste en ${applySeconds} s`);

    // 6. Checks.
    const checkStarted = performance.now();
    const checks = await checkAllocation(eventStore, readStore, {
      sessionId,
      candidats: options.candidats,
      preview,
      completed: applied.completed,
      shown,
      capacityOf,
      accessibleSites,
      needsAccessible,
    });
    const checkSeconds = round((performance.now() - checkStarted) / 1000);

    const result = {
      candidats: options.candidats,
      sites: options.sites,
      capaciteParSite: options.capacite,
      sitesAccessibles: accessibleSites.size,
      candidatsSiteAccessibleRequis: needsAccessible.size,
      centresDepot: options.centresDepot,
      departements: departementIds.length,
      metiers: options.metiers,
      setup: {
        configurationSeconds: configSeconds,
        dossiersWriteSeconds: writeSeconds,
        events,
        projectionsCatchUpSeconds: catchUpSeconds,
        rssAfterSetupMb: afterSetup.rssMb,
      },
      preview: {
        seconds: previewSeconds,
        placed,
        notPlaced: preview.plan.nonPlaces.length,
        sitesUsed: preview.plan.sites.length,
      },
      apply: {
        seconds: applySeconds,
        candidatesPerSecond: round(placed / applySeconds, 0),
        acceptSeconds: applied.acceptSeconds,
        reactorSeconds,
        listsAfterReactorSeconds: round(applySeconds - reactorSeconds),
        chunks: Math.ceil(placed / 500),
        groupCommits: commitsAfter.commits - commitsBefore.commits,
        appends: commitsAfter.appends - commitsBefore.appends,
        peakRssSampledMb: applied.peakRssMb,
      },
      checks: { seconds: checkSeconds, ...checks },
      processPeakRssMb: memory().peakMb,
      ...(traced ? { trace: traced } : {}),
    };
    return result;
  } finally {
    // Projections and workers stop with the app (it closes the job queue); then the stores.
    await app.close();
    await Promise.all([
      eventStore.close(),
      readStore.close(),
      ports.sessionStore.close(),
      ports.signInLimiter.close(),
      ports.lookupLimiter.close(),
    ]);
  }
};
