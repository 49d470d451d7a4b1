import { randomUUID } from 'node:crypto';
import {
  BULK_CATEGORY,
  BULK_PROJECTION,
  CANDIDATURE_CATEGORY,
  CANDIDATURES_PROJECTION,
  candidatureDecider,
  candidaturesCollection,
  comparePositions,
  dossierNumber,
  parseCandidature,
  streamName,
  type Actor,
  type BulkCompleted,
  type Candidature,
  type CandidatureCommand,
  type EventEnvelope,
  type RegistrationFacts,
} from '@examens-pro/domain';
import { buildApp, DEMO_NOMS, DEMO_PRENOMS_F } from '@examens-pro/embedded';
import { loadConfig, officeTimeZone, openPorts, toEnvelopes } from '@examens-pro/platform';
import { candidatureDeps, startBulk } from '@examens-pro/application';
import { benchConfiguration } from './configuration.js';
import { caughtUp, round, throwIfFailed } from './machine.js';

/**
 * Bulk validation at scale (issue #32): a session open for registration with `dossiers` submitted
 * dossiers (written as their events, a thousand per group commit, `refus` of them left brouillons),
 * the embedded product catching up; then measured, as `POST /api/lots-candidatures
 * { action: 'valider', filtre: { sessionId } }` does it: the filter resolved, the run accepted in
 * chunks, each dossier validated by the single route's handler (its own events), until the list of
 * candidates and the run's outcomes show every dossier.
 */
