/**
 * What the workers make a document of attestations or diplomas of: the candidates in page order,
 * their verification codes issued the first time, their pages, and the record of what was printed.
 */
import type { Readable } from 'node:stream';
import {
  ATTESTATION_PRINT_CATEGORY,
  attestationPrintDecider,
  attestationsCollection,
  DOCUMENT_CATEGORY,
  listCollection,
  localDate,
  PRINT_PART,
  referenceList,
  sessionsCollection,
  streamName,
  type Actor,
  type AttestationDocument,
  type AttestationKind,
  type AttestationLayout,
  type AttestationPage,
  type CommandContext,
  type DocumentTarget,
} from '@examens-pro/domain';
import {
  handleCommand,
  type DocumentStorage,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';
import { issueAttestation, issuedBefore, type Issued } from './attestationCodes.js';
import {
  admittedOf,
  awaitingDeliberation,
  collator,
  item,
  noSignatory,
  signatoryOf,
  type Doc,
} from './attestationReads.js';

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Codes issued at once: their appends gather into few commits of the event store. */
const ISSUE_BATCH = 250;

export interface AttestationJob {
  readonly documentId: string;
  readonly kind: AttestationKind;
  readonly cible: DocumentTarget;
  /** The request's event: its actor asked for the codes and the prints. */
  readonly requestEventId: string;
}

/** The contexts of a job's commands, per step: in the name of who asked for the document. */
const jobContext = async (eventStore: EventStore, job: AttestationJob) => {
  const { documentId } = job;
  const [request] = await eventStore.readStream(streamName(DOCUMENT_CATEGORY, documentId), {
    maxCount: 1,
  });
  const actor: Actor = request?.metadata.actor ?? { id: 'inconnu', name: 'Inconnu' };
  return (step: string) =>
    (suffix: string): CommandContext => ({
      commandId: `${documentId}-${step}-${suffix}`,
      causationId: job.requestEventId,
      actor,
      now: new Date().toISOString(),
    });
};

/** What every page of the document shares (examen, session, signatory), for a creation date. */
const layoutOf = async (
  readStore: ReadStore,
  storage: DocumentStorage,
  cible: DocumentTarget,
  kind: AttestationKind,
) => {
  const session = await readStore.collection<Doc>(sessionsCollection).get(cible.sessionId);
  if (!session) throw new Error('session introuvable');
  const examen = await item(readStore, 'examens', String(session.examenId ?? ''));
  const signatory = await signatoryOf(readStore, kind);
  if (!signatory) throw noSignatory(kind);
  const signatureFile = String(signatory.signature ?? '');
  const image =
    signatureFile && storage.exists(signatureFile)
      ? new Uint8Array(await readAll(storage.read(signatureFile)))
      : undefined;
  return (creationDate: string): AttestationLayout => ({
    kind,
    title: `${kind === 'diplomes' ? 'Diplômes' : 'Attestations de réussite'} — ${cible.libelle}`,
    examen: examen
      ? `${String(examen.libelle ?? '')}${examen.code && examen.code !== examen.libelle ? ` (${String(examen.code)})` : ''}`
      : '',
    session: String(session.libelle ?? ''),
    signataire: {
      nom: String(signatory.libelle ?? ''),
      titre: String(signatory.titre ?? ''),
      ...(image ? { image } : {}),
    },
    creationDate,
  });
};

/** The libellés of a list's items, by id. */
const libelles = async (readStore: ReadStore, list: string) =>
  new Map(
    (
      await readStore.collection<Doc>(listCollection(referenceList(list)!)).list({ limit: 100_000 })
    ).items.map((d) => [d.id, String(d.libelle ?? '')]),
  );

/**
 * The candidates, in page order: their ids and what the read model knows of their codes (`known`),
 * those it shows without one (`missing`).
 */
const candidatesInOrder = async (readStore: ReadStore, cible: DocumentTarget) => {
  const collection = readStore.collection<AttestationDocument>(attestationsCollection);
  let order: string[] = [];
  const known = new Map<string, Issued>();
  let missing: AttestationDocument[] = [];
  const take = (doc: AttestationDocument) => {
    order.push(doc.id);
    if (doc.code && doc.adresse && doc.emiseLe)
      known.set(doc.id, { code: doc.code, adresse: doc.adresse, emiseLe: doc.emiseLe });
    else missing.push(doc);
  };
  if (cible.candidatureIds) {
    const docs = (await collection.getMany(cible.candidatureIds)).filter(
      (d) => d.sessionId === cible.sessionId && d.admis,
    );
    docs.sort(
      (a, b) =>
        collator.compare(a.nom, b.nom) ||
        collator.compare(a.prenoms, b.prenoms) ||
        a.numeroCandidat.localeCompare(b.numeroCandidat),
    );
    docs.forEach(take);
  } else for await (const doc of admittedOf(readStore, cible, cible.centreDepotId)) take(doc);
  // A result awaiting a new deliberation is left out until the jury decides again.
  const waiting = new Set<string>();
  for (let i = 0; i < order.length; i += 1000)
    for (const id of await awaitingDeliberation(readStore, order.slice(i, i + 1000)))
      waiting.add(id);
  if (waiting.size > 0) {
    order = order.filter((id) => !waiting.has(id));
    missing = missing.filter((d) => !waiting.has(d.id));
  }
  return { order, known, missing };
};

/**
 * The codes among `missing` that the event store holds already (issued a moment ago, the read model
 * not there yet), added to `known`; answers those still missing.
 */
const issuedMeanwhile = async (
  eventStore: EventStore,
  missing: readonly AttestationDocument[],
  known: Map<string, Issued>,
) => {
  for (let i = 0; i < missing.length; i += ISSUE_BATCH) {
    const batch = missing.slice(i, i + ISSUE_BATCH);
    const found = await Promise.all(batch.map((d) => issuedBefore(eventStore, d.candidatureId)));
    batch.forEach((d, k) => {
      const issued = found[k];
      if (issued) known.set(d.id, issued);
    });
  }
  return missing.filter((d) => !known.has(d.id));
};

/**
 * What a document of attestations or diplomas is made of: its `layout`, its `pages` in order —
 * each batch's candidates who have no code yet get theirs as the batch is read, so that issuing
 * runs while the previous pages are laid out —, and `recordPrints`, which candidates the generated
 * file printed.
 */
export const attestationSource = async (
  deps: { eventStore: EventStore; readStore: ReadStore; storage: DocumentStorage },
  job: AttestationJob,
  timeZone: string,
) => {
  const { eventStore, readStore, storage } = deps;
  const { cible, kind, documentId } = job;
  if (!cible.adressePublique) throw new Error('adresse publique absente de la demande');
  const origin = cible.adressePublique;
  const context = await jobContext(eventStore, job);
  const layout = await layoutOf(readStore, storage, cible, kind);
  const [metiers, departements] = await Promise.all([
    libelles(readStore, 'metiers'),
    libelles(readStore, 'departements'),
  ]);
  const collection = readStore.collection<AttestationDocument>(attestationsCollection);
  const candidates = await candidatesInOrder(readStore, cible);
  const { order, known } = candidates;

  // Every code this document issues bears one instant, fixed now: the PDF's creation date (the
  // latest issue of its codes) is known before its first page, and the same when made again. (A
  // code issued meanwhile by another document, for the same candidate, wins with its own instant.)
  // The read model may not have seen a code issued a moment ago (by the previous document): the
  // event store settles which of the missing ones really are, so the date does not depend on lag.
  const missing = await issuedMeanwhile(eventStore, candidates.missing, known);
  const issuedAt = new Date().toISOString();
  let last = missing.length > 0 ? issuedAt : '';
  for (const { emiseLe } of known.values()) if (emiseLe > last) last = emiseLe;
  const issueContext = (suffix: string): CommandContext => ({
    ...context('code')(suffix),
    now: issuedAt,
  });

  return {
    total: order.length,
    // No page at all: any fixed date keeps the (empty) document the same.
    layout: layout(last || '2000-01-01T00:00:00.000Z'),
    async *pages(): AsyncGenerator<AttestationPage> {
      for (let i = 0; i < order.length; i += 500) {
        const ids = order.slice(i, i + 500);
        const docs = new Map((await collection.getMany(ids)).map((d) => [d.id, d]));
        // The batch's codes not issued yet, now (their appends commit in groups).
        const toIssue = ids.flatMap((id) => {
          const doc = docs.get(id);
          return doc && !known.has(id) ? [doc] : [];
        });
        for (let j = 0; j < toIssue.length; j += ISSUE_BATCH) {
          const batch = toIssue.slice(j, j + ISSUE_BATCH);
          const issued = await Promise.all(
            batch.map((doc) => issueAttestation(eventStore, doc, origin, documentId, issueContext)),
          );
          batch.forEach((doc, k) => known.set(doc.id, issued[k]!));
        }
        for (const id of ids) {
          const doc = docs.get(id);
          const code = known.get(id);
          if (!doc || !code) continue;
          yield {
            code: code.code,
            adresse: code.adresse,
            nom: doc.nom,
            prenoms: doc.prenoms,
            sexe: doc.sexe,
            dateNaissance: doc.dateNaissance,
            lieuNaissance: doc.lieuNaissance,
            numeroCandidat: doc.numeroCandidat,
            numeroDossier: doc.numeroDossier,
            metier: metiers.get(doc.metierId) ?? '',
            moyenne: doc.moyenne,
            numeroArrete: doc.numeroArrete,
            dateArrete: doc.dateArrete,
            departement: departements.get(doc.departementId) ?? '',
            delivreeLe: localDate(code.emiseLe, timeZone),
          };
        }
      }
    },
    /** Which candidates the file printed, in parts (each once, whatever the retries). */
    async recordPrints(): Promise<void> {
      const printed = order.filter((id) => known.has(id));
      for (let partie = 0; partie * PRINT_PART < printed.length; partie += 1)
        await handleCommand(eventStore, {
          stream: streamName(ATTESTATION_PRINT_CATEGORY, documentId),
          decider: attestationPrintDecider,
          command: {
            type: 'RecordPrint',
            data: {
              documentId,
              sessionId: cible.sessionId,
              kind,
              partie,
              candidatureIds: printed.slice(partie * PRINT_PART, (partie + 1) * PRINT_PART),
            },
          },
          context: context('tirage')(String(partie)),
        });
    },
  };
};
