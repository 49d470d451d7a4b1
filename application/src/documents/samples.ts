import { createHash } from 'node:crypto';
import { DOCUMENT_CATEGORY, documentDecider, streamName, type Actor } from '@examens-pro/domain';
import { handleCommand, newItemId } from '@examens-pro/platform';
import type { AggregateSamples } from '../sampleScope.js';

export const documents: AggregateSamples = {
  name: 'documents',
  provides: [DOCUMENT_CATEGORY],
  weight: 2,
  async story(scope, n) {
    const context = scope.context();
    const documentId = newItemId(context.commandId);
    const stream = streamName(DOCUMENT_CATEGORY, documentId);
    await handleCommand(scope.eventStore, {
      stream,
      decider: documentDecider,
      command: { type: 'RequestDocument', data: { documentId, kind: 'liste-metiers' } },
      context,
    });
    // The outcome a worker records (the file itself is not made here).
    const worker: Actor = { id: 'generateur-documents', name: 'Générateur de documents' };
    await handleCommand(scope.eventStore, {
      stream,
      decider: documentDecider,
      command:
        n % 4 === 0
          ? {
              type: 'RecordDocumentFailed',
              data: { documentId, reason: 'Génération impossible : essai' },
            }
          : {
              type: 'RecordDocumentGenerated',
              data: {
                documentId,
                fileName: 'liste-des-metiers.pdf',
                sha256: createHash('sha256').update(documentId).digest('hex'),
                size: 1000 + n,
                pages: 1 + (n % 40),
              },
            },
      context: { ...scope.context(worker), causationId: context.commandId },
    });
  },
};
