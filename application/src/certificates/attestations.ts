/**
 * Attestations and diplomas (« Gestion des admissions → Attestations »): asking for them (the
 * candidates' results checked, the public address fixed), and what the workers make them of — the
 * candidates in page order, their verification codes issued the first time (a CSPRNG's, each
 * reserved like a unique code), their pages, and the record of what was printed.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ATTESTATION_CATEGORY,
  ATTESTATION_ORDER,
  ATTESTATION_PRINT_CATEGORY,
  attestationDecider,
  attestationPrintDecider,
  attestationsCollection,
  candidaturesCollection,
  ConflictError,
  DOCUMENT_CATEGORY,
  documentDecider,
  DuplicateError,
  fold,
  listCollection,
  localDate,
  PRINT_PART,
  referenceList,
  RESULT_LABELS,
  resultsCollection,
  sessionsCollection,
  streamName,
  ValidationError,
  verificationAddress,
  verificationCodeFromBytes,
  VERIFICATION_CODE_BYTES,
  type Actor,
  type AttestationDocument,
  type AttestationKind,
  type AttestationLayout,
  type AttestationPage,
  type AttestationRequest,
  type CandidatureDocument,
  type CommandContext,
  type DocumentTarget,
  type ReadModelDocument,
  type ResultDocument,
} from '@examens-pro/domain';
import type { DocumentStorage } from '@examens-pro/platform';
import { WrongExpectedRevisionError, type EventStore } from '@examens-pro/platform';
import type { ReadStore } from '@examens-pro/platform';
import { handleCommand, type CommandAnswer } from '@examens-pro/platform';
import { releaseUniqueValue, reserveUniqueValue } from '@examens-pro/platform';
import { newItemId } from '@examens-pro/platform';
import { productOrigin } from '@examens-pro/platform';
import { sessionState } from '../grades/grades.js';

type Doc = ReadModelDocument & Record<string, unknown>;

export const PUBLIC_URL_MISSING =
  'L’adresse publique du produit (PUBLIC_URL) n’est pas configurée : elle est imprimée pour de bon, avec le code de vérification, sur chaque attestation et chaque diplôme. Demandez à l’administrateur de la définir, puis recommencez.';

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

const item = (readStore: ReadStore, list: string, id: string) =>
  readStore.collection<Doc>(listCollection(referenceList(list)!)).get(id);

/** « Mballa Alain (ELEC-00001) ». */
const named = (doc: { nom?: unknown; prenoms?: unknown; numeroCandidat?: unknown }) =>
  `${[doc.nom, doc.prenoms].filter(Boolean).join(' ')}${doc.numeroCandidat ? ` (${String(doc.numeroCandidat)})` : ''}`;

/** The signatory of a kind of document: the first active one (by code) who signs it. */
export const signatoryOf = async (readStore: ReadStore, kind: AttestationKind) => {
  const { items } = await readStore
    .collection<Doc>(listCollection(referenceList('signataires')!))
    .list({
      filter: { actif: true },
      sort: [{ field: 'code', order: 'ASC' }],
      limit: 500,
    });
  return items.find((s) => (kind === 'diplomes' ? s.signeDiplomes : s.signeAttestations) === true);
};

const noSignatory = (kind: AttestationKind) =>
  new ConflictError(
    `Aucun signataire actif ne signe les ${kind === 'diplomes' ? 'diplômes' : 'attestations'} : désignez-le sous Configuration → Signataires, puis recommencez.`,
  );

