import { createHash } from 'node:crypto';
import { listCommands } from '@examens-pro/application';
import {
  attestationsCollection,
  computeResult,
  DELIBERATION_CATEGORY,
  deliberationDecider,
  DOCUMENT_CATEGORY,
  documentsCollection,
  GENERATE_DOCUMENT_JOB,
  parseListItem,
  referenceList,
  streamName,
  type Actor,
  type CandidateComputation,
  type DocumentDocument,
  type DocumentTarget,
} from '@examens-pro/domain';
import { DEMO_NOMS, DEMO_PRENOMS_F } from '@examens-pro/embedded';
import { handleCommand, loadConfig, openPorts, ProjectionRunner } from '@examens-pro/platform';
import { attestationCommands } from '@examens-pro/application';
import {
  attestationsProjection,
  documentsProjection,
  listsProjection,
  resultsProjection,
  sessionsProjection,
} from '@examens-pro/projections';
import { closeRenderThreads, generateDocument } from '@examens-pro/workers';
import { signaturePng } from '@examens-pro/workers/testing/signaturePng';
import { benchConfiguration } from './configuration.js';
import { round } from './machine.js';

const ACTOR: Actor = { id: 'mesure-attestations', name: 'Mesure des attestations' };
const PUBLIC_URL = 'https://examens.example.org';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The attestations of a département at scale: `candidats` admitted candidates of one département
 * (up to 20,000 pages in one merged PDF), their attestations asked for through the
 * product's command (`attestationCommands().request`, PUBLIC_URL set) and made by the workers' own
 * processor (`generateDocument`: codes issued, pages laid out off the main thread with their QR
 * codes, the file stored with its SHA-256 and fsynced, the prints recorded), twice: the first time
 * every candidate's verification code is issued (reserved, then appended), the second time they
 * exist and only the document is made again. Pages per second of each, target ≥ 500.
 *
 * Set up directly, to keep the set-up in seconds: the configuration goes through the product's
 * commands, but the candidates are not registered, allocated nor marked — one jury's deliberation is
 * closed through the deliberation decider with `candidats` computed results (every one admitted,
 * each with its identity, métier and the département's centre de dépôt), exactly the events a real
 * closing appends (`DeliberationResultsFrozen` in parts of 1,000, `DeliberationClosed`); the read
 * models the document reads are then projected by the product's projections.
 */
export const benchAttestations = async (options: {
  dataDir: string;
  candidats: number;
  metiers?: number;
  /** Progress lines (default: the console). */
  log?: (line: string) => void;
}) => {
  const log = options.log ?? ((line: string) => console.log(line));
  const metierCount = options.metiers ?? 10;
  const config = loadConfig({ DATA_DIR: options.dataDir, LOG_LEVEL: 'error' });
  const ports = openPorts(config);
  const { eventStore, readStore, storage } = ports;
  const setupStarted = performance.now();
  const { departementIds, item, openSession, context } = await benchConfiguration(
    eventStore,
    readStore,
    ACTOR,
  );
  const departementId = departementIds[0]!;
  const examenId = await item('examens', 'CQP', 'Certificat de qualification professionnelle', {
    noteDePassage: 10,
  });
  const { sessionId } = await openSession('mesure-attestations-session', examenId);
  const metierIds: string[] = [];
  for (let m = 0; m < metierCount; m += 1)
    metierIds.push(await item('metiers', `A${m + 1}`, `Métier de l’attestation ${m + 1}`));
  const centreDepotId = await item('centres-depot', 'DEPA', 'Centre de dépôt', { departementId });
  // The signatory, with a real signature image (PNG, stored under its SHA-256).
  const png = signaturePng();
  const fichier = `image-${createHash('sha256').update(png).digest('hex')}.png`;
  await storage.write(fichier, async (out) => {
    out.end(png);
  });
  const signataires = referenceList('signataires')!;
  const signataire = context('mesure-signataire');
  await listCommands(eventStore, readStore, signataires, storage).create(
    `mesure-signataire-${sessionId}`,
    parseListItem(
      signataires,
      {
        code: 'DEC',
        libelle: 'Paul Atangana',
        titre: 'Directeur des examens et concours',
        signeAttestations: true,
        signeDiplomes: true,
        signature: fichier,
      },
      signataire,
    ),
    signataire,
  );

  // One jury closed with every candidate admitted (see above: set up through the decider).
  const epreuve = {
    id: 'epreuve-mesure',
    code: 'THEO',
    libelle: 'Épreuve théorique',
    coefficient: 1,
    noteMax: 20,
    eliminatoire: false,
  };
  const candidats: CandidateComputation[] = Array.from({ length: options.candidats }, (_, i) => {
    const m = i % metierCount;
    return {
      candidatureId: `mesure-attestation-${i}`,
      numeroDossier: `CQP27-${String(i + 1).padStart(6, '0')}`,
      numeroCandidat: `A${m + 1}-${String(Math.floor(i / metierCount) + 1).padStart(5, '0')}`,
      nom: DEMO_NOMS[i % DEMO_NOMS.length]!,
      prenoms: `${DEMO_PRENOMS_F[(i * 7) % DEMO_PRENOMS_F.length]} ${DEMO_PRENOMS_F[(i * 3) % DEMO_PRENOMS_F.length]}`,
      sexe: i % 2 ? 'M' : 'F',
      dateNaissance: new Date(Date.UTC(1975, 0, 1) + (i % 9_000) * 86_400_000)
        .toISOString()
        .slice(0, 10),
      lieuNaissance: 'Yaoundé',
      categorie: 'libre',
      handicapId: null,
      metierId: metierIds[m]!,
      centreDepotId,
      siteId: 'site-mesure',
      centreExamenId: 'centre-mesure',
      departementId,
      zoneId: 'zone-mesure',
      computation: computeResult(
        [epreuve],
        { [epreuve.id]: { presence: 'present', note: 10 + (i % 100) / 10 } },
        { noteDePassage: 10, noteEliminatoire: null },
      ),
    };
  });
  const juryId = 'jury-mesure-attestations';
  await handleCommand(eventStore, {
    stream: streamName(DELIBERATION_CATEGORY, juryId),
    decider: deliberationDecider,
    command: {
      type: 'CloseDeliberation',
      data: {
        juryId,
        sessionId,
        sessionStatut: 'deliberation',
        reference: { numeroArrete: '0042/MINEFOP', dateArrete: '2027-07-10' },
        candidats,
      },
    },
    context: context('mesure-cloture'),
  });
  // The projections the documents read, live as in the product (the codes and prints too).
  const runner = new ProjectionRunner(eventStore, readStore, [
    listsProjection,
    sessionsProjection,
    resultsProjection,
    attestationsProjection,
    documentsProjection,
  ]);
  runner.start();
  const admitted = readStore.collection(attestationsCollection);
  while (!runner.ready() || (await admitted.count({ sessionId, admis: true })) < options.candidats)
    await sleep(100);
  const setupSeconds = round((performance.now() - setupStarted) / 1000);
  log(`Mise en place : ${options.candidats} admis en ${setupSeconds} s.`);

  const commands = attestationCommands(eventStore, readStore, PUBLIC_URL);
  const generate = generateDocument({
    eventStore,
    readStore,
    storage,
    certificateKey: ports.certificateKey,
  });
  const documents = readStore.collection<DocumentDocument>(documentsCollection);
  /** One merged PDF of the département, through the command and the workers' processor. */
  const once = async (label: string) => {
    const started = performance.now();
    const answer = await commands.request(
      { kind: 'attestations', sessionId, departementId },
      context(`mesure-demande-${label}`),
    );
    const [requested] = await eventStore.readStream(streamName(DOCUMENT_CATEGORY, answer.id));
    let shown = -10;
    await generate({
      id: `document-${answer.id}`,
      name: GENERATE_DOCUMENT_JOB,
      attempt: 1,
      data: {
        documentId: answer.id,
        kind: 'attestations',
        cible: (requested!.data as { cible: DocumentTarget }).cible,
        requestEventId: requested!.id,
        requestPosition: answer.position,
      },
      progress: async (percent) => {
        if (percent >= shown + 10) {
          shown = percent;
          log(`  ${label} : ${percent} %`);
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    let doc = await documents.get(answer.id);
    while (doc?.statut !== 'genere') {
      await sleep(50);
      doc = await documents.get(answer.id);
    }
    return {
      pages: doc.pages ?? 0,
      seconds: round(seconds),
      pagesPerSecond: round((doc.pages ?? 0) / seconds, 0),
      MiB: round((doc.taille ?? 0) / 2 ** 20),
      sha256: doc.sha256 ?? '',
    };
  };
  const first = await once('première génération (codes émis)');
  log(`  → ${first.pages} pages en ${first.seconds} s : ${first.pagesPerSecond} pages/s`);
  const again = await once('nouvelle génération (codes existants)');
  log(`  → ${again.pages} pages en ${again.seconds} s : ${again.pagesPerSecond} pages/s`);
  const codes = await admitted.count({ sessionId, generee: true });
  await runner.stop();
  await closeRenderThreads();
  await ports.close();
  return {
    candidats: options.candidats,
    metiers: metierCount,
    setupSeconds,
    firstGeneration: first,
    regeneration: again,
    // Made again from the same codes and results: the same bytes.
    sameBytes: first.sha256 === again.sha256,
    generated: codes,
    targets: { pagesPerSecond: 500 },
    verdict: {
      pagesPerSecond:
        first.pagesPerSecond >= 500 &&
        again.pagesPerSecond >= 500 &&
        first.pages === options.candidats,
      checks: first.sha256 === again.sha256 && codes === options.candidats,
    },
  };
};
