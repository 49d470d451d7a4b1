import {
  candidaturesCollection,
  comparePositions,
  computeResult,
  PUBLIC_RESULTS_PROJECTION,
  RESULTS_VISIBILITY_PROJECTION,
  resultsCollection,
  SESSION_CATEGORY,
  sessionDecider,
  streamName,
  type Actor,
  type CandidatureDocument,
  type EpreuveMark,
  type ReadModelDocument,
  type RosterEntry,
} from '@examens-pro/domain';
import { buildApp } from '@examens-pro/embedded';
import { handleCommand, loadConfig, openPorts, type ReadStore } from '@examens-pro/platform';
import { allocationPreview } from '@examens-pro/application';
import { allProjections } from '@examens-pro/projections';
import {
  applyAllocationRun,
  checkAllocation,
  configureAllocationSession,
  sleep,
  writeValidatedDossiers,
} from './allocationStory.js';
import {
  closeJuries,
  createEpreuves,
  createJury,
  juryBasics,
  writeGradeSheets,
  type StoryEpreuve,
} from './deliberationStory.js';
import { caughtUp, round, throwIfFailed } from './machine.js';

/**
 * A national session told once, in one data folder, through the product's own commands and
 * deciders (the story of issue 33): configuration (lists, session, métiers opened, centres, one
 * composition site per hundred candidates), `candidats` validated dossiers, the embedded product
 * (`buildApp`: every projection and reactor) caught up; then the automatic allocation accepted
 * and applied by its reactor; the grade sheets (presences and 10 marks a candidate); 20 juries
 * closed. Each phase returns its figures and its checks (French messages, at most 20 kept): the
 * `session` bench measures them, and a jest suite runs them at a small size as a correctness test.
 */
export const STORY_ACTOR: Actor = { id: 'mesure-session-nationale', name: 'Mesure de la session' };

/** The story's shape at `candidats`: at 200,000, 2,000 sites of 110 seats, 200 centres de dépôt, 30 métiers. */
export const storyShape = (candidats: number) => {
  const sites = Math.max(20, Math.round(candidats / 100));
  return {
    sites,
    centresDepot: Math.min(200, Math.max(10, Math.round(candidats / 1000))),
    // 30: the lists against a bare Fastify measure 25-row pages of métiers.
    metiers: 30,
    // 10 % more seats than candidates.
    capacite: Math.max(110, Math.ceil((candidats * 1.1) / sites)),
    jurys: 20,
    epreuves: 10,
  };
};

/** The pass and eliminatory marks of the story's examen (out of 20). */
export const STORY_RULES = { noteDePassage: 10, noteEliminatoire: 5 } as const;

/**
 * What the `i`-th candidate got at épreuve `e` (out of `noteMax`): about 1 % absent at one
 * épreuve, the marks spread over the whole scale. The recomputation reads the same function.
 */
export const storyMark = (i: number, e: number, noteMax: number) => ({
  absent: (i * 31 + e * 7) % 997 === 0,
  note: ((i * 37 + e * 53) % (noteMax * 100 + 1)) / 100,
});

/** The dossier number's index (CQP27-000001 → 0). */
export const dossierIndex = (numeroDossier: string) =>
  Number(/(\d+)$/.exec(numeroDossier)?.[1] ?? NaN) - 1;

export type Failures = string[];
const failer = (failures: Failures) => (message: string) => {
  if (failures.length < 20) failures.push(message);
};

/**
 * Configuration, juries and dossiers written, then the product started in-process and caught up.
 * `projectionsThread`: the projections on their own thread, as `npm start` runs them (needs the
 * built product); else beside the app.
 */
