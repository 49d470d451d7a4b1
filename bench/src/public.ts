import { randomUUID } from 'node:crypto';
import {
  DELIBERATION_CATEGORY,
  RESULTS_VISIBILITY_CATEGORY,
  streamName,
  type Actor,
  type DeliberationResultsFrozen,
  type FrozenResult,
  type ResultsVisibilitySet,
} from '@examens-pro/domain';
import { loadConfig, openPorts, toEnvelopes } from '@examens-pro/platform';
import { DEMO_NOMS, DEMO_PRENOMS_F } from '@examens-pro/embedded';
import { benchConfiguration } from './configuration.js';
import { percentile, round } from './machine.js';
import { startServer } from './server.js';

const ACTOR: Actor = { id: 'mesure', name: 'Mesure' };
/** Results per jury (one closing event each, in parts of 1,000 as the deliberation writes them). */
const PER_JURY = 1000;

const birthOf = (i: number) =>
  `${1970 + (i % 30)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
const numberOf = (i: number) => `ELEC-${String(i + 1).padStart(6, '0')}`;

/**
 * The public lookup's load: `clients` concurrent visitors posting `request(n)` to `url` (the n-th
 * lookup of the run; each answer must have its expected status), 2 s of warm-up, then `seconds`
 * measured. Lookups per second and their latency.
 */
export const lookupLoad = async (
  url: string,
  options: {
    clients: number;
    seconds: number;
    request: (n: number) => { body: object; expected: number };
  },
) => {
  const lookup = async (n: number) => {
    const { body, expected } = options.request(n);
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    if (response.status !== expected)
      throw new Error(`HTTP ${response.status} (attendu ${expected}) pour la recherche ${n}`);
    return performance.now() - started;
  };
  const run = async (ms: number) => {
    const end = Date.now() + ms;
    const latencies: number[] = [];
    let next = 0;
    const client = async () => {
      while (Date.now() < end) latencies.push(await lookup(next++));
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: options.clients }, client));
    return { latencies, seconds: (performance.now() - started) / 1000 };
  };
  await run(2000);
  const { latencies, seconds } = await run(options.seconds * 1000);
  return {
    lookups: latencies.length,
    lookupsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
  };
};

/**
 * The public results lookup on results day: `candidats` frozen results of a session whose results
 * are visible (written as the juries' closing events, read back by the product's projections into
 * the lookup's own collection), then `clients` concurrent visitors for `seconds`, 9 lookups in 10
 * of a real candidate (number and date of birth), 1 in 10 of a number that does not exist (each a
 * different one, so that no number gets locked). The per-address limiter is on, with a budget the
 * bench cannot exhaust. Reports lookups per second and their latency.
 */
export const benchPublicLookup = async (options: {
  dataDir: string;
  port: number;
  candidats: number;
  clients: number;
  seconds: number;
}) => {
  const config = loadConfig({ DATA_DIR: options.dataDir, LOG_LEVEL: 'error' });
  const ports = openPorts(config);
  const { eventStore, readStore } = ports;
  const { now, item, openSession, departementIds } = await benchConfiguration(
    eventStore,
    readStore,
    ACTOR,
  );
  const examenId = await item('examens', 'CQP', 'Certificat de qualification professionnelle', {
    noteDePassage: 10,
  });
  const { sessionId } = await openSession('mesure-public-session', examenId);
  const metierId = await item('metiers', 'ELEC', 'Électricité');
  const written = performance.now();
  for (let j = 0; j * PER_JURY < options.candidats; j += 1) {
    const juryId = `mesure-jury-${j}`;
    const resultats: FrozenResult[] = [];
    for (let i = j * PER_JURY; i < Math.min(options.candidats, (j + 1) * PER_JURY); i += 1) {
      const moyenne = 6 + ((i * 7) % 1300) / 100;
      const resultat = moyenne >= 10 ? 'admis' : 'ajourne';
      resultats.push({
        candidatureId: `mesure-candidature-${i}`,
        numeroDossier: `CQP27-${String(i + 1).padStart(6, '0')}`,
        numeroCandidat: numberOf(i),
        nom: DEMO_NOMS[i % DEMO_NOMS.length]!,
        prenoms: DEMO_PRENOMS_F[i % DEMO_PRENOMS_F.length]!,
        sexe: i % 2 ? 'M' : 'F',
        dateNaissance: birthOf(i),
        lieuNaissance: 'Yaoundé',
        categorie: 'libre',
        handicapId: null,
        metierId,
        centreDepotId: 'depot',
        siteId: `site-${j}`,
        centreExamenId: `centre-${j}`,
        departementId: departementIds[j % departementIds.length]!,
        zoneId: 'zone',
        notes: [],
        moyenne,
        calcule: resultat,
        resultat,
        derogation: null,
        rang: 1 + (i % PER_JURY),
      });
    }
    const frozen: DeliberationResultsFrozen = {
      type: 'DeliberationResultsFrozen',
      data: {
        juryId,
        sessionId,
        numeroArrete: '0042/MINEFOP',
        dateArrete: '2027-07-10',
        resultats,
      },
    };
    await eventStore.appendToStream(
      streamName(DELIBERATION_CATEGORY, juryId),
      toEnvelopes([frozen], { commandId: randomUUID(), actor: ACTOR, now }),
    );
  }
  const visible: ResultsVisibilitySet = {
    type: 'ResultsVisibilitySet',
    data: { sessionId, visible: true, moyenneVisible: true },
  };
  await eventStore.appendToStream(
    streamName(RESULTS_VISIBILITY_CATEGORY, sessionId),
    toEnvelopes([visible], { commandId: randomUUID(), actor: ACTOR, now }),
  );
  const writeSeconds = round((performance.now() - written) / 1000, 1);
  await ports.close();

  process.env.PUBLIC_RESULTS_RATE_LIMIT_MAX = String(1_000_000_000);
  const server = await startServer(options.dataDir, options.port);
  try {
    const projected = performance.now();
    for (;;) {
      const ready = (await (await fetch(`${server.url}/api/ready`)).json()) as { pret: boolean };
      if (ready.pret) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const readySeconds = round((performance.now() - projected) / 1000, 1);
    const load = await lookupLoad(`${server.url}/api/public/resultats`, {
      clients: options.clients,
      seconds: options.seconds,
      request: (n) => {
        const miss = n % 10 === 9;
        const i = (n * 7919) % options.candidats;
        return miss
          ? { body: { numeroCandidat: `INCONNU-${n}`, dateNaissance: '01/01/2000' }, expected: 404 }
          : { body: { numeroCandidat: numberOf(i), dateNaissance: birthOf(i) }, expected: 200 };
      },
    });
    return {
      candidats: options.candidats,
      clients: options.clients,
      writeSeconds,
      readySeconds,
      ...load,
    };
  } finally {
    await server.stop();
    delete process.env.PUBLIC_RESULTS_RATE_LIMIT_MAX;
  }
};
