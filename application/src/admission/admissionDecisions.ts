/**
 * Admission decisions (« Décision d’admission »): the minister's signature deposited, a
 * département's decision prepared from the frozen results of its admitted candidates, refreshed
 * while a draft, signed with the deposited signature. The rules are the domain's deciders; what they
 * need is read here — the results from the juries' own deliberation streams (never a read model that
 * could lag behind), whether every jury concerned has closed, the decision's number, the visas and
 * the ampliations. A reactor asks the workers for the signed decision's PDF (one document per
 * decision, under a deterministic id) and records its SHA-256 on the decision once it is made.
 */
import {
  admissionDecisionDecider,
  admissionDecisionId,
  candidaturesCollection,
  ConflictError,
  DECISION_CATEGORY,
  decisionDocumentId,
  decisionIdOfDocument,
  DELIBERATION_CATEGORY,
  deliberationDecider,
  DOCUMENT_CATEGORY,
  documentDecider,
  fold,
  listItemDecider,
  MINISTER_SIGNATURE_CATEGORY,
  MINISTER_SIGNATURE_ID,
  ministerSignatureDecider,
  NotFoundError,
  REFERENCES_DECISIONS,
  sameCandidates,
  SIGNED_DECISION,
  signatureVersionOf,
  sortDecisionCandidates,
  streamName,
  uniqueKeysOf,
  ValidationError,
  resultsCollection,
  type AdmissionDecision,
  type AdmissionDecisionCommand,
  type AdmissionDecisionEvent,
  type AdmissionDecisionSigned,
  type CandidatureDocument,
  type CommandContext,
  type DecisionCandidate,
  type DecisionContent,
  type DecisionJury,
  type DeliberationEvent,
  type DocumentGenerated,
  type ListItemEvent,
  type MinisterSignatureCommand,
  type ReadModelDocument,
  type RecordedEvent,
  type ResultDocument,
  type SignatureVersion,
} from '@examens-pro/domain';
import type { EventStore } from '@examens-pro/platform';
import type { ReadStore } from '@examens-pro/platform';
import { handleCommand, type CommandAnswer } from '@examens-pro/platform';
import { uniqueValueHolder } from '@examens-pro/platform';
import type { Projection } from '@examens-pro/platform';
import { readAllItems } from '../allocation/examLists.js';
import { sessionState } from '../grades/grades.js';

type Doc = ReadModelDocument & Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

const SIGNATURE_STREAM = streamName(MINISTER_SIGNATURE_CATEGORY, MINISTER_SIGNATURE_ID);

/** The minister's current signature (the last deposit), or null when none was deposited. */
export const currentMinisterSignature = async (
  eventStore: EventStore,
): Promise<SignatureVersion | null> => {
  const recorded = await eventStore.readStream(SIGNATURE_STREAM);
  const last = recorded[recorded.length - 1];
  return last ? signatureVersionOf(last) : null;
};

/** A list item folded from its own stream (present: active or not), else undefined. */
const itemOf = async (eventStore: EventStore, stream: string) => {
  const item = fold(
    listItemDecider,
    (await eventStore.readStream(stream)) as unknown as ListItemEvent[],
  );
  return item.status === 'actif' || item.status === 'inactif' ? item : undefined;
};

const departementOf = async (eventStore: EventStore, departementId: string) => {
  const item = await itemOf(eventStore, streamName('departements', departementId));
  if (!item)
    throw new ValidationError('Ce département est introuvable.', {
      departementId: 'Ce département est introuvable.',
    });
  return item;
};

/** The décision's number recorded for a session and département (« Références par département »). */
export const decisionReferenceOf = async (
  eventStore: EventStore,
  sessionId: string,
  departementId: string,
): Promise<string> => {
  const [key] = uniqueKeysOf(REFERENCES_DECISIONS, { sessionId, departementId });
  const holder = key && (await uniqueValueHolder(eventStore, key));
  if (!holder) return '';
  const item = await itemOf(eventStore, holder);
  return item?.status === 'actif' ? item.libelle : '';
};

/**
 * What a decision of `departementId` prints now besides its candidates: its number, the examen,
 * the session and its exam reference (from the session's stream), the département and its zone, the
 * active visas in order (type after type) and the active ampliations in order.
 */
