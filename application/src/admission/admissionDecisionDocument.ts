import {
  ConflictError,
  resultsCollection,
  decisionCandidateOf,
  sortDecisionCandidates,
  type AdmissionDecisionSigned,
  type DecisionCandidate,
  type DecisionContent,
  type RecordedEvent,
  type ResultDocument,
  type SignatureVersion,
} from '@examens-pro/domain';
import type { EventStore, ReadStore } from '@examens-pro/platform';
import { readAllItems } from '../allocation/examLists.js';
import { text } from './admissionDecisionItems.js';
import {
  decisionContentNow,
  decisionVersions,
  departementAdmissions,
  readDecision,
} from './admissionDecisionReads.js';

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
      candidats.push(decisionCandidateOf(r, metiers.get(r.metierId) ?? '', r.juryId));
    return {
      contenu,
      candidats: sortDecisionCandidates(candidats),
      signature: null,
      numero: (latest?.numero ?? 0) + 1,
      avertissement: `Projet incomplet : ${error.message}`,
    };
  }
};
