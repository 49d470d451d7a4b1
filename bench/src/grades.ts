import {
  CANDIDATURE_CATEGORY,
  candidaturesCollection,
  streamName,
  type Actor,
} from '@examens-pro/domain';
import { buildApp } from '@examens-pro/embedded';
import { eventIdFor, loadConfig, openPorts } from '@examens-pro/platform';
import { benchConfiguration } from './configuration.js';
import { allocatedDossier } from './dossiers.js';
import { caughtUp, percentile, round } from './machine.js';
import { startServer } from './server.js';

/**
 * The grades of a session at scale: `candidats` candidates allocated to `sites` sites (500 each),
 * every one composing a common written épreuve and their métier's practical one; the session at
 * « Composition ». Written in-process (configuration through the product's commands, dossiers as the
 * candidature decider decides them, projections caught up), then measured over HTTP on the product
 * started as its own process, signed in: the import window opened, a file of one mark per candidate
 * and épreuve (2 × `candidats` rows, « 12,5 » decimals) imported until the list of marks shows every
 * one retained; then the grid of a 500-candidate site at the written épreuve read `requests` times.
 */
const ACTOR: Actor = { id: 'mesure-notes', name: 'Mesure des notes' };
const enc = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

export const benchGrades = async (options: {
  dataDir: string;
  port: number;
  candidats: number;
  metiers: number;
  requests: number;
}) => {
  const perSite = 500;
  const sites = Math.ceil(options.candidats / perSite);
  const config = loadConfig({ DATA_DIR: options.dataDir, LOG_LEVEL: 'error' });
  const ports = openPorts(config);
  const { eventStore, readStore } = ports;

  // 1. Configuration through the product's commands.
  const setupStarted = performance.now();
  const { now, departementIds, item, openSession } = await benchConfiguration(
    eventStore,
    readStore,
    ACTOR,
  );
  const examenId = await item('examens', 'CQP', 'Certificat de qualification professionnelle', {
    noteDePassage: 10,
  });
  const { sessionId, advance } = await openSession('mesure-notes-session', examenId);
  const niveauId = await item('niveaux-scolarisation', 'CEP', 'CEP', { rang: 1 });
  const centreDepot = await item('centres-depot', 'DEP1', 'Centre de dépôt', {
    departementId: departementIds[0],
  });
  await item('epreuves', 'THEO', 'Épreuve écrite commune', {
    examenId,
    coefficient: 1,
    noteMax: 20,
    typeEpreuve: 'ecrite',
  });
  const metierIds: string[] = [];
  for (let m = 0; m < options.metiers; m += 1) {
    const code = `M${String(m + 1).padStart(2, '0')}`;
    const metierId = await item('metiers', code, `Métier ${m + 1}`);
    await item('metiers-ouverts', `MO-${code}`, `Métier ${m + 1} 2027`, { sessionId, metierId });
    await item('epreuves', `PRAT-${code}`, `Pratique du métier ${m + 1}`, {
      examenId,
      metierId,
      coefficient: 2,
      noteMax: 40,
      typeEpreuve: 'pratique',
    });
    metierIds.push(metierId);
  }
  const centreExamen = await item('centres-examen', 'CE1', 'Centre d’examen', {
    departementId: departementIds[0],
  });
  const siteIds: string[] = [];
  for (let s = 0; s < sites; s += 1)
    siteIds.push(
      await item('sites-composition', `S${String(s + 1).padStart(4, '0')}`, `Site ${s + 1}`, {
        centreExamenId: centreExamen,
        capacite: perSite,
      }),
    );

  // 2. Candidates validated and allocated, as the candidature decider decides them.
  const rows: string[] = ['numero_candidat;code_epreuve;note'];
  const dossier = (i: number) => {
    const m = i % options.metiers;
    const siteIndex = Math.floor(i / perSite);
    const numeroCandidat = `M${String(m + 1).padStart(2, '0')}-${String(Math.floor(i / options.metiers) + 1).padStart(5, '0')}`;
    const { candidatureId, envelopes } = allocatedDossier(
      i,
      {
        sessionId,
        metierId: metierIds[m]!,
        centreDepotId: centreDepot,
        niveauId,
        siteId: siteIds[siteIndex]!,
        numeroCandidat,
        numeroTable: (i % perSite) + 1,
      },
      ACTOR,
      now,
    );
    const note = (cents: number) =>
      `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    rows.push(`${numeroCandidat};THEO;${note((i * 37) % 2001)}`);
    rows.push(`${numeroCandidat};PRAT-M${String(m + 1).padStart(2, '0')};${note((i * 53) % 4001)}`);
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
  const { app, runner } = await buildApp({
    ...ports,
    sessionSecret: config.sessionSecret,
    projectionsThread: { dataDir: config.dataDir },
  });
  await app.ready();
  await caughtUp(runner);
  const allocated = await readStore
    .collection(candidaturesCollection)
    .count({ sessionId, statut: 'affecte' });
  if (allocated !== options.candidats)
    throw new Error(`${allocated} candidats affectés au lieu de ${options.candidats}.`);
  await app.close();
  await ports.close();
  const setupSeconds = round((performance.now() - setupStarted) / 1000);

  // 3. Over HTTP, signed in: the window, the import until listed, the grid.
  const server = await startServer(options.dataDir, options.port);
  try {
    const opened = await fetch(
      `${server.url}/api/configurations-notes/${sessionId}/importation/ouvrir`,
      { method: 'POST', headers: server.headers() },
    );
    if (!opened.ok) throw new Error(`Ouverture de la fenêtre : HTTP ${opened.status}`);
    const file = Buffer.from(rows.join('\n'), 'utf8');
    const started = performance.now();
    const response = await fetch(`${server.url}/api/notes/importation?sessionId=${sessionId}`, {
      method: 'POST',
      headers: server.headers({ 'content-type': 'text/csv', 'x-nom-fichier': 'notes.csv' }),
      body: file,
    });
    const answer = (await response.json()) as {
      position?: string;
      saisies?: number;
      message?: string;
    };
    if (response.status !== 201)
      throw new Error(`Import : HTTP ${response.status} ${answer.message ?? ''}`);
    const importedSeconds = round((performance.now() - started) / 1000);
    const retained = async () => {
      const list = await fetch(
        `${server.url}/api/notes?filter=${enc({ sessionId, statut: 'retenue' })}&range=${enc([0, 0])}`,
        { headers: server.headers({ 'x-min-position': answer.position! }) },
      );
      return Number((list.headers.get('content-range') ?? '/0').split('/')[1]);
    };
    const listed = await retained();
    const listedSeconds = round((performance.now() - started) / 1000);

    const latencies: number[] = [];
    let size = 0;
    for (let i = 0; i < options.requests; i += 1) {
      const url = `${server.url}/api/notes/feuille?sessionId=${sessionId}&epreuveId=${eventIdFor('mesure-epreuves-THEO', 0)}&siteId=${siteIds[i % siteIds.length]}`;
      const t0 = performance.now();
      const grid = await fetch(url, { headers: server.headers() });
      const body = (await grid.json()) as { candidats?: unknown[] };
      latencies.push(performance.now() - t0);
      if (!grid.ok) throw new Error(`Grille : HTTP ${grid.status}`);
      size = Math.max(size, body.candidats?.length ?? 0);
    }
    return {
      candidats: options.candidats,
      sites,
      rows: rows.length - 1,
      fileMb: round(file.length / 2 ** 20),
      setupSeconds,
      import: {
        answeredSeconds: importedSeconds,
        listedSeconds,
        retainedListed: listed,
        saisies: answer.saisies,
        rowsPerSecond: round((rows.length - 1) / listedSeconds, 0),
      },
      grid: {
        candidatesPerSheet: size,
        requests: latencies.length,
        p50Ms: round(percentile(latencies, 50)),
        p95Ms: round(percentile(latencies, 95)),
        maxMs: round(Math.max(...latencies)),
      },
    };
  } finally {
    await server.stop();
  }
};
