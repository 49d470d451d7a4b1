import {
  assertNever,
  DOCUMENT_EVENT_TYPES,
  DOCUMENT_KINDS,
  documentFileName,
  documentsCollection,
  type DocumentDocument,
  type DocumentEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';

/** Requested documents and their outcome; fed by one stream per document. */
export const documentsProjection: Projection = {
  name: 'documents',
  // 2: targets (exam lists) and sendings; 3: the centre de dépôt whose candidates it holds.
  version: 3,
  collections: [documentsCollection],
  eventTypes: DOCUMENT_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<DocumentEvent>;
    const current = await context.get<DocumentDocument>(documentsCollection, event.data.documentId);
    if (current && current.version >= event.revision) return;
    switch (event.type) {
      case 'DocumentRequested': {
        const kind = DOCUMENT_KINDS[event.data.kind];
        const { cible } = event.data;
        context.put<DocumentDocument>(documentsCollection, {
          id: event.data.documentId,
          version: event.revision,
          kind: event.data.kind,
          ...(cible ? { cible } : {}),
          centreDepotId: cible?.centreDepotId ?? null,
          libelle: cible ? `${kind.label} — ${cible.libelle}` : kind.label,
          fichier: documentFileName(event.data.kind, cible),
          statut: 'demande',
          demandeLe: event.metadata.at,
          demandePar: event.metadata.actor.name,
        });
        return;
      }
      case 'DocumentGenerated':
        if (!current) return;
        context.put<DocumentDocument>(documentsCollection, {
          ...current,
          version: event.revision,
          statut: 'genere',
          sha256: event.data.sha256,
          taille: event.data.size,
          pages: event.data.pages,
          genereLe: event.metadata.at,
        });
        return;
      case 'DocumentSent':
        if (!current) return;
        context.put<DocumentDocument>(documentsCollection, {
          ...current,
          version: event.revision,
          envoyeA: event.data.destinataires,
          envoyeLe: event.metadata.at,
          envoi: event.data.envoi,
          referenceEnvoi: event.data.reference,
        });
        return;
      case 'DocumentFailed':
        if (!current) return;
        context.put<DocumentDocument>(documentsCollection, {
          ...current,
          version: event.revision,
          statut: 'echec',
          raison: event.data.reason,
        });
        return;
      default:
        assertNever(event);
    }
  },
};
