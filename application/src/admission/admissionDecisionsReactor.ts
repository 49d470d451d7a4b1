import {
  admissionDecisionDecider,
  DECISION_CATEGORY,
  decisionIdOfDocument,
  DOCUMENT_CATEGORY,
  documentDecider,
  streamName,
  type AdmissionDecisionSigned,
  type DocumentGenerated,
  type RecordedEvent,
} from '@examens-pro/domain';
import { handleCommand, type EventStore, type Projection } from '@examens-pro/platform';
import { readDecision } from './admissionDecisionReads.js';

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