export const decisionContentNow = async (
  eventStore: EventStore,
  readStore: ReadStore,
  sessionId: string,
  departementId: string,
): Promise<DecisionContent> => {
  const session = await sessionState(eventStore, sessionId);
  const departement = await departementOf(eventStore, departementId);
  const [examen, zone, reference, types, visas, ampliations] = await Promise.all([
    itemOf(eventStore, streamName('examens', session.examenId)),
    itemOf(eventStore, streamName('zones', text(departement.values.zoneId))),
    decisionReferenceOf(eventStore, sessionId, departementId),
    readAllItems(readStore, 'types-visas'),
    readAllItems(readStore, 'visas'),
    readAllItems(readStore, 'ampliations'),
  ]);
  const typeOf = new Map(types.map((t) => [t.id, t]));
  const ordre = (doc: Doc | undefined) => (typeof doc?.ordre === 'number' ? doc.ordre : 999);
  const byOrder = (a: Doc, b: Doc) =>
    ordre(a) - ordre(b) || collator.compare(text(a.libelle), text(b.libelle));
  return {
    reference,
    examen: { code: examen?.code ?? '', libelle: examen?.libelle ?? '' },
    session: { libelle: session.libelle, annee: session.annee },
    departement: { libelle: departement.libelle, zone: zone?.libelle ?? '' },
    arrete:
      session.reference?.numeroArrete && session.reference.dateArrete
        ? {
            numeroArrete: session.reference.numeroArrete,
            dateArrete: session.reference.dateArrete,
          }
        : null,
    visas: visas
      .filter((v) => v.actif !== false && typeOf.get(text(v.typeId))?.actif !== false)
      .sort(
        (a, b) =>
          ordre(typeOf.get(text(a.typeId))) - ordre(typeOf.get(text(b.typeId))) ||
          collator.compare(
            text(typeOf.get(text(a.typeId))?.libelle),
            text(typeOf.get(text(b.typeId))?.libelle),
          ) ||
          byOrder(a, b),
      )
      .map((v) => text(v.texte) || text(v.libelle)),
    ampliations: ampliations
      .filter((a) => a.actif !== false)
      .sort(byOrder)
      .map((a) => text(a.libelle)),
  };
};

/** The département's admitted candidates, and the juries whose results they are. */
export interface DepartementAdmissions {
  readonly candidats: DecisionCandidate[];
  readonly jurys: DecisionJury[];
}

const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

/**
 * The admitted candidates of a département in a session, from the frozen results of the juries
 * concerned: those covering the département's allocated candidates (by their centre de dépôt).
 * Refused (409) while a candidate of the département belongs to no jury, or a jury concerned has
 * not closed its deliberation.
 */
export const departementAdmissions = async (
  eventStore: EventStore,
  readStore: ReadStore,
  sessionId: string,
  departementId: string,
): Promise<DepartementAdmissions> => {
  const [centresDepot, sites, juries, metiers] = await Promise.all([
    readAllItems(readStore, 'centres-depot'),
    readAllItems(readStore, 'sites-composition'),
    readAllItems(readStore, 'jurys'),
    readAllItems(readStore, 'metiers'),
  ]);
  const centres = centresDepot.filter((c) => c.departementId === departementId).map((c) => c.id);
  const centreOfSite = new Map(sites.map((s) => [s.id, text(s.centreExamenId)]));
  const sessionJuries = juries.filter((j) => j.sessionId === sessionId);
  const metierOf = new Map(metiers.map((m) => [m.id, text(m.libelle)]));

  const concerned = new Map<string, Doc>();
  const uncovered: string[] = [];
  if (centres.length > 0)
    for await (const dossier of readStore
      .collection<CandidatureDocument>(candidaturesCollection)
      .stream({
        filter: { sessionId, statut: 'affecte', centreDepotId: { $in: centres } },
        sort: [{ field: 'numeroCandidat', order: 'ASC' }],
      })) {
      const centreExamenId = centreOfSite.get(dossier.siteId ?? '') ?? '';
      const jury = sessionJuries.find(
        (j) =>
          ids(j.centreExamenIds).includes(centreExamenId) &&
          ids(j.metierIds).includes(dossier.metierId),
      );
      if (jury) concerned.set(jury.id, jury);
      else uncovered.push(dossier.numeroCandidat ?? dossier.numeroDossier);
    }
  if (uncovered.length > 0)
    throw new ConflictError(
      `${uncovered.length} ${plural(uncovered.length, 'candidat de ce département ne relève', 'candidats de ce département ne relèvent')} d’aucun jury de la session (${uncovered.slice(0, 5).join(', ')}${uncovered.length > 5 ? '…' : ''}) : la décision attend leurs résultats.`,
    );
  if (concerned.size === 0)
    throw new ConflictError(
      'Aucun candidat de ce département n’a composé à cette session : il n’y a pas de décision d’admission à établir.',
    );
  const candidats: DecisionCandidate[] = [];
  const open: string[] = [];
  const jurys: DecisionJury[] = [];
  for (const jury of [...concerned.values()].sort((a, b) =>
    collator.compare(text(a.libelle), text(b.libelle)),
  )) {
    const state = fold(
      deliberationDecider,
      (await eventStore.readStream(
        streamName(DELIBERATION_CATEGORY, jury.id),
      )) as unknown as DeliberationEvent[],
    );
    if (state.status !== 'close') {
      open.push(`« ${text(jury.libelle)} »`);
      continue;
    }
    jurys.push({ id: jury.id, libelle: text(jury.libelle) });
    for (const r of state.resultats.values())
      if (r.departementId === departementId && r.resultat === 'admis')
        candidats.push({
          candidatureId: r.candidatureId,
          numeroCandidat: r.numeroCandidat,
          nom: r.nom,
          prenoms: r.prenoms,
          sexe: r.sexe,
          dateNaissance: r.dateNaissance,
          lieuNaissance: r.lieuNaissance,
          metierId: r.metierId,
          metier: metierOf.get(r.metierId) ?? '',
          juryId: jury.id,
        });
  }
  if (open.length > 0)
    throw new ConflictError(
      `La délibération ${plural(open.length, 'du jury', 'des jurys')} ${open.join(', ')} n’est pas close : la décision de ce département attend ${plural(open.length, 'ses', 'leurs')} résultats.`,
    );
  return { candidats: sortDecisionCandidates(candidats), jurys };
};

