import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchAppends } from './appends.js';
import { benchCommands } from './commands.js';
import { benchDashboardLoad, weighJs } from './dashboard.js';
import { benchDocuments } from './documents.js';
import { benchExports } from './exports.js';
import { benchList } from './list.js';
import { benchReads } from './reads.js';
import { benchReadsApart, fillReadsApartData } from './readsApart.js';
import { describeMachine } from './machine.js';
import { benchRebuild } from './rebuild.js';
import { benchRegistration } from './registration.js';
import { benchCandidatureList } from './candidatureList.js';
import { benchAllocation } from './allocation.js';
import { benchBulk } from './bulk.js';
import { benchExamDocuments } from './examDocuments.js';
import { benchGrades } from './grades.js';
import { benchAdmissions } from './admissions.js';
import { benchAttestations } from './attestations.js';
import { benchPublicLookup } from './public.js';
import { benchReports } from './reports.js';
import { benchStatement } from './statement.js';
import { benchSession, SESSION_TARGETS, sessionFailures, sessionTable } from './session.js';

const RESULTS = resolve(__dirname, '../results');

const save = (name: string, result: object): void => {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Résultats : bench/results/${name}.json`);
};

/**
 * Foundation I: command p99 ≤ 50 ms at 20 clients, rebuild ≥ 20,000 events/s, list p95 ≤ 50 ms at
 * 200,000 documents. Sizes can be lowered for a quick run: BENCH_STREAMS, BENCH_EVENTS_PER_STREAM, BENCH_SECONDS.
 */
const spine = async (): Promise<void> => {
  const streams = Number(process.env.BENCH_STREAMS ?? 200_000);
  const eventsPerStream = Number(process.env.BENCH_EVENTS_PER_STREAM ?? 5);
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  console.log(`Commandes : 20 clients pendant ${seconds} s…`);
  const commands = await benchCommands({ clients: 20, durationMs: seconds * 1000, port: 18_181 });
  console.log(commands);
  console.log(
    'Ajouts au journal : avant (NORMAL, un commit par ajout) et après (FULL, commits groupés)…',
  );
  const appends = await benchAppends({ clients: 20, durationMs: seconds * 1000 });
  console.log(appends);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  console.log(`Reconstruction : ${streams} métiers × ${eventsPerStream} événements…`);
  const rebuild = await benchRebuild({ dataDir, streams, eventsPerStream });
  console.log(rebuild);
  console.log(`Listes sur ${rebuild.documents} documents…`);
  const list = await benchList({ dataDir, port: 18_182, requests: 400 });
  console.log(list);
  console.log('Lectures connectées face à un Fastify nu (mêmes octets)…');
  const reads = await benchReads({ dataDir, port: 18_187, barePort: 18_188, seconds });
  console.log(reads);
  rmSync(dataDir, { recursive: true, force: true });
  save('spine', {
    suite: 'spine (Foundation I)',
    machine: describeMachine(),
    targets: {
      commandP99Ms: 50,
      rebuildEventsPerSecond: 20_000,
      listP95Ms: 50,
      signedInReadsRatioPercent: 25,
      signedInOverheadP50Ms: 0.15,
    },
    commands,
    appends,
    rebuild,
    list,
    reads,
    verdict: {
      commandP99: commands.p99Ms <= 50,
      rebuild: rebuild.rebuildEventsPerSecond >= 20_000,
      listWithoutQ: list.withoutQ.p95Ms <= 50,
      listWithQ: list.withQ.p95Ms <= 50,
      signedInReadsRatio: reads.ratioPercent >= 25,
      signedInOverhead: reads.signedInOverheadP50Ms <= 0.15,
    },
  });
};

/**
 * Foundation II: PDF ≥ 300 single-page documents/s and ≥ 500 pages/s in one 2,000-page document;
 * dashboard first load ≤ 2 s; initial JS ≤ 400 kB gzip.
 */
const documents = async (): Promise<void> => {
  console.log('PDF : documents d’une page, puis un document de 2 000 pages…');
  const pdf = await benchDocuments({ singles: 1000, longPages: 2000 });
  console.log(pdf);
  const js = weighJs();
  console.log(js);
  console.log('Premier chargement du tableau de bord (chromium headless)…');
  const dashboard = await benchDashboardLoad({ port: 18_183, runs: 5 });
  console.log(dashboard);
  save('documents-and-ui', {
    suite: 'documents and UI (Foundation II)',
    machine: describeMachine(),
    targets: {
      singlePageDocumentsPerSecond: 300,
      longDocumentPagesPerSecond: 500,
      dashboardFirstLoadMs: 2000,
      initialJsGzipKiB: 400,
    },
    pdf,
    js,
    dashboard,
    verdict: {
      singlePages: pdf.singlePageDocumentsPerSecond >= 300,
      longDocument: pdf.longDocumentPagesPerSecond >= 500,
      dashboardFirstLoad: dashboard.medianMs <= 2000,
      initialJs: js.dashboardJsGzipKiB <= 400,
    },
  });
};

/**
 * Ready for sixty screens: an export of 200,000 rows completes, on the server, in flat memory
 * (rows/s and the server's resident memory). Size: BENCH_EXPORT_ROWS.
 */
const exportsSuite = async (): Promise<void> => {
  const rows = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-exports-'));
  console.log(`Exports : ${rows} métiers (un événement chacun)…`);
  const rebuild = await benchRebuild({ dataDir, streams: rows, eventsPerStream: 1 });
  console.log(rebuild);
  const exported = await benchExports({ dataDir, port: 18_184, rows: rebuild.documents });
  console.log(exported);
  rmSync(dataDir, { recursive: true, force: true });
  save('exports', {
    suite: 'exports (Ready for sixty screens)',
    machine: describeMachine(),
    targets: { rows: 200_000 },
    ...exported,
    verdict: { complete: rebuild.documents >= 200_000 },
  });
};

/** The list of candidates at BENCH_DOSSIERS (200,000) dossiers: p95 without filters, with filters, with q. */
const candidateListPart = async () => {
  const dossiers = Number(process.env.BENCH_DOSSIERS ?? 200_000);
  console.log(`Liste des candidats sur ${dossiers} dossiers…`);
  // BENCH_DOSSIERS_DIR: a folder kept between runs (written the first time, measured as it is after).
  const kept = process.env.BENCH_DOSSIERS_DIR;
  if (kept) mkdirSync(kept, { recursive: true });
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'bench-dossiers-'));
  const candidateList = await benchCandidatureList({
    dataDir,
    port: 18_190,
    dossiers,
    requests: 240,
  });
  if (!kept) rmSync(dataDir, { recursive: true, force: true });
  console.log(candidateList);
  return candidateList;
};

/**
 * Registration I: candidature creation p99 ≤ 100 ms at 20 concurrent clients; a 50,000-row list
 * verified in ≤ 5 s (the server's memory), then applied until listed in ≤ 60 s. Sizes:
 * BENCH_SECONDS, BENCH_LIST_ROWS.
 */
const registration = async (): Promise<void> => {
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  const listRows = Number(process.env.BENCH_LIST_ROWS ?? 50_000);
  console.log(
    `Inscriptions : 20 clients pendant ${seconds} s, puis une liste de ${listRows} personnes…`,
  );
  const result = await benchRegistration({ port: 18_189, seconds, listRows });
  console.log(result);
  const candidateList = await candidateListPart();
  save('registration', {
    suite: 'registration (Registration I)',
    machine: describeMachine(),
    targets: {
      creationP99Ms: 100,
      listVerificationMs: 5000,
      verifyingServiceMemoryMb: 300,
      listAppliedAndListedSeconds: 60,
      candidateListP95Ms: 50,
    },
    ...result,
    candidateList,
    verdict: {
      candidateList:
        candidateList.withoutQ.p95Ms <= 50 &&
        candidateList.withFilters.p95Ms <= 50 &&
        candidateList.withQ.p95Ms <= 50,
      creationP99: result.creation.p99Ms <= 100,
      listVerification: result.listVerification.valid && result.listVerification.ms <= 5000,
      // The service that verifies, alone as in the distributed mode (the embedded process holds
      // every service, both threads and the SQLite caches: its figures are reported beside).
      serviceMemory:
        result.listVerification.alone.valid && result.listVerification.alone.peakMb <= 300,
      listApplication:
        'listed' in result.listApplication &&
        result.listApplication.listed === result.listApplication.rows &&
        (result.listApplication.listedSeconds ?? Infinity) <= 60,
    },
  });
};

/**
 * Bulk actions (issue #32): the validation of BENCH_BULK_DOSSIERS (20,000) dossiers over « tous les
 * résultats du filtre », 3 of them refused, until the list and the run's outcomes show them, in
 * ≤ 60 s.
 */
const bulk = async (): Promise<void> => {
  const dossiers = Number(process.env.BENCH_BULK_DOSSIERS ?? 20_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lot-'));
  console.log(`Validation groupée : ${dossiers} dossiers soumis, 3 brouillons…`);
  try {
    const result = await benchBulk({ dataDir, dossiers, refus: 3 });
    console.log(JSON.stringify(result, null, 2));
    const ok = result.checks.failures.length === 0;
    save('bulk', {
      suite: 'bulk (actions in bulk on the list of candidates)',
      machine: describeMachine(),
      targets: { seconds: 60, dossiers: 20_000 },
      ...result,
      verdict: { run: result.run.seconds <= 60 && dossiers >= 20_000, checks: ok },
    });
    if (!ok) throw new Error(`Action groupée incorrecte : ${result.checks.failures.join(' ; ')}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/**
 * Allocation: the automatic allocation of BENCH_CANDIDATS (200,000) validated candidates to 2,000
 * composition sites, applied until the list of candidates shows them « affecté » in ≤ 60 s; the
 * preview's time; no site over capacity, every candidate placed, numbers unique (else it fails).
 */
const allocation = async (): Promise<void> => {
  const candidats = Number(process.env.BENCH_CANDIDATS ?? 200_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-affectation-'));
  console.log(`Affectation automatique : ${candidats} candidats validés, 2 000 sites…`);
  try {
    const result = await benchAllocation({
      dataDir,
      candidats,
      sites: 2000,
      centresDepot: 200,
      metiers: 20,
      // 110 seats a site for 200,000: 10 % more seats than candidates.
      capacite: Math.max(110, Math.ceil((candidats * 11) / 20_000)),
    });
    console.log(JSON.stringify(result, null, 2));
    console.table({
      'aperçu (s)': result.preview.seconds,
      'application jusqu’aux listes (s)': result.apply.seconds,
      'candidats/s': result.apply.candidatesPerSecond,
      'préparation : dossiers écrits (s)': result.setup.dossiersWriteSeconds,
      'préparation : projections à jour (s)': result.setup.projectionsCatchUpSeconds,
      'pic mémoire pendant l’application (Mo)': result.apply.peakRssSampledMb,
      'contrôles réussis': result.checks.failures.length === 0,
    });
    const ok = result.checks.failures.length === 0;
    save('allocation', {
      suite: 'allocation (automatic allocation to composition sites)',
      machine: describeMachine(),
      targets: { applySeconds: 60, candidats: 200_000, sites: 2000 },
      ...result,
      verdict: {
        apply: result.apply.seconds <= 60 && candidats >= 200_000,
        checks: ok,
      },
    });
    if (!ok) throw new Error(`Affectation incorrecte : ${result.checks.failures.join(' ; ')}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/**
 * Registration II's documents: the attendance lists of 2,000 sites (100 candidates each, one merged
 * document) and BENCH_CONVOCATIONS (200,000) convocations, as the workers render them: ≥ 300 pages/s.
 */
const examDocuments = async (): Promise<void> => {
  const convocations = Number(process.env.BENCH_CONVOCATIONS ?? 200_000);
  console.log(`Listes d’émargement de 2 000 sites, puis ${convocations} convocations…`);
  const result = await benchExamDocuments({ sites: 2000, perSite: 100, convocations });
  console.table(result);
  save('exam-documents', {
    suite: 'exam documents (attendance lists, convocations)',
    machine: describeMachine(),
    targets: { pagesPerSecond: 300 },
    ...result,
  });
};

/**
 * Exam space's grades: a file of BENCH_NOTES_LIGNES (50,000) marks imported until the list shows
 * them retained (≤ 30 s), and the grid of a 500-candidate site read (p95 ≤ 100 ms).
 */
const grades = async (): Promise<void> => {
  const lignes = Number(process.env.BENCH_NOTES_LIGNES ?? 50_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-notes-'));
  console.log(`Notes : ${lignes} lignes importées, grille d’un site de 500 candidats…`);
  try {
    const result = await benchGrades({
      dataDir,
      port: 18_191,
      // Two épreuves each: the written one, and their métier's practical one.
      candidats: Math.ceil(lignes / 2),
      metiers: 10,
      requests: 200,
    });
    console.table({
      'import jusqu’à la liste (s)': result.import.listedSeconds,
      'réponse de l’import (s)': result.import.answeredSeconds,
      'lignes/s': result.import.rowsPerSecond,
      'grille p95 (ms)': result.grid.p95Ms,
      'grille p50 (ms)': result.grid.p50Ms,
    });
    const ok = result.import.retainedListed === result.rows;
    save('grades', {
      suite: 'grades (import, grid)',
      machine: describeMachine(),
      targets: { importSeconds: 30, rows: 50_000, gridP95Ms: 100 },
      ...result,
      verdict: {
        import: result.import.listedSeconds <= 30 && result.rows >= 50_000,
        grid: result.grid.p95Ms <= 100,
        checks: ok,
      },
    });
    if (!ok)
      throw new Error(
        `${result.import.retainedListed} notes retenues listées pour ${result.rows} lignes.`,
      );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/**
 * Admissions: the deliberation of BENCH_ADMISSIONS_CANDIDATS (200,000) candidates × 10 épreuves,
 * every jury closed and the results readable (≤ 30 s), each phase timed.
 */
const admissions = async (): Promise<void> => {
  const candidats = Number(process.env.BENCH_ADMISSIONS_CANDIDATS ?? 200_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-admissions-'));
  console.log(`Délibération : ${candidats} candidats × 10 épreuves, 20 jurys…`);
  try {
    const deliberation = await benchAdmissions({ dataDir, candidats, epreuves: 10, jurys: 20 });
    console.table({
      'lecture des feuilles et calcul (s)': deliberation.phases.readAndComputeSeconds,
      'clôtures des jurys (s)': deliberation.phases.closeSeconds,
      'projection des résultats (s)': deliberation.phases.projectSeconds,
      'total jusqu’aux résultats lisibles (s)': deliberation.totalSeconds,
    });
    const pages = Number(process.env.BENCH_ATTESTATIONS ?? 20_000);
    console.log(`Attestations : ${pages} pages avec code QR, fusionnées par département…`);
    const pagesDir = mkdtempSync(join(tmpdir(), 'bench-attestations-'));
    const attestations = await benchAttestations({ dataDir: pagesDir, candidats: pages }).finally(
      () => rmSync(pagesDir, { recursive: true, force: true }),
    );
    console.table({
      'première génération (pages/s)': attestations.firstGeneration.pagesPerSecond,
      'nouvelle génération (pages/s)': attestations.regeneration.pagesPerSecond,
      'mêmes octets': attestations.sameBytes,
    });
    const ok = deliberation.results === candidats && attestations.verdict.checks;
    save('admissions', {
      suite: 'admissions (deliberation, attestations)',
      machine: describeMachine(),
      targets: {
        deliberationSeconds: 30,
        candidats: 200_000,
        epreuves: 10,
        attestationPagesPerSecond: 500,
        attestations: 20_000,
      },
      deliberation,
      attestations,
      verdict: {
        deliberation: deliberation.totalSeconds <= 30 && candidats >= 200_000,
        attestations: attestations.verdict.pagesPerSecond && pages >= 20_000,
        checks: ok,
      },
    });
    if (!ok)
      throw new Error(
        `${deliberation.results} résultats pour ${candidats} candidats ; attestations : ${JSON.stringify(attestations.verdict)}.`,
      );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/**
 * Public area and statistics: the results lookup at 100 concurrent clients with the limiter on,
 * against ≥ 2,000 lookups/s, on BENCH_CANDIDATS (200,000) published results (BENCH_SECONDS: the
 * measure's length); then each statistical report's p95 at BENCH_CANDIDATS candidatures (≤ 200 ms;
 * about 12 minutes at 200,000; BENCH_REPORTS=0 skips it).
 */
const publicSuite = async (): Promise<void> => {
  const candidats = Number(process.env.BENCH_CANDIDATS ?? 200_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-public-'));
  try {
    console.log(`Résultats publics : ${candidats} résultats, 100 clients pendant ${seconds} s…`);
    const lookup = await benchPublicLookup({
      dataDir,
      port: 18_196,
      candidats,
      clients: 100,
      seconds,
    });
    console.log(lookup);
    const reports =
      process.env.BENCH_REPORTS === '0'
        ? null
        : await benchReports({ port: 18_197, candidats, requests: 60 });
    if (reports) console.log(reports);
    save('public', {
      suite: 'public (Public area and statistics)',
      machine: describeMachine(),
      targets: { lookupsPerSecond: 2000, reportP95Ms: 200 },
      lookup,
      reports,
      verdict: {
        lookups: lookup.lookupsPerSecond >= 2000 && candidats >= 200_000,
        reports:
          reports === null
            ? null
            : candidats >= 200_000 && Object.values(reports.rapports).every((r) => r.p95Ms <= 200),
      },
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/**
 * Payments from a statement: a statement of BENCH_STATEMENT_LINES (20,000) lines previewed
 * (matched against as many dossiers) in ≤ 5 s.
 */
const statement = async (): Promise<void> => {
  const lines = Number(process.env.BENCH_STATEMENT_LINES ?? 20_000);
  console.log(`Relevé de paiements : ${lines} lignes, autant de dossiers…`);
  const result = await benchStatement({ port: 18_198, lines });
  console.log(result);
  save('statement', {
    suite: 'statement (payments from a statement)',
    machine: describeMachine(),
    targets: { previewMs: 5000 },
    ...result,
    verdict: { preview: result.status === 201 && result.previewMs <= 5000 && lines >= 20_000 },
  });
};

/**
 * Signed-in lists against a bare Fastify, each in a process of its own (issue #33: ≥ 25 %): the
 * 25-row pages of métiers and of candidatures over BENCH_READS_METIERS (1,000) métiers and
 * BENCH_READS_CANDIDATURES (20,000) dossiers; BENCH_SECONDS (10) a measure; BENCH_READS_DIR: a
 * folder kept between runs (filled the first time, measured as it is after).
 */
const readsApart = async (): Promise<void> => {
  const metiers = Number(process.env.BENCH_READS_METIERS ?? 1000);
  const candidatures = Number(process.env.BENCH_READS_CANDIDATURES ?? 20_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const kept = process.env.BENCH_READS_DIR;
  if (kept) mkdirSync(kept, { recursive: true });
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'bench-lectures-'));
  try {
    console.log(`Lectures à part : ${metiers} métiers, ${candidatures} dossiers…`);
    const data = await fillReadsApartData({ dataDir, metiers, candidatures });
    console.log(data);
    const reads = await benchReadsApart({ dataDir, port: 18_192, barePort: 18_193, seconds });
    const cpu = (rate: { cpuMicrosecondsPerRequest: number }) => rate.cpuMicrosecondsPerRequest;
    console.table({
      'santé (sans session)': {
        'requêtes/s': reads.product.health.requestsPerSecond,
        'CPU µs/requête': cpu(reads.product.health),
      },
      'informations (connecté)': {
        'requêtes/s': reads.product.informations.requestsPerSecond,
        'CPU µs/requête': cpu(reads.product.informations),
      },
      'métiers, 25 lignes': {
        'requêtes/s': reads.product.metiers.requestsPerSecond,
        'CPU µs/requête': cpu(reads.product.metiers),
        'Fastify nu (requêtes/s)': reads.bare.metiers.requestsPerSecond,
        'Fastify nu (CPU µs/requête)': cpu(reads.bare.metiers),
        '% (requêtes/s)': reads.ratioPercent.metiers,
        '% (CPU)': reads.cpuRatioPercent.metiers,
      },
      'candidatures, 25 lignes': {
        'requêtes/s': reads.product.candidatures.requestsPerSecond,
        'CPU µs/requête': cpu(reads.product.candidatures),
        'Fastify nu (requêtes/s)': reads.bare.candidatures.requestsPerSecond,
        'Fastify nu (CPU µs/requête)': cpu(reads.bare.candidatures),
        '% (requêtes/s)': reads.ratioPercent.candidatures,
        '% (CPU)': reads.cpuRatioPercent.candidatures,
      },
    });
    save('reads-apart', {
      suite: 'reads apart (signed-in lists against a bare Fastify, each in its own process)',
      machine: describeMachine(),
      targets: { ratioPercent: 25 },
      data,
      ...reads,
      verdict: {
        metiers: reads.ratioPercent.metiers >= 25,
        candidatures: reads.ratioPercent.candidatures >= 25,
      },
    });
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
};

/**
 * The national session (issue #33): the whole story at BENCH_SIZE (200,000) candidates, in one
 * data folder, every phase measured against its target in one table (BENCH_SECONDS, 10: the
 * public lookup's measure; BENCH_READS_SECONDS, 10: each list against the bare Fastify). Fails
 * when a check of the story fails; the folder is deleted after (BENCH_SESSION_DIR keeps it).
 */
const session = async (): Promise<void> => {
  const candidats = Number(process.env.BENCH_SIZE ?? 200_000);
  const kept = process.env.BENCH_SESSION_DIR;
  if (kept) mkdirSync(kept, { recursive: true });
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'bench-session-'));
  try {
    const result = await benchSession({
      dataDir,
      candidats,
      port: 18_201,
      barePort: 18_202,
      seconds: Number(process.env.BENCH_SECONDS ?? 10),
    });
    const table = sessionTable(result);
    console.log(
      `\nSession nationale de ${new Intl.NumberFormat('fr-FR').format(candidats)} candidats`,
    );
    console.table(table);
    const failures = sessionFailures(result);
    save('session', {
      suite: 'session (a national session on one machine, issue #33)',
      machine: describeMachine(),
      targets: { candidats: 200_000, ...SESSION_TARGETS },
      table,
      ...result,
      verdict: {
        size: candidats >= 200_000,
        allTargets: table.every((r) => r.atteinte === 'oui'),
        checks: failures.length === 0,
      },
    });
    if (failures.length > 0) throw new Error(`Session incorrecte : ${failures.join(' ; ')}`);
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
};

const SUITES: Record<string, () => Promise<void>> = {
  spine,
  documents,
  exports: exportsSuite,
  registration,
  /** The candidate list's part of `registration` alone (printed, not saved). */
  'candidate-list': async () => {
    await candidateListPart();
  },
  allocation,
  bulk,
  'exam-documents': examDocuments,
  grades,
  admissions,
  public: publicSuite,
  statement,
  'reads-apart': readsApart,
  session,
};

const main = async (): Promise<void> => {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !SUITES[name]);
  if (unknown.length > 0)
    throw new Error(
      `Suite inconnue : ${unknown.join(', ')} (connues : ${Object.keys(SUITES).join(', ')})`,
    );
  console.log('Machine :', describeMachine());
  for (const name of asked.length > 0 ? asked : Object.keys(SUITES)) await SUITES[name]!();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
