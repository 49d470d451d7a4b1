import {
  CANDIDATURE_CATEGORY,
  candidaturesCollection,
  resultsCollection,
  SESSION_CATEGORY,
  sessionDecider,
  streamName,
  type Actor,
  type RosterEntry,
} from '@examens-pro/domain';
import { handleCommand, loadConfig, openPorts, ProjectionRunner } from '@examens-pro/platform';
import { readJuryDeliberation } from '@examens-pro/application';
import {
  candidaturesProjection,
  deliberationsProjection,
  listsProjection,
  resultsProjection,
  sessionsProjection,
} from '@examens-pro/projections';
import { benchConfiguration } from './configuration.js';
import { allocatedDossier } from './dossiers.js';
import {
  closeJuries,
  createEpreuves,
  createJury,
  juryBasics,
  writeGradeSheets,
} from './deliberationStory.js';
import { round } from './machine.js';

/**
 * The deliberation at national scale: `candidats` candidates of one session, each composing
 * `epreuves` épreuves (coefficients 1 to 3, notes out of 20 or 40, one eliminatory), 500 to a site,
 * `jurys` juries (one per centre d'examen). Set up in-process: the configuration through the
 * product's commands, dossiers and grade sheets as their deciders decide them (opened, presences —
 * about 1 % absent —, one entry per candidate and épreuve), the read models the deliberation reads
 * (lists, sessions, dossiers) rebuilt. Then measured: every jury's deliberation closed through the
 * product's command (inputs read from the sheets' streams, results computed, ranked and frozen),
 * and the results' read models brought up to date — the time until the results are readable.
 */
const ACTOR: Actor = { id: 'mesure-admissions', name: 'Mesure des admissions' };