/** A département's decisions in a session, version after version (each folded from its stream). */
export const decisionVersions = async (
  eventStore: EventStore,
  sessionId: string,
  departementId: string,
): Promise<{ id: string; numero: number; state: AdmissionDecision; events: RecordedEvent[] }[]> => {
  const versions = [];
  for (let numero = 1; ; numero += 1) {
    const id = admissionDecisionId(sessionId, departementId, numero);
    const events = await eventStore.readStream(streamName(DECISION_CATEGORY, id));
    if (events.length === 0) return versions;
    versions.push({
      id,
      numero,
      events,
      state: fold(admissionDecisionDecider, events as unknown as AdmissionDecisionEvent[]),
    });
  }
};

export const readDecision = async (eventStore: EventStore, decisionId: string) => {
  const events = await eventStore.readStream(streamName(DECISION_CATEGORY, decisionId));
  const state = fold(admissionDecisionDecider, events as unknown as AdmissionDecisionEvent[]);
  return {
    state,
    events,
    revision: events.length > 0 ? events[events.length - 1]!.revision : -1,
  };
};

export const admissionDecisionCommands = (eventStore: EventStore, readStore: ReadStore) => {
  const onDecision = async (
    decisionId: string,
    command: AdmissionDecisionCommand,
    context: CommandContext,
    expectedRevision?: number,
  ): Promise<CommandAnswer> => {
    const outcome = await handleCommand(eventStore, {
      stream: streamName(DECISION_CATEGORY, decisionId),
      decider: admissionDecisionDecider,
      command,
      context,
      ...(expectedRevision === undefined ? {} : { expectedRevision }),
    });
    return { id: decisionId, revision: outcome.revision, position: outcome.position };
  };

  /** The decision, present (404 otherwise), with the session and département it is of. */
  const existing = async (decisionId: string) => {
    const found = await readDecision(eventStore, decisionId);
    if (found.state.status === 'absente')
      throw new NotFoundError('Cette décision d’admission est introuvable.');
    return found.state;
  };

  return {
    /** A deposit of the minister's signature: a new version when the image is a new one. */
    async depositSignature(
      image: Extract<MinisterSignatureCommand, { type: 'DepositMinisterSignature' }>['data'],
      context: CommandContext,
    ): Promise<CommandAnswer & { numero: number; nouvelle: boolean }> {
      const outcome = await handleCommand(eventStore, {
        stream: SIGNATURE_STREAM,
        decider: ministerSignatureDecider,
        command: { type: 'DepositMinisterSignature', data: image },
        context,
      });
      return {
        id: MINISTER_SIGNATURE_ID,
        revision: outcome.revision,
        position: outcome.position,
        numero: outcome.state.numero,
        nouvelle: outcome.events.length > 0,
      };
    },

    /**
     * A département's next decision: the first one, or — once the last one is signed and the
     * département's admitted candidates have changed since — a new version that follows it.
     */
    async prepare(
      target: { sessionId: string; departementId: string },
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const { sessionId, departementId } = target;
      await sessionState(eventStore, sessionId);
      await departementOf(eventStore, departementId);
      const versions = await decisionVersions(eventStore, sessionId, departementId);
      const latest = versions[versions.length - 1];
      // The same creation retried (same command id): the decision it made.
      if (latest?.events.some((e) => e.metadata.correlationId === context.commandId)) {
        const last = latest.events[latest.events.length - 1]!;
        return { id: latest.id, revision: last.revision, position: last.position };
      }
      if (latest?.state.status === 'brouillon')
        throw new ConflictError(
          `La décision de ce département (version ${latest.numero}) est en préparation : actualisez-la plutôt.`,
        );
      const admissions = await departementAdmissions(
        eventStore,
        readStore,
        sessionId,
        departementId,
      );
      if (
        latest?.state.status === 'signee' &&
        sameCandidates(latest.state.candidats, admissions.candidats)
      )
        throw new ConflictError(
          `La décision de ce département (version ${latest.numero}) est signée et ses candidats admis n’ont pas changé : il n’y a pas de nouvelle décision à établir.`,
        );
      const numero = (latest?.numero ?? 0) + 1;
      const decisionId = admissionDecisionId(sessionId, departementId, numero);
      return onDecision(
        decisionId,
        {
          type: 'PrepareDecision',
          data: {
            decisionId,
            sessionId,
            departementId,
            numero,
            remplace: latest?.id ?? null,
            candidats: admissions.candidats,
            jurys: admissions.jurys,
          },
        },
        context,
      );
    },

    /** A draft's candidates read again from the results of now. */
    async refresh(
      decisionId: string,
      revision: number,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const state = await existing(decisionId);
      // Signed: refused whatever the version the client read.
      if (state.status !== 'brouillon') throw new ConflictError(SIGNED_DECISION);
      const admissions = await departementAdmissions(
        eventStore,
        readStore,
        state.sessionId,
        state.departementId,
      );
      return onDecision(
        decisionId,
        { type: 'RefreshDecision', data: admissions },
        context,
        revision,
      );
    },

    /**
     * The deposited signature applied to a draft (confirmed): what the decision prints is frozen
     * with it; the département's admitted candidates must still be those of the draft.
     */
    async sign(
      decisionId: string,
      input: { signatureVue?: number },
      revision: number,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const state = await existing(decisionId);
      if (state.status !== 'brouillon') throw new ConflictError(SIGNED_DECISION);
      const [admissions, contenu, signature, versions] = await Promise.all([
        departementAdmissions(eventStore, readStore, state.sessionId, state.departementId),
        decisionContentNow(eventStore, readStore, state.sessionId, state.departementId),
        currentMinisterSignature(eventStore),
        decisionVersions(eventStore, state.sessionId, state.departementId),
      ]);
      return onDecision(
        decisionId,
        {
          type: 'SignDecision',
          data: {
            candidatsActuels: admissions.candidats,
            contenu,
            signature,
            ...(input.signatureVue === undefined ? {} : { signatureVue: input.signatureVue }),
            referencesSignees: versions.flatMap((v) =>
              v.id !== decisionId && v.state.status === 'signee' && v.state.contenu
                ? [v.state.contenu.reference]
                : [],
            ),
            documentId: decisionDocumentId(decisionId),
          },
        },
        context,
        revision,
      );
    },
  };
};

