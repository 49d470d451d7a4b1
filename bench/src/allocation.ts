import { randomUUID } from 'node:crypto';
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import {
  ALLOCATION_RUN_CATEGORY,
  allocationRunsCollection,
  CANDIDATURE_CATEGORY,
  comparePositions,
  CANDIDATURES_PROJECTION,
  candidatureDecider,
  candidaturesCollection,
  dossierNumber,
  evolveSeats,
  parseCandidature,
  seatsStream,
  streamName,
  type Actor,
  type AllocationRunCompleted,
  type AllocationRunDocument,
  type Candidature,
  type CandidatureCommand,
  type CandidatureDocument,
  type EventEnvelope,
  type RegistrationFacts,
  type SiteSeats,
} from '@examens-pro/domain';
import {
  buildApp,
  DEMO_METIERS,
  DEMO_NOMS,
  DEMO_PRENOMS_F,
  DEMO_PRENOMS_M,
  type ProjectionsControl,
} from '@examens-pro/embedded';
import {
  loadConfig,
  openPorts,
  SqliteEventStore,
  toEnvelopes,
  type EventStore,
  type Projection,
  type ReadStore,
  type WriteBatch,
} from '@examens-pro/platform';
import {
  ALLOCATION_REACTOR,
  allocationCommands,
  allocationPreview,
} from '@examens-pro/application';
import { benchConfiguration } from './configuration.js';
import { round } from './machine.js';

const NOMS = DEMO_NOMS;
const PRENOMS = [...DEMO_PRENOMS_F, ...DEMO_PRENOMS_M];
const METIERS = DEMO_METIERS;

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

const SITE_KINDS = ['Lycée technique', 'Lycée bilingue', 'CETIC', 'Collège', 'École publique'];

/** A second name that keeps persons apart (letters from the index). */
const letters = (n: number) => {
  let name = '';
  let k = n;
  do {
    name += String.fromCharCode(97 + (k % 26));
    k = Math.floor(k / 26);
  } while (k > 0);
  return `Ma${name}`;
};

/** Resident memory now and at its peak (MB), from /proc. */
const memory = () => {
  const rss = process.memoryUsage().rss;
  return {
    rssMb: round(rss / 2 ** 20, 0),
    peakMb: round(process.resourceUsage().maxRSS / 1024, 0),
  };
};