export const openStory = async (options: {
  dataDir: string;
  candidats: number;
  projectionsThread: boolean;
  log?: (message: string) => void;
}) => {
  const log = options.log ?? (() => undefined);
  const shape = storyShape(options.candidats);
  const config = loadConfig({ DATA_DIR: options.dataDir, LOG_LEVEL: 'error' });
  const ports = openPorts(config);
  const { eventStore, readStore } = ports;
  const started = performance.now();
  const setup = await configureAllocationSession(eventStore, readStore, STORY_ACTOR, shape);
  const epreuves = await createEpreuves(setup.item, setup.examenId, shape.epreuves);
  const { typeId, fonctionId } = await juryBasics(setup.item);
  const juryIds: string[] = [];
  for (let j = 0; j < shape.jurys; j += 1)
    juryIds.push(
      await createJury(eventStore, readStore, setup.context, {
        key: `N${j}`,
        index: j,
        sessionId: setup.sessionId,
        typeId,
        fonctionId,
        // The centres d'examen (one per département) shared out among the juries.
        centreExamenIds: setup.centresExamen.filter((_, d) => d % shape.jurys === j),
        metierIds: setup.metierIds,
      }),
    );
  const configurationSeconds = round((performance.now() - started) / 1000);
  log(`Configuration écrite en ${configurationSeconds} s ; dossiers…`);
  const written = performance.now();
  const { needsAccessible } = await writeValidatedDossiers(
    eventStore,
    setup,
    options.candidats,
    STORY_ACTOR,
  );
  const dossiersSeconds = round((performance.now() - written) / 1000);
  log(`${options.candidats} dossiers validés écrits en ${dossiersSeconds} s ; rattrapage…`);
  const catchUpStarted = performance.now();
  const { app, runner } = await buildApp({
    ...ports,
    sessionSecret: config.sessionSecret,
    ...(options.projectionsThread ? { projectionsThread: { dataDir: config.dataDir } } : {}),
  });
  await app.ready();
  await caughtUp(runner);
  const catchUpSeconds = round((performance.now() - catchUpStarted) / 1000);
  log(`Produit à jour en ${catchUpSeconds} s.`);
  let stopped = false;
  let closed = false;
  /** Stops the product (projections and workers with the app); the stores stay open. */
  const stopProduct = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
  };
  return {
    candidats: options.candidats,
    shape,
    ports,
    app,
    runner,
    setup,
    epreuves,
    juryIds,
    needsAccessible,
    failed: () => throwIfFailed(runner),
    log,
    setupFigures: {
      configurationSeconds,
      dossiersSeconds,
      catchUpSeconds,
      events: Number(await eventStore.headPosition()),
    },
    stopProduct,
    /** Stops the product, then the stores. */
    close: async () => {
      if (closed) return;
      closed = true;
      await stopProduct();
      await ports.close();
    },
  };
};

export type Story = Awaited<ReturnType<typeof openStory>>;

/**
 * The automatic allocation: previewed, accepted through its command, applied by the product's
 * reactor until the lists show it; then how long every other read model (histories, statistics…)
 * takes after the lists to reach the log's head at the run's end; then the allocation's checks.
 */
export const allocationPhase = async (story: Story) => {
  const { eventStore, readStore } = story.ports;
  const { sessionId } = story.setup;
  const previewStarted = performance.now();
  const preview = await allocationPreview(readStore, sessionId);
  const previewSeconds = round((performance.now() - previewStarted) / 1000);
  const applied = await applyAllocationRun(eventStore, readStore, {
    sessionId,
    empreinte: preview.empreinte,
    context: story.setup.context,
    failed: story.failed,
  });
  const listsAt = performance.now();
  story.log(`Affectation jusqu’aux listes : ${applied.applySeconds} s.`);
  // Every projection's checkpoint against the head at the run's end.
  const names = allProjections().map((p) => p.name);
  const reached = new Map<string, number>();
  const deadline = Date.now() + 3600_000;
  while (reached.size < names.length) {
    story.failed();
    for (const name of names) {
      if (reached.has(name)) continue;
      const checkpoint = await readStore.getCheckpoint(name);
      if (checkpoint && comparePositions(checkpoint.position, applied.head) >= 0)
        reached.set(name, round(Math.max(0, performance.now() - listsAt) / 1000));
    }
    if (Date.now() > deadline) throw new Error('Projections trop longues après l’affectation.');
    if (reached.size < names.length) await sleep(100);
  }
  const afterListsSeconds = Math.max(0, ...reached.values());
  story.log(`Toutes les projections à jour ${afterListsSeconds} s après les listes.`);
  const checks = await checkAllocation(eventStore, readStore, {
    sessionId,
    candidats: story.candidats,
    preview,
    completed: applied.completed,
    shown: applied.shown,
    capacityOf: story.setup.capacityOf,
    accessibleSites: story.setup.accessibleSites,
    needsAccessible: story.needsAccessible,
  });
  return {
    previewSeconds,
    applySeconds: applied.applySeconds,
    reactorSeconds: applied.reactorSeconds,
    afterListsSeconds,
    slowest: [...reached]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, seconds]) => ({ projection: name, secondesApresLesListes: seconds })),
    checks,
  };
};