export type AdmissionDecisionCommands = ReturnType<typeof admissionDecisionCommands>;

export const ADMISSION_DECISIONS_REACTOR = 'reacteur-decisions-admission';

/**
 * Reactor: a signed decision's PDF is asked of the workers (`DocumentRequested`, document
 * `decision-<decisionId>`: one per decision, so an event seen twice asks once), and once made its
 * SHA-256 is recorded on the decision (`AdmissionDecisionSealed`). Both steps are idempotent.
 */
export const admissionDecisionsReactor = (eventStore: EventStore): Projection => ({
  name: ADMISSION_DECISIONS_REACTOR,
  version: 1,
  collections: [],
  eventTypes: ['AdmissionDecisionSigned', 'DocumentGenerated'],
  async apply(recorded) {
    const context = (suffix: string) => ({
      commandId: `${recorded.id}/${suffix}`,
      causationId: recorded.id,
      actor: recorded.metadata.actor,
      now: recorded.metadata.at,
    });
    if (recorded.type === 'AdmissionDecisionSigned') {
      const signed = recorded as RecordedEvent<AdmissionDecisionSigned>;
      const { decisionId, documentId, sessionId, departementId, contenu } = signed.data;
      const stream = streamName(DOCUMENT_CATEGORY, documentId);
      if ((await eventStore.readStream(stream, { maxCount: 1 })).length > 0) return;
      await handleCommand(eventStore, {
        stream,
        decider: documentDecider,
        command: {
          type: 'RequestDocument',
          data: {
            documentId,
            kind: 'decision-admission',
            cible: {
              sessionId,
              departementId,
              decisionId,
              libelle: `Département : ${contenu.departement.libelle} — décision n° ${contenu.reference}`,
            },
          },
        },
        context: context('document'),
      });
      return;
    }
    const generated = recorded as RecordedEvent<DocumentGenerated>;
    const decisionId = decisionIdOfDocument(generated.data.documentId);
    if (!decisionId) return;
    const { state } = await readDecision(eventStore, decisionId);
    if (state.status !== 'signee' || state.sha256 !== null) return;
    await handleCommand(eventStore, {
      stream: streamName(DECISION_CATEGORY, decisionId),
      decider: admissionDecisionDecider,
      command: {
        type: 'SealDecision',
        data: {
          decisionId,
          documentId: generated.data.documentId,
          sha256: generated.data.sha256,
          taille: generated.data.size,
          pages: generated.data.pages,
        },
      },
      context: context('scelle'),
    });
  },
});

