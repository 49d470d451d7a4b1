import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { send } from './commands.js';
import { percentile, round } from './machine.js';
import { startServer, startService, type BenchServer } from './server.js';

/**
 * The server's resident memory and its peak so far (kB → MB), from /proc; `ownMb` is its own
 * (anonymous) memory, without the pages of the SQLite files it maps, which the kernel can drop.
 */
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return {
    rssMb: round(kb('VmRSS') / 1024, 0),
    peakMb: round(kb('VmHWM') / 1024, 0),
    ownMb: round(kb('RssAnon') / 1024, 0),
    fileMb: round(kb('RssFile') / 1024, 0),
  };
};

export const json = async (
  server: BenchServer,
  method: string,
  path: string,
  body?: unknown,
  ifMatch?: number,
) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: server.headers({
      'content-type': 'application/json',
      ...(ifMatch === undefined ? {} : { 'if-match': `W/"${ifMatch}"` }),
    }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(`${method} ${path} : ${response.status} ${JSON.stringify(answer)}`);
  return answer as { id: string; revision: number };
};

/** A session open for registration, its paramètres d'édition, a métier opened, a level, a centre. */
export const prepare = async (server: BenchServer) => {
  const examen = await json(server, 'POST', '/api/examens', {
    code: 'CQP',
    libelle: 'CQP',
    noteDePassage: 10,
    noteEliminatoire: 5,
  });
  const session = await json(server, 'POST', '/api/sessions', {
    examenId: examen.id,
    annee: 2027,
    libelle: 'CQP 2027',
    ouvertureInscriptions: '2026-10-01',
    clotureInscriptions: '2027-02-26',
    debutComposition: '2027-06-14',
    finComposition: '2027-06-18',
  });
  await json(
    server,
    'POST',
    `/api/sessions/${session.id}/avancer`,
    { statut: 'inscriptions-ouvertes' },
    session.revision,
  );
  await json(server, 'POST', '/api/parametres-edition', {
    code: 'PE',
    libelle: 'Paramètres',
    sessionId: session.id,
    dateLimiteModification: '2099-12-31',
    prefixeDossier: 'CQP27',
  });
  const metier = await json(server, 'POST', '/api/metiers', { code: 'MECA', libelle: 'Mécanique' });
  await json(server, 'POST', '/api/metiers-ouverts', {
    code: 'MO',
    libelle: 'Mécanique',
    sessionId: session.id,
    metierId: metier.id,
  });
  const niveau = await json(server, 'POST', '/api/niveaux-scolarisation', {
    code: 'CEP',
    libelle: 'CEP',
    rang: 1,
  });
  const departements = (await (
    await fetch(`${server.url}/api/departements?range=[0,0]`, { headers: server.headers() })
  ).json()) as { id: string }[];
  const centre = await json(server, 'POST', '/api/centres-depot', {
    code: 'DEP',
    libelle: 'Dépôt',
    departementId: departements[0]!.id,
  });
  return {
    sessionId: session.id,
    metierId: metier.id,
    niveauId: niveau.id,
    centreDepotId: centre.id,
  };
};

/**
 * The verified list applied (its dossiers created and submitted by the reactor) until every one is
 * listed: accepted, done (the list's status), then counted in the candidatures' list.
 */
