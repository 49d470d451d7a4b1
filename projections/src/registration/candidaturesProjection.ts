import {
  CANDIDATURE_EVENT_TYPES,
  CANDIDATURES_PROJECTION,
  candidatureDocumentAfter,
  candidaturesCollection,
  type CandidatureDocument,
  type CandidatureEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';
import { ALREADY_SEEN, documentBefore } from '../support.js';

/**
 * The `candidatures` list: one document per dossier, its identity flattened, its statut; the
 * document is the domain's (`candidatureDocumentAfter`), the one the « as it stood » view replays.
 */
export const candidaturesProjection: Projection = {
  name: CANDIDATURES_PROJECTION,
  // 2: pièces justificatives and payments; 3: allocation (site, numbers, « inscrit »); 4: the
  // sandbox's payments apart, counted only as their session said (`montantDemonstration`); 5: the
  // pièces « à vérifier » counted (`piecesAVerifier`, the pièces' review queue).
  version: 5,
  collections: [candidaturesCollection],
  eventTypes: CANDIDATURE_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<CandidatureEvent>;
    const id = event.data.candidatureId;
    const current = await documentBefore<CandidatureDocument>(
      context,
      candidaturesCollection,
      id,
      event,
    );
    if (current === ALREADY_SEEN) return;
    const next = candidatureDocumentAfter(current, event);
    if (next) context.put(candidaturesCollection, next);
    else if (current) context.delete(candidaturesCollection, id);
  },
};
