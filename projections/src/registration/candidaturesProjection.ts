import {
  assertNever,
  CANDIDATURE_EVENT_TYPES,
  CANDIDATURES_PROJECTION,
  candidaturesCollection,
  type CandidatureDocument,
  type CandidatureEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';
import { ALREADY_SEEN, createdStamp, documentBefore, stampOf } from '../support.js';

const nameOf = (values: Readonly<Record<string, unknown>>): string =>
  [values.nom, values.prenoms].filter((v) => typeof v === 'string' && v !== '').join(' ');

/** The `candidatures` list: one document per dossier, its identity flattened, its statut. */
export const candidaturesProjection: Projection = {
  name: CANDIDATURES_PROJECTION,
  version: 1,
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
    const stamp = stampOf(event);
    const put = (changes: Partial<CandidatureDocument>) => {
      if (current) context.put(candidaturesCollection, { ...current, ...changes, ...stamp });
    };
    switch (event.type) {
      case 'CandidatureCreated':
      case 'CandidatureModified': {
        const { sessionId, metierId, centreDepotId, values } = event.data;
        context.put(candidaturesCollection, {
          ...(current ?? {}),
          ...values,
          id,
          numeroDossier:
            event.type === 'CandidatureCreated'
              ? event.data.numeroDossier
              : (current?.numeroDossier ?? ''),
          sessionId,
          metierId,
          centreDepotId,
          libelle: nameOf(values),
          statut: current?.statut ?? 'brouillon',
          motifRejetId: current?.motifRejetId ?? null,
          commentaireRejet: current?.commentaireRejet ?? '',
          ...createdStamp(current, event),
          ...stamp,
        } satisfies CandidatureDocument);
        return;
      }
      case 'CandidatureSubmitted':
        return put({ statut: 'soumis' });
      case 'CandidatureValidated':
        return put({ statut: 'valide' });
      case 'CandidatureRejected':
        return put({
          statut: 'rejete',
          motifRejetId: event.data.motifId,
          commentaireRejet: event.data.commentaire,
        });
      case 'CandidatureWithdrawn':
        return put({ statut: 'desiste' });
      case 'CandidatureDeleted':
        context.delete(candidaturesCollection, id);
        return;
      default:
        assertNever(event);
    }
  },
};