export const applyList = async (
  server: BenchServer,
  refs: { sessionId: string; metierId: string; centreDepotId: string },
  verificationId: string,
  rows: number,
) => {
  const started = performance.now();
  const accepted = await fetch(`${server.url}/api/listes-candidats`, {
    method: 'POST',
    headers: server.headers({ 'content-type': 'application/json' }),
    body: JSON.stringify({
      verificationId,
      sessionId: refs.sessionId,
      metierId: refs.metierId,
      centreDepotId: refs.centreDepotId,
    }),
  });
  if (accepted.status !== 201)
    return { error: `HTTP ${accepted.status} : ${await accepted.text()}` };
  const { id } = (await accepted.json()) as { id: string };
  const acceptedMs = performance.now() - started;
  const deadline = Date.now() + 30 * 60_000;
  let done: { statut?: string; creees?: number; soumises?: number } = {};
  while (done.statut !== 'terminee' && Date.now() < deadline) {
    await sleep(100);
    const response = await fetch(`${server.url}/api/listes-candidats/${id}`, {
      headers: server.headers(),
    });
    if (response.ok) done = (await response.json()) as typeof done;
  }
  const doneMs = performance.now() - started;
  const filter = encodeURIComponent(JSON.stringify({ sessionId: refs.sessionId, q: 'Agent' }));
  let listed = 0;
  while (listed < rows && Date.now() < deadline) {
    const response = await fetch(`${server.url}/api/candidatures?filter=${filter}&range=[0,0]`, {
      headers: server.headers(),
    });
    listed = Number(response.headers.get('content-range')?.split('/')[1] ?? 0);
    if (listed < rows) await sleep(100);
  }
  const memory = memoryOf(server.pid);
  return {
    rows,
    created: done.creees ?? 0,
    submitted: done.soumises ?? 0,
    listed,
    acceptedMs: round(acceptedMs, 0),
    doneSeconds: round(doneMs / 1000),
    listedSeconds: round((performance.now() - started) / 1000),
    serverPeakMb: memory.peakMb,
  };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The n-th day after 01/01/1975: distinct persons, none near another. */
const birthDate = (n: number) =>
  new Date(Date.UTC(1975, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

const letters = (n: number) => {
  let name = '';
  let k = n;
  do {
    name += String.fromCharCode(97 + (k % 26));
    k = Math.floor(k / 26);
  } while (k > 0);
  return `Mes${name}`;
};

/** A list of `rows` valid persons, as CSV (`;`, UTF-8); `prenom` makes another list of as many. */
export const personListCsv = (rows: number, prenom = 'Paul'): Buffer => {
  const lines = [
    'nom;prenoms;sexe;nationalite;lieu_naissance;telephone;matricule;date_naissance;date_premiere_prise_service',
  ];
  for (let i = 0; i < rows; i += 1)
    lines.push(
      `Agent;${letters(i)} ${prenom};${i % 2 ? 'M' : 'F'};Camerounaise;Yaoundé;6991${String(i).padStart(5, '0')};MAT-${String(i).padStart(6, '0')};05/03/1990;01/09/2015`,
    );
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
};

/**
 * The list verified by the service that answers it, alone, as in the distributed mode (the command
 * service: the verification keeps the file for the application): its memory before, and its peak
 * while it verifies (the kernel's high-water mark, reset just before, and a 5 ms sampling of its
 * own anonymous memory). A list of other persons, so that the file is read, checked and kept anew.
 */
const verifyAlone = async (server: BenchServer, dataDir: string, port: number, rows: number) => {
  const service = await startService('command-service', dataDir, port);
  try {
    const csv = personListCsv(rows, 'Jean');
    const before = memoryOf(service.pid);
    // "5" resets the peak resident size (VmHWM) of the process to its current size.
    writeFileSync(`/proc/${service.pid}/clear_refs`, '5');
    let ownPeakMb = before.ownMb;
    const sampler = setInterval(() => {
      ownPeakMb = Math.max(ownPeakMb, memoryOf(service.pid).ownMb);
    }, 5);
    const started = performance.now();
    const response = await fetch(`${service.url}/api/listes-candidats/verifier`, {
      method: 'POST',
      headers: server.headers({ 'content-type': 'text/csv' }),
      body: csv,
    });
    const answer = (await response.json()) as { valide?: boolean; lignes?: number };
    const ms = round(performance.now() - started, 0);
    clearInterval(sampler);
    const after = memoryOf(service.pid);
    return {
      service: 'command-service',
      status: response.status,
      valid: answer.valide === true && answer.lignes === rows,
      ms,
      rssBeforeMb: before.rssMb,
      ownBeforeMb: before.ownMb,
      fileBeforeMb: before.fileMb,
      fileAfterMb: after.fileMb,
      peakMb: after.peakMb,
      ownPeakMb: Math.max(ownPeakMb, after.ownMb),
    };
  } finally {
    await service.stop();
  }
};

/**
 * Registration I: a candidature created by 20 concurrent clients (p99 ≤ 100 ms), and a list of
 * 50,000 persons verified (≤ 5 s; the server's memory).
 */
export const benchRegistration = async (options: {
  port: number;
  seconds: number;
  listRows: number;
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-inscription-'));
  const server = await startServer(dir, options.port);
  try {
    const refs = await prepare(server);
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const deadline = Date.now() + options.seconds * 1000;
    let n = 0;
    const client = async () => {
      while (Date.now() < deadline) {
        n += 1;
        const body = JSON.stringify({
          ...refs,
          categorie: 'libre',
          apprentiId: null,
          patronId: null,
          nom: 'Candidat',
          prenoms: letters(n),
          sexe: 'F',
          // A birth date per person (one date for all made every creation a near match).
          dateNaissance: birthDate(n),
          lieuNaissance: 'Douala',
          nationalite: 'Camerounaise',
          telephone: '677001122',
          matricule: '',
          datePremierePriseService: null,
          langueId: null,
          handicapId: null,
        });
        const started = performance.now();
        const response = await send(
          agent,
          `${server.url}/api/candidatures`,
          'POST',
          server.headers({ 'content-type': 'application/json' }),
          body,
        );
        latencies.push(performance.now() - started);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: 20 }, client));
    agent.destroy();
    const creation = {
      clients: 20,
      created: statuses['201'] ?? 0,
      statuses,
      perSecond: round(latencies.length / options.seconds, 0),
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      client: 'node:http, connexions gardées ouvertes',
    };
    const csv = personListCsv(options.listRows);
    const before = memoryOf(server.pid);
    const started = performance.now();
    const verified = await fetch(`${server.url}/api/listes-candidats/verifier`, {
      method: 'POST',
      headers: server.headers({ 'content-type': 'text/csv' }),
      body: csv,
    });
    const answer = (await verified.json()) as {
      valide?: boolean;
      lignes?: number;
      verificationId?: string;
    };
    const verifyMs = round(performance.now() - started, 0);
    const after = memoryOf(server.pid);
    const application = answer.verificationId
      ? await applyList(server, refs, answer.verificationId, options.listRows)
      : { error: 'liste non vérifiée' };
    const alone = await verifyAlone(server, dir, options.port + 1, options.listRows);
    return {
      creation,
      listVerification: {
        rows: options.listRows,
        bytes: csv.length,
        status: verified.status,
        valid: answer.valide === true && answer.lignes === options.listRows,
        ms: verifyMs,
        serverRssBeforeMb: before.rssMb,
        serverRssAfterMb: after.rssMb,
        serverPeakMb: after.peakMb,
        serverOwnBeforeMb: before.ownMb,
        serverOwnAfterMb: after.ownMb,
        // The same verification by the service alone (distributed mode).
        alone,
      },
      listApplication: application,
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};