/** The admitted candidates of a target, in page order, within a reader's centre de dépôt. */
const admittedOf = async function* (
  readStore: ReadStore,
  cible: Pick<DocumentTarget, 'sessionId' | 'departementId' | 'zoneId'>,
  centreDepotId?: string | null,
): AsyncGenerator<AttestationDocument> {
  const collection = readStore.collection<AttestationDocument>(attestationsCollection);
  const base = {
    sessionId: cible.sessionId,
    admis: true,
    ...(centreDepotId ? { centreDepotId } : {}),
  };
  if (cible.departementId) {
    yield* collection.stream({
      filter: { ...base, departementId: cible.departementId },
      sort: ATTESTATION_ORDER,
      batchSize: 1000,
    });
    return;
  }
  // A zone: its départements in name order, each one's candidates by name.
  const { items } = await readStore
    .collection<Doc>(listCollection(referenceList('departements')!))
    .list({ filter: { zoneId: cible.zoneId! }, limit: 500 });
  const departements = items.sort((a, b) =>
    collator.compare(String(a.libelle ?? ''), String(b.libelle ?? '')),
  );
  for (const departement of departements)
    yield* collection.stream({
      filter: { ...base, departementId: departement.id },
      sort: ATTESTATION_ORDER,
      batchSize: 1000,
    });
};

/** The results awaiting a new deliberation, among `ids` (their documents wait for it). */
const awaitingDeliberation = async (readStore: ReadStore, ids: readonly string[]) =>
  new Set(
    (await readStore.collection<ResultDocument>(resultsCollection).getMany(ids))
      .filter((r) => r.aRedeliberer)
      .map((r) => r.id),
  );

/**
 * Asking for attestations or diplomas (`POST /api/attestations/documents`): refused while the
 * product has no public address (printed in every QR code), without a signatory, or for a
 * candidate who is not an admitted candidate of a closed deliberation of the session; then one
 * `DocumentRequested` that the workers turn into the PDF (codes issued then, the first time).
 */
