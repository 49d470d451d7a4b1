/**
 * What admission decisions read: the minister's current signature, a decision's number and
 * content now, a département's admitted candidates from the juries' own deliberation streams, and
 * the decisions' versions.
 */
import {
  admissionDecisionDecider,
  admissionDecisionId,
  candidaturesCollection,
  ConflictError,
  DECISION_CATEGORY,
  DELIBERATION_CATEGORY,
  deliberationDecider,
  fold,
  REFERENCES_DECISIONS,
  signatureVersionOf,
  decisionCandidateOf,
  sortDecisionCandidates,
  streamName,
  uniqueKeysOf,
  type AdmissionDecision,
  type AdmissionDecisionEvent,
  type CandidatureDocument,
  type DecisionCandidate,
  type DecisionContent,
  type DecisionJury,
  type DeliberationEvent,
  type RecordedEvent,
  type SignatureVersion,
} from '@examens-pro/domain';
import { uniqueValueHolder, type EventStore, type ReadStore } from '@examens-pro/platform';
import { readAllItems } from '../allocation/examLists.js';
import { sessionState } from '../grades/grades.js';
import {
  collator,
  departementOf,
  ids,
  itemOf,
  plural,
  SIGNATURE_STREAM,
  text,
  type Doc,
} from './admissionDecisionItems.js';

/** The minister's current signature (the last deposit), or null when none was deposited. */
export const currentMinisterSignature = async (
  eventStore: EventStore,
): Promise<SignatureVersion | null> => {
  const recorded = await eventStore.readStream(SIGNATURE_STREAM);
  const last = recorded[recorded.length - 1];
  return last ? signatureVersionOf(last) : null;
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
        candidats.push(decisionCandidateOf(r, metierOf.get(r.metierId) ?? '', jury.id));
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
