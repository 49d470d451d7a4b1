import { describe, it } from '@jest/globals';
import { ConflictError, NotFoundError } from '../core/errors.js';
import { DeciderSpecification } from '../core/testing.js';
import { documentDecider, type DocumentEvent } from './document.js';

const spec = DeciderSpecification.for(documentDecider);
const requested: DocumentEvent = {
  type: 'DocumentRequested',
  data: { documentId: 'd', kind: 'liste-metiers' },
};
const outcome = {
  documentId: 'd',
  fileName: 'liste-des-metiers.pdf',
  sha256: 'ab',
  size: 10,
  pages: 1,
};

describe('Document', () => {
  it('is requested once', () => {
    spec
      .given([])
      .when({ type: 'RequestDocument', data: { documentId: 'd', kind: 'liste-metiers' } })
      .then([requested]);
    spec
      .given([requested])
      .when({ type: 'RequestDocument', data: { documentId: 'd', kind: 'liste-metiers' } })
      .thenThrows(ConflictError);
  });
  it('records its generation once, even when the worker retries', () => {
    spec
      .given([requested])
      .when({ type: 'RecordDocumentGenerated', data: outcome })
      .then([{ type: 'DocumentGenerated', data: outcome }]);
    spec
      .given([requested, { type: 'DocumentGenerated', data: outcome }])
      .when({ type: 'RecordDocumentGenerated', data: outcome })
      .then([]);
  });
  it('records a failure only while requested, and nothing for an unknown document', () => {
    spec
      .given([requested])
      .when({ type: 'RecordDocumentFailed', data: { documentId: 'd', reason: 'x' } })
      .then([{ type: 'DocumentFailed', data: { documentId: 'd', reason: 'x' } }]);
    spec
      .given([requested, { type: 'DocumentGenerated', data: outcome }])
      .when({ type: 'RecordDocumentFailed', data: { documentId: 'd', reason: 'x' } })
      .then([]);
    spec
      .given([])
      .when({ type: 'RecordDocumentGenerated', data: outcome })
      .thenThrows(NotFoundError);
  });
});