export const attestationCommands = (
  eventStore: EventStore,
  readStore: ReadStore,
  publicUrl: string | undefined,
) => ({
  request: async (
    input: AttestationRequest,
    context: CommandContext,
    /** A reader attached to a centre de dépôt (an enrôleur) asks for that centre's candidates only. */
    centreDepotId?: string | null,
  ): Promise<CommandAnswer & { candidats: number; enAttente: number }> => {
    if (!publicUrl) throw new ConflictError(PUBLIC_URL_MISSING);
    const session = await sessionState(eventStore, input.sessionId);
    if (!(await signatoryOf(readStore, input.kind))) throw noSignatory(input.kind);
    let libelle: string;
    let candidats: number;
    let enAttente = 0;
    const target: {
      candidatureIds?: string[];
      departementId?: string;
      zoneId?: string;
      centreDepotId?: string;
    } = {};
    if (input.candidatureIds) {
      const ids = [...new Set(input.candidatureIds)];
      const found = new Map(
        (await readStore.collection<ResultDocument>(resultsCollection).getMany(ids)).map((r) => [
          r.id,
          r,
        ]),
      );
      const dossiers = new Map(
        (await readStore.collection<CandidatureDocument>(candidaturesCollection).getMany(ids)).map(
          (d) => [d.id, d],
        ),
      );
      for (const id of ids) {
        const result = found.get(id);
        const dossier = dossiers.get(id);
        const outside = (centre: unknown) => Boolean(centreDepotId) && centre !== centreDepotId;
        if (
          (!result && (!dossier || dossier.sessionId !== input.sessionId)) ||
          (result && result.sessionId !== input.sessionId) ||
          outside(result?.centreDepotId ?? dossier?.centreDepotId)
        )
          throw new ValidationError(
            `Ce candidat n’est pas un candidat de la session « ${session.libelle} ».`,
            { candidatureIds: 'Candidat inconnu dans cette session.' },
          );
        if (!result)
          throw new ValidationError(
            `Le candidat ${named(dossier!)} n’a pas de résultat délibéré : son attestation et son diplôme attendent la clôture de la délibération de son jury.`,
            { candidatureIds: 'Candidat non délibéré.' },
          );
        if (result.resultat !== 'admis')
          throw new ValidationError(
            `Le candidat ${named(result)} n’est pas admis (résultat : ${RESULT_LABELS[result.resultat]}) : seuls les admis reçoivent une attestation et un diplôme.`,
            { candidatureIds: 'Candidat non admis.' },
          );
        if (result.aRedeliberer)
          throw new ConflictError(
            `Le résultat du candidat ${named(result)} attend une nouvelle délibération (une note ou son identité a changé depuis la clôture) : ses documents attendent elle aussi.`,
          );
      }
      target.candidatureIds = ids;
      candidats = ids.length;
      libelle =
        ids.length === 1
          ? named(found.get(ids[0]!)!)
          : `${new Intl.NumberFormat('fr-FR').format(ids.length)} candidats`;
    } else {
      const [list, id, prefix] = input.departementId
        ? (['departements', input.departementId, 'Département'] as const)
        : (['zones', input.zoneId!, 'Zone'] as const);
      const place = await item(readStore, list, id);
      if (!place)
        throw new ValidationError(referenceList(list)!.notFoundMessage, {
          [list === 'zones' ? 'zoneId' : 'departementId']: referenceList(list)!.notFoundMessage,
        });
      if (input.departementId) target.departementId = id;
      else target.zoneId = id;
      // An enrôleur's document holds their centre's candidates only (the workers read it so).
      if (centreDepotId) target.centreDepotId = centreDepotId;
      const ids: string[] = [];
      for await (const doc of admittedOf(
        readStore,
        { sessionId: input.sessionId, ...target },
        centreDepotId,
      ))
        ids.push(doc.id);
      const waiting = new Set<string>();
      for (let i = 0; i < ids.length; i += 1000)
        for (const w of await awaitingDeliberation(readStore, ids.slice(i, i + 1000)))
          waiting.add(w);
      enAttente = waiting.size;
      candidats = ids.length - enAttente;
      if (candidats === 0)
        throw new ConflictError(
          `Aucun admis ${enAttente > 0 ? 'dont le résultat est arrêté ' : ''}de la session « ${session.libelle} » dans ${list === 'zones' ? 'la zone' : 'le département'} « ${String(place.libelle ?? '')} » : rien à imprimer.`,
        );
      libelle = `${prefix} : ${String(place.libelle ?? '')}`;
    }
    const documentId = newItemId(context.commandId);
    const outcome = await handleCommand(eventStore, {
      stream: streamName(DOCUMENT_CATEGORY, documentId),
      decider: documentDecider,
      command: {
        type: 'RequestDocument',
        data: {
          documentId,
          kind: input.kind,
          cible: {
            sessionId: input.sessionId,
            ...target,
            adressePublique: productOrigin(publicUrl, null),
            libelle,
          },
        },
      },
      context,
    });
    return {
      id: documentId,
      revision: outcome.revision,
      position: outcome.position,
      candidats,
      enAttente,
    };
  },
});

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Codes issued at once: their appends gather into few commits of the event store. */
const ISSUE_BATCH = 250;
const ISSUE_ATTEMPTS = 5;

interface Issued {
  readonly code: string;
  readonly adresse: string;
  readonly emiseLe: string;
}

/** The code the event store holds for a candidate, if one was issued (whatever the read model says). */
const issuedBefore = async (
  eventStore: EventStore,
  candidatureId: string,
): Promise<Issued | undefined> => {
  const recorded = await eventStore.readStream(streamName(ATTESTATION_CATEGORY, candidatureId));
  const state = fold(attestationDecider, recorded as never);
  return state.status === 'emise'
    ? { code: state.code, adresse: state.adresse, emiseLe: recorded[0]!.metadata.at }
    : undefined;
};

/**
 * A candidate's verification code: the one issued before, or a new one — drawn from the CSPRNG,
 * reserved (`attestations-code-<code>`: a code never names two candidates) and appended as the
 * stream's first event; a concurrent issue wins and its code is kept.
 */
