import { randomUUID } from 'node:crypto';
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
  type CommandContext,
  type EventEnvelope,
  type RegistrationFacts,
  type SiteSeats,
} from '@examens-pro/domain';
import { DEMO_METIERS, DEMO_NOMS, DEMO_PRENOMS_F, DEMO_PRENOMS_M } from '@examens-pro/embedded';
import { toEnvelopes, type EventStore, type ReadStore } from '@examens-pro/platform';
import { allocationCommands, type allocationPreview } from '@examens-pro/application';
import { benchConfiguration } from './configuration.js';
import { round } from './machine.js';

/**
 * The allocation's story, in parts that the `allocation` suite and the national session
 * (`session`) both run: a session open for registration configured through the product's own
 * commands (métiers opened, centres de dépôt, a centre d'examen per département, composition
 * sites, some accessible); validated dossiers written as the candidature decider decides them; the
 * automatic allocation accepted through its command and applied by the product's reactor until
 * the list of candidates shows it; and its checks.
 */
const NOMS = DEMO_NOMS;
const PRENOMS = [...DEMO_PRENOMS_F, ...DEMO_PRENOMS_M];
const METIERS = DEMO_METIERS;

const SITE_KINDS = ['Lycée technique', 'Lycée bilingue', 'CETIC', 'Collège', 'École publique'];

/** A second name that keeps persons apart (letters from the index). */
export const letters = (n: number) => {
  let name = '';
  let k = n;
  do {
    name += String.fromCharCode(97 + (k % 26));
    k = Math.floor(k / 26);
  } while (k > 0);
  return `Ma${name}`;
};

/** Resident memory now and at its peak (MB), from /proc. */
export const memory = () => {
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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface AllocationShape {
  readonly sites: number;
  readonly centresDepot: number;
  readonly metiers: number;
  readonly capacite: number;
}

/** The session and its configuration, through the product's commands (codes reserved, references checked). */
export const configureAllocationSession = async (
  eventStore: EventStore,
  readStore: ReadStore,
  actor: Actor,
  shape: AllocationShape,
) => {
  const { context, departementIds, item, openSession, now } = await benchConfiguration(
    eventStore,
    readStore,
    actor,
  );
  const examenId = await item('examens', 'CQP', 'Certificat de qualification professionnelle', {
    noteDePassage: 10,
    noteEliminatoire: 5,
  });
  const { sessionId, advance } = await openSession('mesure-session', examenId);
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
  for (let m = 0; m < shape.metiers; m += 1) {
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
      { departementId: departementIds[d] },
    );
  });
  const centresDepot: string[] = [];
  await inBatches(indexes(shape.centresDepot), 50, async (c) => {
    centresDepot[c] = await item(
      'centres-depot',
      `DEP${String(c + 1).padStart(4, '0')}`,
      `Centre de dépôt ${c + 1}`,
      { departementId: departementIds[c % departementIds.length] },
    );
  });
  const capacityOf = new Map<string, number>();
  const accessibleSites = new Set<string>();
  await inBatches(indexes(shape.sites), 50, async (s) => {
    const accessible = s % 20 === 0;
    const id = await item(
      'sites-composition',
      `S${String(s + 1).padStart(5, '0')}`,
      `${SITE_KINDS[s % SITE_KINDS.length]} ${letters(s)}`,
      {
        centreExamenId: centresExamen[s % departementIds.length],
        capacite: shape.capacite,
        accessible,
      },
    );
    capacityOf.set(id, shape.capacite);
    if (accessible) accessibleSites.add(id);
  });
  return {
    now,
    context,
    item,
    departementIds,
    examenId,
    sessionId,
    advance,
    niveauId,
    langueIds,
    moteur,
    visuel,
    metierIds,
    centresExamen,
    centresDepot,
    capacityOf,
    accessibleSites,
  };
};

export type AllocationSession = Awaited<ReturnType<typeof configureAllocationSession>>;

/** The `i`-th dossier's number (CQP27-000001…): how the story finds a candidate's index again. */
export const storyDossierNumber = (i: number) => dossierNumber('CQP27', i + 1);

/**
 * `candidats` validated dossiers: each dossier's three commands decided by the candidature
 * decider, their events appended to its stream, a thousand dossiers per group commit. Returns the
 * dossiers that need an accessible site.
 */
export const writeValidatedDossiers = async (
  eventStore: EventStore,
  setup: AllocationSession,
  candidats: number,
  actor: Actor,
) => {
  const facts: RegistrationFacts = {
    registrationOpen: true,
    deadlinePassed: false,
    modifiableAfterValidation: false,
    compositionStarted: false,
  };
  const { moteur, visuel, metierIds, centresDepot, sessionId, niveauId, langueIds } = setup;
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
        metierId: metierIds[Math.floor(i / centresDepot.length) % metierIds.length],
        centreDepotId: centresDepot[i % centresDepot.length],
        categorie: 'libre',
        nom: NOMS[(i * 7) % NOMS.length],
        prenoms: `${PRENOMS[(i * 13) % PRENOMS.length]} ${letters(i)}`,
        sexe: i % 2 ? 'M' : 'F',
        dateNaissance: birthOf(i),
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
          numeroDossier: storyDossierNumber(i),
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
      envelopes.push(...toEnvelopes(events, { commandId: randomUUID(), actor, now: at(i, k) }));
    });
    return eventStore.appendToStream(streamName(CANDIDATURE_CATEGORY, candidatureId), envelopes, {
      expectedRevision: 'no_stream',
    });
  };
  for (let i = 0; i < candidats; i += 1000) {
    const batch: Promise<unknown>[] = [];
    for (let k = i; k < Math.min(i + 1000, candidats); k += 1) batch.push(dossier(k));
    await Promise.all(batch);
  }
  return { needsAccessible };
};