/** Runs `work` in batches of `size` at once (the event store commits each batch as one group). */
const inBatches = async <T>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<unknown>,
) => {
  for (let i = 0; i < items.length; i += size)
    await Promise.all(items.slice(i, i + size).map(work));
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  const { context, departementIds, item, openSession } = await benchConfiguration(
    eventStore,
    readStore,
    ACTOR,
  );
  const examenId = await item('examens', 'CQP', 'Certificat de qualification professionnelle', {
    noteDePassage: 10,
    noteEliminatoire: 5,
  });
  const { sessionId } = await openSession('mesure-session', examenId);
  const niveauId = await item('niveaux-scolarisation', 'CEP', 'Certificat d’études primaires', {
    rang: 1,
  });
  const langueIds = [
    await item('langues', 'FR', 'Français'),
    await item('langues', 'EN', 'Anglais'),
  ];
  const moteur = await item('types-handicap', 'MOT', 'Déficience motrice', {
    amenagement: 'Salle de plain-pied',
    siteAccessibleRequis: true,
  });
  const visuel = await item('types-handicap', 'VIS', 'Déficience visuelle', {
    amenagement: 'Sujets en gros caractères',
    siteAccessibleRequis: false,
  });
  const metierIds: string[] = [];
  for (let m = 0; m < options.metiers; m += 1) {
    const code = `M${String(m + 1).padStart(2, '0')}`;
    const libelle = `${METIERS[m % METIERS.length]}${m < METIERS.length ? '' : ` ${m + 1}`}`;
    const metierId = await item('metiers', code, libelle);
    await item('metiers-ouverts', `CQP27-${code}`, `${libelle} 2027`, { sessionId, metierId });
    metierIds.push(metierId);
  }
  // A centre d'examen per département; centres de dépôt and sites spread over the départements.
  const indexes = (n: number) => Array.from({ length: n }, (_, k) => k);
  const centresExamen: string[] = [];
  await inBatches(indexes(departementIds.length), 50, async (d) => {
    centresExamen[d] = await item(
      'centres-examen',
      `CE${String(d + 1).padStart(3, '0')}`,
      `Centre d’examen ${d + 1}`,
      {
        departementId: departementIds[d],
      },
    );
  });
  const centresDepot: string[] = [];
  await inBatches(indexes(options.centresDepot), 50, async (c) => {
    centresDepot[c] = await item(
      'centres-depot',
      `DEP${String(c + 1).padStart(4, '0')}`,
      `Centre de dépôt ${c + 1}`,
      {
        departementId: departementIds[c % departementIds.length],
      },
    );
  });
  const capacityOf = new Map<string, number>();
  const accessibleSites = new Set<string>();
  await inBatches(indexes(options.sites), 50, async (s) => {
    const accessible = s % 20 === 0;
    const id = await item(
      'sites-composition',
      `S${String(s + 1).padStart(5, '0')}`,
      `${SITE_KINDS[s % SITE_KINDS.length]} ${letters(s)}`,
      {
        centreExamenId: centresExamen[s % departementIds.length],
        capacite: options.capacite,
        accessible,
      },
    );
    capacityOf.set(id, options.capacite);
    if (accessible) accessibleSites.add(id);
  });
  const configSeconds = round((performance.now() - configStarted) / 1000);

  // 2. Validated dossiers: each dossier's three commands decided by the candidature decider, their
  // events appended to its stream, a thousand dossiers per group commit.
  const writeStarted = performance.now();
  const facts: RegistrationFacts = {
    registrationOpen: true,
    deadlinePassed: false,
    modifiableAfterValidation: false,
    compositionStarted: false,
  };
  const needsAccessible = new Set<string>();
  const at = (i: number, k: number) =>
    new Date(Date.UTC(2026, 9, 1) + i * 20_000 + k * 3_600_000).toISOString();
  const dossier = (i: number) => {
    const candidatureId = randomUUID();
    const handicapId = i % 100 === 7 ? moteur : i % 100 === 41 ? visuel : null;
    if (handicapId === moteur) needsAccessible.add(candidatureId);
    const details = parseCandidature(
      {
        sessionId,
        // Every centre receives every métier.
        metierId: metierIds[Math.floor(i / options.centresDepot) % metierIds.length],
        centreDepotId: centresDepot[i % options.centresDepot],
        categorie: 'libre',
        nom: NOMS[(i * 7) % NOMS.length],
        prenoms: `${PRENOMS[(i * 13) % PRENOMS.length]} ${letters(i)}`,
        sexe: i % 2 ? 'M' : 'F',
        dateNaissance: new Date(Date.UTC(1970, 0, 1) + (i % 12_000) * 86_400_000)
          .toISOString()
          .slice(0, 10),
        lieuNaissance: 'Yaoundé',
        nationalite: 'Camerounaise',
        telephone: `6${String(70_000_000 + i).slice(-8)}`,
        niveauId,
        langueId: langueIds[i % 5 === 0 ? 1 : 0],
        handicapId,
      },
      { now: at(i, 0) },
    );
    const commands: CandidatureCommand[] = [
      {
        type: 'CreateCandidature',
        data: {
          candidatureId,
          numeroDossier: dossierNumber('CQP27', i + 1),
          ...details,
          facts,
          piecesDemandees: [],
          montantDu: null,
        },
      },
      { type: 'SubmitCandidature', data: { candidatureId, facts } },
      { type: 'ValidateCandidature', data: { candidatureId, facts, pieces: [], frais: null } },
    ];
    let state: Candidature = candidatureDecider.initialState();
    const envelopes: EventEnvelope[] = [];
    commands.forEach((command, k) => {
      const events = candidatureDecider.decide(command, state);
      for (const event of events) state = candidatureDecider.evolve(state, event);
      envelopes.push(
        ...toEnvelopes(events, { commandId: randomUUID(), actor: ACTOR, now: at(i, k) }),
      );
    });
    return eventStore.appendToStream(streamName(CANDIDATURE_CATEGORY, candidatureId), envelopes, {
      expectedRevision: 'no_stream',
    });
  };
  for (let i = 0; i < options.candidats; i += 1000) {
    const batch: Promise<unknown>[] = [];
    for (let k = i; k < Math.min(i + 1000, options.candidats); k += 1) batch.push(dossier(k));
    await Promise.all(batch);
  }
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
  const failed = () => {
    for (const { name, error } of runner.status())
      if (error) throw new Error(`Projection ${name} en échec : ${error}`);
  };
  while (!runner.ready()) {
    failed();
    await sleep(100);
  }
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
    const commands = allocationCommands(eventStore, readStore);
    const runId = randomUUID();
    const runStream = streamName(ALLOCATION_RUN_CATEGORY, runId);
    let peakRssMb = memory().rssMb;
    const started = performance.now();
    const accepted = await commands.acceptRun(
      runId,
      { sessionId, empreinte: preview.empreinte },
      context(`mesure-affectation-${runId}`),
    );
    const acceptSeconds = round((performance.now() - started) / 1000);
    let completed: AllocationRunCompleted['data'] | undefined;
    let reactorSeconds = 0;
    let head = '';
    let lastLog = performance.now();
    const deadline = Date.now() + Number(process.env.BENCH_ALLOCATION_TIMEOUT_S ?? 1800) * 1000;
    for (;;) {
      failed();
      peakRssMb = Math.max(peakRssMb, memory().rssMb);
      if (!completed) {
        const end = (
          await eventStore.readStream(runStream, { fromRevision: accepted.revision })
        ).find((e) => e.type === 'AffectationAutomatiqueTerminee');
        if (end) {
          completed = end.data as AllocationRunCompleted['data'];
          reactorSeconds = round((performance.now() - started) / 1000);
          head = await eventStore.headPosition();
        }
      }
      if (completed) {
        const checkpoint = await readStore.getCheckpoint(CANDIDATURES_PROJECTION);
        if (checkpoint && comparePositions(checkpoint.position, head) >= 0) break;
      }
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        const run = await readStore
          .collection<AllocationRunDocument>(allocationRunsCollection)
          .get(runId);
        console.log(
          `  ${round((lastLog - started) / 1000, 0)} s : ${run?.tranchesAppliquees ?? 0}/${run?.tranches ?? '?'} tranches appliquées, ${run?.places ?? 0} placés ; ${memory().rssMb} Mo`,
        );
      }
      if (Date.now() > deadline) throw new Error('Affectation trop longue : délai dépassé.');
      await sleep(50);
    }
    const shown = await dossiers.count({ sessionId, statut: 'affecte' });
    const applySeconds = round((performance.now() - started) / 1000);
    const commitsAfter = commitsOf(eventStore);
    const traced = trace?.report();
    await profile.stop();
    console.log(`Appliquée : ${shown} affectés dans la liste en ${applySeconds} s`);

    // 6. Checks.
    const checkStarted = performance.now();
    const failures: string[] = [];
    const fail = (message: string) => {
      if (failures.length < 20) failures.push(message);
    };
    if (preview.plan.nonPlaces.length > 0)
      fail(`${preview.plan.nonPlaces.length} candidats non placés par le plan`);
    if (placed !== options.candidats) fail(`plan : ${placed} placés sur ${options.candidats}`);
    if (completed!.places !== placed || completed!.refus !== 0)
      fail(`exécution : ${completed!.places} placés, ${completed!.refus} refus (plan : ${placed})`);
    if (shown !== placed) fail(`liste : ${shown} affectés au lieu de ${placed}`);
    const stillValid = await dossiers.count({ sessionId, statut: 'valide' });
    if (stillValid !== 0) fail(`liste : ${stillValid} dossiers encore « validé »`);
    // The list, grouped by site: never above capacity.
    const groups = await dossiers.group({
      filter: { sessionId, statut: 'affecte' },
      by: ['siteId'],
    });
    let overListed = 0;
    for (const g of groups) {
      const capacite = capacityOf.get(String(g.key.siteId));
      if (capacite === undefined || g.count > capacite) {
        overListed += 1;
        fail(`liste : site ${String(g.key.siteId)} à ${g.count} pour ${capacite ?? '?'} places`);
      }
    }
    // The seats, site by site: never above capacity, tables unique and within it.
    const planned = new Map(preview.plan.placements.map((p) => [p.candidatureId, p.siteId]));
    const seatOf = new Map<string, { siteId: string; table: number }>();
    let overSeated = 0;
    let seats = 0;
    for (const [siteId, capacite] of capacityOf) {
      let state: SiteSeats = new Map();
      for (const event of await eventStore.readStream(seatsStream(siteId)))
        state = evolveSeats(state, event);
      const held = state.get(sessionId) ?? new Map<string, number>();
      seats += held.size;
      if (held.size > capacite) {
        overSeated += 1;
        fail(`sièges : site ${siteId} à ${held.size} pour ${capacite} places`);
      }
      const tables = new Set(held.values());
      if (tables.size !== held.size) fail(`sièges : tables en double au site ${siteId}`);
      for (const [candidatureId, table] of held) {
        if (table < 1 || table > capacite) fail(`sièges : table ${table} au site ${siteId}`);
        seatOf.set(candidatureId, { siteId, table });
      }
    }
    if (seats !== placed) fail(`sièges : ${seats} pris pour ${placed} placés`);
    // Each dossier: its planned site, its seat, a number of its own; accessible when needed.
    const numbers = new Set<string>();
    let listed = 0;
    let accessibleOk = 0;
    for await (const doc of dossiers.stream({
      filter: { sessionId, statut: 'affecte' },
      sort: [{ field: 'id', order: 'ASC' }],
      batchSize: 5000,
    })) {
      listed += 1;
      if (!doc.numeroCandidat || numbers.has(doc.numeroCandidat))
        fail(`numéro de candidat absent ou en double : ${doc.numeroCandidat} (${doc.id})`);
      else numbers.add(doc.numeroCandidat);
      if (doc.siteId !== planned.get(doc.id))
        fail(`dossier ${doc.id} au site ${doc.siteId}, prévu ailleurs`);
      const seat = seatOf.get(doc.id);
      if (!seat || seat.siteId !== doc.siteId || seat.table !== doc.numeroTable)
        fail(
          `dossier ${doc.id} : table ${doc.numeroTable} au site ${doc.siteId}, siège ${JSON.stringify(seat)}`,
        );
      if (needsAccessible.has(doc.id)) {
        if (doc.siteId && accessibleSites.has(doc.siteId)) accessibleOk += 1;
        else fail(`dossier ${doc.id} : handicap, site ${doc.siteId} non accessible`);
      }
    }
    if (accessibleOk !== needsAccessible.size)
      fail(`${accessibleOk} sur ${needsAccessible.size} candidats en site accessible`);
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
        acceptSeconds,
        reactorSeconds,
        listsAfterReactorSeconds: round(applySeconds - reactorSeconds),
        chunks: Math.ceil(placed / 500),
        groupCommits: commitsAfter.commits - commitsBefore.commits,
        appends: commitsAfter.appends - commitsBefore.appends,
        peakRssSampledMb: peakRssMb,
      },
      checks: {
        seconds: checkSeconds,
        everyCandidatePlaced: placed === options.candidats && shown === placed && stillValid === 0,
        sitesOverCapacityBySeats: overSeated,
        sitesOverCapacityByList: overListed,
        seatsTaken: seats,
        listedAllocated: listed,
        uniqueCandidateNumbers: numbers.size,
        accessibleSatisfied: `${accessibleOk}/${needsAccessible.size}`,
        failures,
      },
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