export const issueAttestation = async (
  eventStore: EventStore,
  doc: Pick<
    AttestationDocument,
    'candidatureId' | 'sessionId' | 'juryId' | 'numeroCandidat' | 'admis'
  >,
  origin: string,
  documentId: string,
  context: (suffix: string) => CommandContext,
): Promise<Issued> => {
  const stream = streamName(ATTESTATION_CATEGORY, doc.candidatureId);
  for (let attempt = 0; ; attempt += 1) {
    const before = await issuedBefore(eventStore, doc.candidatureId);
    if (before) return before;
    if (attempt >= ISSUE_ATTEMPTS)
      throw new Error(`code de vérification de ${doc.numeroCandidat} impossible à émettre`);
    const code = verificationCodeFromBytes(randomBytes(VERIFICATION_CODE_BYTES));
    const unique = { resource: ATTESTATION_CATEGORY, field: 'code', value: code };
    const ctx = context(`${doc.candidatureId}-${attempt}`);
    try {
      await reserveUniqueValue(eventStore, unique, stream, ctx);
    } catch (error) {
      if (error instanceof DuplicateError) continue; // drawn before: draw again
      throw error;
    }
    const adresse = verificationAddress(origin, code);
    try {
      const outcome = await handleCommand(eventStore, {
        stream,
        decider: attestationDecider,
        command: {
          type: 'IssueAttestation',
          data: {
            candidatureId: doc.candidatureId,
            sessionId: doc.sessionId,
            juryId: doc.juryId,
            numeroCandidat: doc.numeroCandidat,
            code,
            adresse,
            documentId,
            admis: doc.admis,
          },
        },
        context: ctx,
      });
      if (outcome.events.length > 0) return { code, adresse, emiseLe: ctx.now };
      // Issued meanwhile, between the two reads: the loop reads the code that won.
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    // Another request issued the candidate's code first: this one goes back.
    await releaseUniqueValue(eventStore, unique, stream, {
      ...ctx,
      commandId: `${ctx.commandId}-liberation`,
    });
  }
};

export interface AttestationJob {
  readonly documentId: string;
  readonly kind: AttestationKind;
  readonly cible: DocumentTarget;
  /** The request's event: its actor asked for the codes and the prints. */
  readonly requestEventId: string;
}

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
  const [request] = await eventStore.readStream(streamName(DOCUMENT_CATEGORY, documentId), {
    maxCount: 1,
  });
  const actor: Actor = request?.metadata.actor ?? { id: 'inconnu', name: 'Inconnu' };
  const context =
    (step: string) =>
    (suffix: string): CommandContext => ({
      commandId: `${documentId}-${step}-${suffix}`,
      causationId: job.requestEventId,
      actor,
      now: new Date().toISOString(),
    });

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
  const names = async (list: string) =>
    new Map(
      (
        await readStore
          .collection<Doc>(listCollection(referenceList(list)!))
          .list({ limit: 100_000 })
      ).items.map((d) => [d.id, String(d.libelle ?? '')]),
    );
  const [metiers, departements] = await Promise.all([names('metiers'), names('departements')]);

  // The candidates, in page order: their ids and what is already known of their codes.
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

  const layout = (creationDate: string): AttestationLayout => ({
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

  // Every code this document issues bears one instant, fixed now: the PDF's creation date (the
  // latest issue of its codes) is known before its first page, and the same when made again. (A
  // code issued meanwhile by another document, for the same candidate, wins with its own instant.)
  // The read model may not have seen a code issued a moment ago (by the previous document): the
  // event store settles which of the missing ones really are, so the date does not depend on lag.
  for (let i = 0; i < missing.length; i += ISSUE_BATCH) {
    const batch = missing.slice(i, i + ISSUE_BATCH);
    const found = await Promise.all(batch.map((d) => issuedBefore(eventStore, d.candidatureId)));
    batch.forEach((d, k) => {
      const issued = found[k];
      if (issued) known.set(d.id, issued);
    });
  }
  missing = missing.filter((d) => !known.has(d.id));
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
