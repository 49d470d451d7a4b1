import {
  CANDIDATURE_CATEGORY,
  candidaturesCollection,
  GRADE_SHEET_CATEGORY,
  gradeSheetDecider,
  gradeSheetId,
  parseListItem,
  referenceList,
  resultsCollection,
  SESSION_CATEGORY,
  sessionDecider,
  streamName,
  type Actor,
  type GradeSheetCommand,
  type RosterEntry,
} from '@examens-pro/domain';
import { DEMO_NOMS, DEMO_PRENOMS_F } from '@examens-pro/embedded';
import {
  eventIdFor,
  handleCommand,
  loadConfig,
  openPorts,
  ProjectionRunner,
} from '@examens-pro/platform';
import { deliberationCommands, readJuryDeliberation } from '@examens-pro/application';
import {
  candidaturesProjection,
  deliberationsProjection,
  listsProjection,
  resultsProjection,
  sessionsProjection,
} from '@examens-pro/projections';
import { listCommands } from '@examens-pro/application';
import { benchConfiguration } from './configuration.js';
import { allocatedDossier, decidedEnvelopes } from './dossiers.js';
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
  const epreuves: { id: string; noteMax: number }[] = [];
  for (let e = 0; e < options.epreuves; e += 1) {
    const noteMax = e % 3 === 2 ? 40 : 20;
    const code = `E${String(e + 1).padStart(2, '0')}`;
    epreuves.push({
      id: await item('epreuves', code, `Épreuve ${e + 1}`, {
        examenId,
        coefficient: 1 + (e % 3),
        noteMax,
        typeEpreuve: e % 2 ? 'pratique' : 'ecrite',
        eliminatoire: e === 0,
      }),
      noteMax,
    });
  }
  /** An item of a list without a code (jury members, juries), its id from its key. */
  const uncoded = async (list: string, key: string, values: Record<string, unknown>) => {
    const id = eventIdFor(`mesure-${list}-${key}`, 0);
    const definition = referenceList(list)!;
    const command = context(`mesure-${list}-${key}`);
    await listCommands(eventStore, readStore, definition).create(
      id,
      parseListItem(definition, values, command),
      command,
    );
    return id;
  };
  const typeId = await item('types-jurys', 'DELIB', 'Délibération');
  const fonctionId = await item('fonctions-membres-jurys', 'PRES', 'Président');
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
    const presidentId = await uncoded('membres-jury', `P${j}`, {
      nom: DEMO_NOMS[j % DEMO_NOMS.length]!,
      prenoms: DEMO_PRENOMS_F[j % DEMO_PRENOMS_F.length]!,
      fonctionId,
    });
    juryIds.push(
      await uncoded('jurys', `J${j}`, {
        libelle: `Jury ${j + 1}`,
        typeId,
        sessionId,
        centreExamenIds: [centre],
        metierIds: [metierId],
        presidentId,
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
  let marks = 0;
  let k = 0;
  for (const [siteId, roster] of rosters)
    for (const [e, epreuve] of epreuves.entries()) {
      const feuilleId = gradeSheetId(sessionId, epreuve.id, siteId);
      const keys = { feuilleId, sessionId, epreuveId: epreuve.id, siteId };
      const absent = roster.filter((_, r) => (r * 31 + e * 7) % 997 === 0);
      const commands: GradeSheetCommand[] = [
        { type: 'OpenGradeSheet', data: { ...keys, candidats: roster } },
        {
          type: 'RecordPresences',
          data: {
            presences: roster.map((c) => ({
              candidatureId: c.candidatureId,
              presence: absent.includes(c) ? 'absent' : 'present',
            })),
          },
        },
        {
          type: 'EnterMarks',
          data: {
            source: 'importation',
            importation: { id: `import-${feuilleId}`, fichier: 'notes.csv' },
            parId: ACTOR.id,
            doubleSaisie: false,
            marks: roster
              .filter((c) => !absent.includes(c))
              .map((c, r) => ({
                candidatureId: c.candidatureId,
                note: ((r * 37 + e * 53 + k * 11) % (epreuve.noteMax * 100 + 1)) / 100,
              })),
          },
        },
      ];
      k += 1;
      const envelopes = decidedEnvelopes(gradeSheetDecider, commands, ACTOR, now);
      marks += roster.length - absent.length;
      await eventStore.appendToStream(streamName(GRADE_SHEET_CATEGORY, feuilleId), envelopes, {
        expectedRevision: 'no_stream',
      });
    }
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
  let started = performance.now();
  for (const juryId of juryIds) await readJuryDeliberation(eventStore, readStore, juryId);
  const readSeconds = (performance.now() - started) / 1000;
  // The results' projections run live, caught up before the closings (as in the product).
  const runner = new ProjectionRunner(eventStore, readStore, [
    deliberationsProjection,
    resultsProjection,
  ]);
  runner.start();
  while (!runner.ready()) await new Promise((resolve) => setTimeout(resolve, 50));
  const commands = deliberationCommands(eventStore, readStore);
  started = performance.now();
  for (const juryId of juryIds) await commands.close(juryId, context(`mesure-cloture-${juryId}`));
  const closeSeconds = (performance.now() - started) / 1000;
  // Readable once every result is listed (counted every 200 ms: a count costs the projection time).
  const projected = readStore.collection(resultsCollection);
  while ((await projected.count({ sessionId })) < options.candidats)
    await new Promise((resolve) => setTimeout(resolve, 200));
  const totalSeconds = (performance.now() - started) / 1000;
  const projectSeconds = totalSeconds - closeSeconds;
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