/** The `i`-th dossier's date of birth (YYYY-MM-DD). */
export const birthOf = (i: number) =>
  new Date(Date.UTC(1970, 0, 1) + (i % 12_000) * 86_400_000).toISOString().slice(0, 10);

/**
 * The apply: the run accepted through the allocation's command, applied chunk by chunk by the
 * product's reactor (running beside, `failed` throws when a projection failed), until the
 * list of candidates has caught up with the log's head at the run's end.
 */
export const applyAllocationRun = async (
  eventStore: EventStore,
  readStore: ReadStore,
  options: {
    sessionId: string;
    empreinte: string;
    context: (commandId: string) => CommandContext;
    failed: () => void;
    timeoutSeconds?: number;
  },
) => {
  const commands = allocationCommands(eventStore, readStore);
  const runId = randomUUID();
  const runStream = streamName(ALLOCATION_RUN_CATEGORY, runId);
  let peakRssMb = memory().rssMb;
  const started = performance.now();
  const accepted = await commands.acceptRun(
    runId,
    { sessionId: options.sessionId, empreinte: options.empreinte },
    options.context(`mesure-affectation-${runId}`),
  );
  const acceptSeconds = round((performance.now() - started) / 1000);
  let completed: AllocationRunCompleted['data'] | undefined;
  let reactorSeconds = 0;
  let head = '';
  let lastLog = performance.now();
  const deadline = Date.now() + (options.timeoutSeconds ?? 1800) * 1000;
  for (;;) {
    options.failed();
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
  const shown = await readStore
    .collection<CandidatureDocument>(candidaturesCollection)
    .count({ sessionId: options.sessionId, statut: 'affecte' });
  const applySeconds = round((performance.now() - started) / 1000);
  return {
    runId,
    completed: completed!,
    head,
    shown,
    acceptSeconds,
    reactorSeconds,
    applySeconds,
    peakRssMb,
  };
};

/**
 * The allocation's checks: every candidate placed, no site above its capacity (its seats and the
 * list), candidate numbers and tables unique, accessible sites for those who need one. At most 20
 * failures are kept, each in French.
 */
export const checkAllocation = async (
  eventStore: EventStore,
  readStore: ReadStore,
  input: {
    sessionId: string;
    candidats: number;
    preview: Awaited<ReturnType<typeof allocationPreview>>;
    completed: AllocationRunCompleted['data'];
    shown: number;
    capacityOf: ReadonlyMap<string, number>;
    accessibleSites: ReadonlySet<string>;
    needsAccessible: ReadonlySet<string>;
  },
) => {
  const { sessionId, preview, completed, shown, capacityOf } = input;
  const placed = preview.plan.placements.length;
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);
  const failures: string[] = [];
  const fail = (message: string) => {
    if (failures.length < 20) failures.push(message);
  };
  if (preview.plan.nonPlaces.length > 0)
    fail(`${preview.plan.nonPlaces.length} candidats non placés par le plan`);
  if (placed !== input.candidats) fail(`plan : ${placed} placés sur ${input.candidats}`);
  if (completed.places !== placed || completed.refus !== 0)
    fail(`exécution : ${completed.places} placés, ${completed.refus} refus (plan : ${placed})`);
  if (shown !== placed) fail(`liste : ${shown} affectés au lieu de ${placed}`);
  const stillValid = await dossiers.count({ sessionId, statut: 'valide' });
  if (stillValid !== 0) fail(`liste : ${stillValid} dossiers encore « validé »`);
  // The list, grouped by site: never above capacity.
  const groups = await dossiers.group({ filter: { sessionId, statut: 'affecte' }, by: ['siteId'] });
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
    if (input.needsAccessible.has(doc.id)) {
      if (doc.siteId && input.accessibleSites.has(doc.siteId)) accessibleOk += 1;
      else fail(`dossier ${doc.id} : handicap, site ${doc.siteId} non accessible`);
    }
  }
  if (accessibleOk !== input.needsAccessible.size)
    fail(`${accessibleOk} sur ${input.needsAccessible.size} candidats en site accessible`);
  return {
    everyCandidatePlaced: placed === input.candidats && shown === placed && stillValid === 0,
    sitesOverCapacityBySeats: overSeated,
    sitesOverCapacityByList: overListed,
    seatsTaken: seats,
    listedAllocated: listed,
    uniqueCandidateNumbers: numbers.size,
    accessibleSatisfied: `${accessibleOk}/${input.needsAccessible.size}`,
    failures,
  };
};