const ACTOR: Actor = { id: 'mesure-lot', name: 'Mesure des actions groupées' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const letters = (n: number) => {
  let name = '';
  let k = n;
  do {
    name += String.fromCharCode(97 + (k % 26));
    k = Math.floor(k / 26);
  } while (k > 0);
  return `Ma${name}`;
};

export const benchBulk = async (options: { dataDir: string; dossiers: number; refus: number }) => {
  const config = loadConfig({ DATA_DIR: options.dataDir, LOG_LEVEL: 'error' });
  const ports = openPorts(config);
  const { eventStore, readStore } = ports;
  const { context, departementIds, item, openSession } = await benchConfiguration(
    eventStore,
    readStore,
    ACTOR,
  );
  const examenId = await item('examens', 'CQP', 'Certificat de qualification professionnelle', {
    noteDePassage: 10,
  });
  const { sessionId } = await openSession('mesure-session', examenId);
  const niveauId = await item('niveaux-scolarisation', 'CEP', 'Certificat d’études primaires', {
    rang: 1,
  });
  const metierId = await item('metiers', 'ELEC', 'Électricité');
  await item('metiers-ouverts', 'CQP27-ELEC', 'Électricité 2027', { sessionId, metierId });
  const centreDepotId = await item('centres-depot', 'DEP1', 'Centre de dépôt 1', {
    departementId: departementIds[0],
  });

  // Submitted dossiers (the brouillons every `step`-th), a thousand per group commit.
  const writeStarted = performance.now();
  const facts: RegistrationFacts = {
    registrationOpen: true,
    deadlinePassed: false,
    modifiableAfterValidation: false,
    compositionStarted: false,
  };
  const step = Math.floor(options.dossiers / Math.max(options.refus, 1));
  const now = new Date().toISOString();
  const dossier = (i: number) => {
    const candidatureId = randomUUID();
    const details = parseCandidature(
      {
        sessionId,
        metierId,
        centreDepotId,
        categorie: 'libre',
        nom: DEMO_NOMS[(i * 7) % DEMO_NOMS.length],
        prenoms: `${DEMO_PRENOMS_F[(i * 13) % DEMO_PRENOMS_F.length]} ${letters(i)}`,
        sexe: 'F',
        dateNaissance: new Date(Date.UTC(1970, 0, 1) + (i % 12_000) * 86_400_000)
          .toISOString()
          .slice(0, 10),
        lieuNaissance: 'Yaoundé',
        nationalite: 'Camerounaise',
        telephone: `6${String(70_000_000 + i).slice(-8)}`,
        niveauId,
      },
      { now },
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
    ];
    if (options.refus === 0 || i % step !== step - 1 || i >= step * options.refus)
      commands.push({ type: 'SubmitCandidature', data: { candidatureId, facts } });
    let state: Candidature = candidatureDecider.initialState();
    const envelopes: EventEnvelope[] = [];
    for (const command of commands) {
      const events = candidatureDecider.decide(command, state);
      for (const event of events) state = candidatureDecider.evolve(state, event);
      envelopes.push(...toEnvelopes(events, { commandId: randomUUID(), actor: ACTOR, now }));
    }
    return eventStore.appendToStream(streamName(CANDIDATURE_CATEGORY, candidatureId), envelopes, {
      expectedRevision: 'no_stream',
    });
  };
  for (let i = 0; i < options.dossiers; i += 1000) {
    const batch: Promise<unknown>[] = [];
    for (let k = i; k < Math.min(i + 1000, options.dossiers); k += 1) batch.push(dossier(k));
    await Promise.all(batch);
  }
  const writeSeconds = round((performance.now() - writeStarted) / 1000);

  // The embedded product as `npm start` runs it: projections on their thread, reactors beside.
  const catchUpStarted = performance.now();
  const { app, runner } = await buildApp({
    ...ports,
    sessionSecret: config.sessionSecret,
    projectionsThread: { dataDir: config.dataDir },
  });
  await app.ready();
  await caughtUp(runner);
  const catchUpSeconds = round((performance.now() - catchUpStarted) / 1000);
  const dossiers = readStore.collection(candidaturesCollection);
  const listed = await dossiers.count({ sessionId });
  if (listed !== options.dossiers)
    throw new Error(`${listed} dossiers dans la liste au lieu de ${options.dossiers}.`);

  try {
    // The run: from the request until the list and the run's outcomes show every dossier.
    const deps = candidatureDeps(eventStore, officeTimeZone(), readStore);
    const lotId = randomUUID();
    const started = performance.now();
    const answer = await startBulk(
      deps,
      lotId,
      { action: 'valider', filtre: { sessionId } },
      null,
      context(`mesure-lot-${lotId}`),
    );
    const acceptSeconds = round((performance.now() - started) / 1000);
    let completed: BulkCompleted['data'] | undefined;
    let head = '';
    let lastLog = performance.now();
    const deadline = Date.now() + Number(process.env.BENCH_BULK_TIMEOUT_S ?? 1800) * 1000;
    for (;;) {
      throwIfFailed(runner);
      if (!completed) {
        const end = (await eventStore.readStream(streamName(BULK_CATEGORY, lotId))).find(
          (e) => e.type === 'LotCandidaturesTermine',
        );
        if (end) {
          completed = end.data as BulkCompleted['data'];
          head = await eventStore.headPosition();
        }
      }
      if (completed) {
        const checkpoints = await Promise.all(
          [CANDIDATURES_PROJECTION, BULK_PROJECTION].map((p) => readStore.getCheckpoint(p)),
        );
        if (checkpoints.every((c) => c && comparePositions(c.position, head) >= 0)) break;
      }
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        const shown = await dossiers.count({ sessionId, statut: 'valide' });
        console.log(`  ${round((lastLog - started) / 1000, 0)} s : ${shown} validés dans la liste`);
      }
      if (Date.now() > deadline) throw new Error('Action groupée trop longue : délai dépassé.');
      await sleep(50);
    }
    const seconds = round((performance.now() - started) / 1000);
    const shown = await dossiers.count({ sessionId, statut: 'valide' });
    const failures: string[] = [];
    const expected = options.dossiers - options.refus;
    if (answer.total !== options.dossiers) failures.push(`${answer.total} dossiers retenus`);
    if (completed!.reussis !== expected || completed!.refus !== options.refus)
      failures.push(`${completed!.reussis} réussis, ${completed!.refus} refus`);
    if (shown !== expected) failures.push(`liste : ${shown} validés au lieu de ${expected}`);
    return {
      dossiers: options.dossiers,
      refus: options.refus,
      setup: { dossiersWriteSeconds: writeSeconds, projectionsCatchUpSeconds: catchUpSeconds },
      run: {
        acceptSeconds,
        seconds,
        dossiersPerSecond: round(options.dossiers / seconds, 0),
        reussis: completed!.reussis,
        refus: completed!.refus,
      },
      checks: { failures },
    };
  } finally {
    // Projections and reactors stop with the app; then the stores.
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