/**
 * Composition: the session taken to « Composition », every site's grade sheets (one per épreuve:
 * roster, presences, marks from `storyMark`) written as the grade sheet decider decides them, read
 * site by site from the list of candidates; then the session at « Délibération » with its arrêté.
 */
export const gradesPhase = async (story: Story) => {
  const { eventStore, readStore } = story.ports;
  const { sessionId, advance, context, now } = story.setup;
  const started = performance.now();
  await advance('inscriptions-closes');
  await advance('composition');
  let marks = 0;
  let sheets = 0;
  let site = '';
  let roster: RosterEntry[] = [];
  const indexOf = new Map<string, number>();
  const flush = async () => {
    if (roster.length === 0) return;
    marks += await writeGradeSheets(eventStore, {
      sessionId,
      epreuves: story.epreuves,
      rosters: new Map([[site, roster]]),
      actor: STORY_ACTOR,
      now,
      grades: (candidats, e) => {
        const noteMax = story.epreuves[e]!.noteMax;
        const absent = new Set<string>();
        const entered: { candidatureId: string; note: number }[] = [];
        for (const c of candidats) {
          const mark = storyMark(indexOf.get(c.candidatureId)!, e, noteMax);
          if (mark.absent) absent.add(c.candidatureId);
          else entered.push({ candidatureId: c.candidatureId, note: mark.note });
        }
        return { absent, marks: entered };
      },
    });
    sheets += story.epreuves.length;
    roster = [];
    indexOf.clear();
  };
  for await (const doc of readStore.collection<CandidatureDocument>(candidaturesCollection).stream({
    filter: { sessionId, statut: 'affecte' },
    sort: [
      { field: 'siteId', order: 'ASC' },
      { field: 'numeroCandidat', order: 'ASC' },
    ],
    batchSize: 5000,
  })) {
    if (doc.siteId !== site) {
      await flush();
      site = doc.siteId ?? '';
    }
    indexOf.set(doc.id, dossierIndex(doc.numeroDossier));
    roster.push({
      candidatureId: doc.id,
      numeroCandidat: doc.numeroCandidat ?? '',
      nom: String(doc.nom ?? ''),
      prenoms: String(doc.prenoms ?? ''),
      sexe: String(doc.sexe ?? ''),
      metierId: doc.metierId,
      centreExamenId: '',
    });
  }
  await flush();
  await advance('deliberation');
  await handleCommand(eventStore, {
    stream: streamName(SESSION_CATEGORY, sessionId),
    decider: sessionDecider,
    command: {
      type: 'SetSessionReference',
      data: { sessionId, numeroArrete: '0042/MINEFOP', dateArrete: '2027-07-10' },
    },
    context: context('mesure-session-reference'),
  });
  return { sheets, marks, seconds: round((performance.now() - started) / 1000) };
};

/** What a candidate's marks make, recomputed with the domain's own rules. */
export const expectedResult = (epreuves: readonly StoryEpreuve[], i: number) => {
  const marks: Record<string, EpreuveMark> = {};
  epreuves.forEach((e, k) => {
    const mark = storyMark(i, k, e.noteMax);
    marks[e.id] = mark.absent
      ? { presence: 'absent', note: null }
      : { presence: 'present', note: mark.note };
  });
  return computeResult(epreuves, marks, STORY_RULES);
};

/** One published candidate, as the public lookup asks for them. */
export interface LookupKey {
  readonly numeroCandidat: string;
  readonly dateNaissance: string;
}

/**
 * The deliberation: every jury closed through the product's command until the results' read model
 * holds every result; then `checkResults`.
 */
export const deliberationPhase = async (story: Story, sample = 20_000) => {
  const { eventStore, readStore } = story.ports;
  const { sessionId, context } = story.setup;
  const timing = await closeJuries(eventStore, readStore, {
    sessionId,
    juryIds: story.juryIds,
    context,
    expected: story.candidats,
    failed: story.failed,
  });
  story.log(`Délibération : résultats lisibles en ${round(timing.totalSeconds)} s.`);
  return {
    closeSeconds: round(timing.closeSeconds),
    projectSeconds: round(timing.projectSeconds),
    totalSeconds: round(timing.totalSeconds),
    ...(await checkResults(story, sample)),
  };
};