export const benchAdmissions = async (options: {
  dataDir: string;
  candidats: number;
  epreuves: number;
  jurys: number;
}) => {
  const perSite = 500;
  const sites = Math.ceil(options.candidats / perSite);
  const sitesPerJury = Math.ceil(sites / options.jurys);
  const config = loadConfig({ DATA_DIR: options.dataDir, LOG_LEVEL: 'error' });
  const ports = openPorts(config);
  const { eventStore, readStore } = ports;
  const setupStarted = performance.now();
  const { now, departementIds, item, openSession, context } = await benchConfiguration(
    eventStore,
    readStore,
    ACTOR,
  );
  const examenId = await item('examens', 'CQP', 'Certificat de qualification professionnelle', {
    noteDePassage: 10,
    noteEliminatoire: 5,
  });
  const { sessionId, advance } = await openSession('mesure-admissions-session', examenId);
  const niveauId = await item('niveaux-scolarisation', 'CEP', 'CEP', { rang: 1 });
  const metierId = await item('metiers', 'ELEC', 'Électricité');
  await item('metiers-ouverts', 'MO-ELEC', 'Électricité 2027', { sessionId, metierId });
  const epreuves = await createEpreuves(item, examenId, options.epreuves);
  const { typeId, fonctionId } = await juryBasics(item);
  const depots: string[] = [];
  for (let d = 0; d < 10; d += 1)
    depots.push(
      await item('centres-depot', `DEP${d}`, `Dépôt ${d}`, {
        departementId: departementIds[d % departementIds.length],
      }),
    );
  const juryIds: string[] = [];
  const siteIds: string[] = [];
  for (let j = 0; j < options.jurys; j += 1) {
    const centre = await item('centres-examen', `CE${j}`, `Centre d’examen ${j + 1}`, {
      departementId: departementIds[j % departementIds.length],
    });
    for (let s = 0; s < sitesPerJury && siteIds.length < sites; s += 1)
      siteIds.push(
        await item('sites-composition', `S${j}-${s}`, `Site ${j + 1}.${s + 1}`, {
          centreExamenId: centre,
          capacite: perSite,
        }),
      );
    juryIds.push(
      await createJury(eventStore, readStore, context, {
        key: String(j),
        index: j,
        sessionId,
        typeId,
        fonctionId,
        centreExamenIds: [centre],
        metierIds: [metierId],
      }),
    );
  }

  // Dossiers validated and allocated, as the candidature decider decides them.
  const rosters = new Map<string, RosterEntry[]>();
  const dossier = (i: number) => {
    const siteId = siteIds[Math.floor(i / perSite)]!;
    const numeroCandidat = `ELEC-${String(i + 1).padStart(6, '0')}`;
    const { candidatureId, details, envelopes } = allocatedDossier(
      i,
      {
        sessionId,
        metierId,
        centreDepotId: depots[i % depots.length]!,
        niveauId,
        siteId,
        numeroCandidat,
        numeroTable: (i % perSite) + 1,
      },
      ACTOR,
      now,
    );
    const roster = rosters.get(siteId) ?? [];
    roster.push({
      candidatureId,
      numeroCandidat,
      nom: String(details.values.nom ?? ''),
      prenoms: String(details.values.prenoms ?? ''),
      sexe: i % 2 ? 'M' : 'F',
      metierId,
      centreExamenId: '',
    });
    rosters.set(siteId, roster);
    return eventStore.appendToStream(streamName(CANDIDATURE_CATEGORY, candidatureId), envelopes, {
      expectedRevision: 'no_stream',
    });
  };
  for (let i = 0; i < options.candidats; i += 1000) {
    const batch: Promise<unknown>[] = [];
    for (let k = i; k < Math.min(i + 1000, options.candidats); k += 1) batch.push(dossier(k));
    await Promise.all(batch);
  }
  await advance('inscriptions-closes');
  await advance('composition');

  // The grade sheets: opened with their roster, presences, one entry per candidate.
  const marks = await writeGradeSheets(eventStore, {
    sessionId,
    epreuves,
    rosters,
    actor: ACTOR,
    now,
    grades: (roster, e, k) => {
      const absent = new Set(
        roster.filter((_, r) => (r * 31 + e * 7) % 997 === 0).map((c) => c.candidatureId),
      );
      const noteMax = epreuves[e]!.noteMax;
      return {
        absent,
        marks: roster
          .filter((c) => !absent.has(c.candidatureId))
          .map((c, r) => ({
            candidatureId: c.candidatureId,
            note: ((r * 37 + e * 53 + k * 11) % (noteMax * 100 + 1)) / 100,
          })),
      };
    },
  });
  await advance('deliberation');
  await handleCommand(eventStore, {
    stream: streamName(SESSION_CATEGORY, sessionId),
    decider: sessionDecider,
    command: {
      type: 'SetSessionReference',
      data: { sessionId, numeroArrete: '0042/MINEFOP', dateArrete: '2027-07-10' },
    },
    context: context('mesure-admissions-reference'),
  });
  for (const projection of [listsProjection, sessionsProjection, candidaturesProjection])
    await ProjectionRunner.rebuild(eventStore, readStore, projection, { batchSize: 2000 });
  const allocated = await readStore
    .collection(candidaturesCollection)
    .count({ sessionId, statut: 'affecte' });
  if (allocated !== options.candidats)
    throw new Error(`${allocated} candidats affectés au lieu de ${options.candidats}.`);
  const setupSeconds = round((performance.now() - setupStarted) / 1000);

  // Measured: the inputs read alone (sheets folded, results computed), then the closing itself.
  const started = performance.now();
  for (const juryId of juryIds) await readJuryDeliberation(eventStore, readStore, juryId);
  const readSeconds = (performance.now() - started) / 1000;
  // The results' projections run live, caught up before the closings (as in the product).
  const runner = new ProjectionRunner(eventStore, readStore, [
    deliberationsProjection,
    resultsProjection,
  ]);
  runner.start();
  while (!runner.ready()) await new Promise((resolve) => setTimeout(resolve, 50));
  // Readable once every result is listed.
  const { closeSeconds, totalSeconds, projectSeconds } = await closeJuries(eventStore, readStore, {
    sessionId,
    juryIds,
    context,
    expected: options.candidats,
  });
  await runner.stop();
  const results = await readStore.collection(resultsCollection).count({ sessionId });
  const admis = await readStore.collection(resultsCollection).count({ sessionId, admis: true });
  await ports.close();
  return {
    candidats: options.candidats,
    epreuves: options.epreuves,
    marks,
    jurys: options.jurys,
    sites,
    setupSeconds,
    phases: {
      readAndComputeSeconds: round(readSeconds),
      closeSeconds: round(closeSeconds),
      appendSeconds: round(Math.max(0, closeSeconds - readSeconds)),
      projectSeconds: round(projectSeconds),
    },
    totalSeconds: round(totalSeconds),
    results,
    admis,
  };
};