/** What a decision's PDF is made of. */
export interface DecisionDocumentSource {
  readonly contenu: DecisionContent;
  readonly candidats: readonly DecisionCandidate[];
  /** Signed: the signature applied (its stored image), when and by whom. */
  readonly signature: (SignatureVersion & { appliqueeLe: string; appliqueePar: string }) | null;
  /** The decision's version (0: no decision prepared yet). */
  readonly numero: number;
  /** A draft that could not list every candidate yet (a jury still deliberating…). */
  readonly avertissement: string | null;
}

/**
 * A decision's PDF: a signed decision's from what its signature froze (nothing read now); a draft
 * for a département from the data of now — the candidates of its draft decision if there is one,
 * else those the results admit now (with a warning when a jury has not closed).
 */
export const decisionDocumentSource = async (
  eventStore: EventStore,
  readStore: ReadStore,
  cible: { sessionId: string; departementId?: string; decisionId?: string },
): Promise<DecisionDocumentSource> => {
  if (cible.decisionId) {
    const { events } = await readDecision(eventStore, cible.decisionId);
    const signed = events.find((e) => e.type === 'AdmissionDecisionSigned') as
      RecordedEvent<AdmissionDecisionSigned> | undefined;
    if (!signed) throw new Error('décision non signée');
    return {
      contenu: signed.data.contenu,
      candidats: signed.data.candidats,
      signature: {
        ...signed.data.signature,
        appliqueeLe: signed.metadata.at,
        appliqueePar: signed.metadata.actor.name,
      },
      numero: signed.data.numero,
      avertissement: null,
    };
  }
  const departementId = cible.departementId;
  if (!departementId) throw new Error('décision sans département');
  const contenu = await decisionContentNow(eventStore, readStore, cible.sessionId, departementId);
  const versions = await decisionVersions(eventStore, cible.sessionId, departementId);
  const latest = versions[versions.length - 1];
  if (latest?.state.status === 'brouillon')
    return {
      contenu,
      candidats: latest.state.candidats,
      signature: null,
      numero: latest.numero,
      avertissement: null,
    };
  try {
    const { candidats } = await departementAdmissions(
      eventStore,
      readStore,
      cible.sessionId,
      departementId,
    );
    return {
      contenu,
      candidats,
      signature: null,
      numero: (latest?.numero ?? 0) + 1,
      avertissement: null,
    };
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // The results frozen so far, with what keeps the list from being whole.
    const metiers = new Map(
      (await readAllItems(readStore, 'metiers')).map((m) => [m.id, text(m.libelle)]),
    );
    const candidats: DecisionCandidate[] = [];
    for await (const r of readStore.collection<ResultDocument>(resultsCollection).stream({
      filter: { sessionId: cible.sessionId, departementId, admis: true },
      sort: [{ field: 'nom', order: 'ASC' }],
    }))
      candidats.push({
        candidatureId: r.candidatureId,
        numeroCandidat: r.numeroCandidat,
        nom: r.nom,
        prenoms: r.prenoms,
        sexe: r.sexe,
        dateNaissance: r.dateNaissance,
        lieuNaissance: r.lieuNaissance,
        metierId: r.metierId,
        metier: metiers.get(r.metierId) ?? '',
        juryId: r.juryId,
      });
    return {
      contenu,
      candidats: sortDecisionCandidates(candidats),
      signature: null,
      numero: (latest?.numero ?? 0) + 1,
      avertissement: `Projet incomplet : ${error.message}`,
    };
  }
};