/**
 * Every result of the session read back from the results' read model and compared with its
 * recomputation from the marks entered (average, computed result, result), every candidate once.
 * Returns a sample of published candidates for the public lookup (every one up to `sample`).
 */
export const checkResults = async (story: Story, sample = 20_000) => {
  const { readStore } = story.ports;
  const { sessionId } = story.setup;
  const failures: Failures = [];
  const fail = failer(failures);
  const seen = new Set<string>();
  const keys: LookupKey[] = [];
  const step = Math.max(1, Math.floor(story.candidats / sample));
  const tally = { admis: 0, ajourne: 0, elimine: 0, absent: 0 } as Record<string, number>;
  let read = 0;
  for await (const doc of readStore
    .collection<ReadModelDocument & Record<string, unknown>>(resultsCollection)
    .stream({ filter: { sessionId }, sort: [{ field: 'id', order: 'ASC' }], batchSize: 5000 })) {
    read += 1;
    const candidatureId = String(doc.candidatureId);
    if (seen.has(candidatureId)) fail(`résultat en double : ${candidatureId}`);
    seen.add(candidatureId);
    const i = dossierIndex(String(doc.numeroDossier));
    const expected = expectedResult(story.epreuves, i);
    if (
      doc.moyenne !== expected.moyenne ||
      doc.calcule !== expected.resultat ||
      doc.resultat !== expected.resultat
    )
      fail(
        `${String(doc.numeroDossier)} : moyenne ${String(doc.moyenne)}, ${String(doc.resultat)} (calculé ${String(doc.calcule)}) ; recalcul : ${expected.moyenne}, ${expected.resultat}`,
      );
    tally[String(doc.resultat)] = (tally[String(doc.resultat)] ?? 0) + 1;
    if (read % step === 0 && keys.length < sample)
      keys.push({
        numeroCandidat: String(doc.numeroCandidat),
        dateNaissance: String(doc.dateNaissance),
      });
  }
  if (read !== story.candidats) fail(`${read} résultats lus pour ${story.candidats} candidats`);
  if (seen.size !== story.candidats)
    fail(`${seen.size} candidats avec un résultat sur ${story.candidats}`);
  return {
    results: read,
    tally,
    checks: { everyResultReadableAndEqual: failures.length === 0, failures },
    keys,
  };
};

/** An answer of the public lookup, from HTTP or from the app itself. */
export type Ask = (body: object) => Promise<{ status: number; body: string }>;

/**
 * The public lookup answers: each of `keys` (at most 50, spread) found with its own number, and a
 * number that does not exist not found.
 */
export const checkPublicLookup = async (ask: Ask, keys: readonly LookupKey[]) => {
  const failures: Failures = [];
  const fail = failer(failures);
  const step = Math.max(1, Math.floor(keys.length / 50));
  let found = 0;
  for (let k = 0; k < keys.length; k += step) {
    const key = keys[k]!;
    const answer = await ask(key);
    if (answer.status === 200 && answer.body.includes(key.numeroCandidat)) found += 1;
    else fail(`recherche publique de ${key.numeroCandidat} : HTTP ${answer.status}`);
  }
  const unknown = await ask({ numeroCandidat: 'INCONNU-000001', dateNaissance: '01/01/2000' });
  if (unknown.status !== 404) fail(`numéro inconnu : HTTP ${unknown.status} au lieu de 404`);
  return { found, unknownStatus: unknown.status, failures };
};

/**
 * Waits until the public results' read models have reached `position` (the publication's), at most
 * `ms`: how long after the publication the lookup answers it. Asked of the read store rather than
 * of the lookup itself, whose failures would count against a number.
 */
export const waitUntilPublished = async (
  readStore: Pick<ReadStore, 'getCheckpoint'>,
  position: string,
  ms = 600_000,
) => {
  const started = performance.now();
  const deadline = Date.now() + ms;
  for (;;) {
    const checkpoints = await Promise.all(
      [PUBLIC_RESULTS_PROJECTION, RESULTS_VISIBILITY_PROJECTION].map((name) =>
        readStore.getCheckpoint(name),
      ),
    );
    if (checkpoints.every((c) => c && comparePositions(c.position, position) >= 0)) break;
    if (Date.now() > deadline) throw new Error('Résultats jamais publiés : délai dépassé.');
    await sleep(50);
  }
  return round((performance.now() - started) / 1000);
};
