import {
  PAYMENT_STATEMENT_EVENT_TYPES,
  PAYMENT_STATEMENTS_PROJECTION,
  paymentStatementDocumentAfter,
  paymentStatementsCollection,
  type PaymentStatementDocument,
  type PaymentStatementEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';

/** The statements previewed, decided and applied (`GET /api/releves-paiement/:id`). */
export const paymentStatementsProjection: Projection = {
  name: PAYMENT_STATEMENTS_PROJECTION,
  version: 1,
  collections: [paymentStatementsCollection],
  eventTypes: PAYMENT_STATEMENT_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<PaymentStatementEvent>;
    const current = await context.get<PaymentStatementDocument>(
      paymentStatementsCollection,
      event.data.releveId,
    );
    // Delivered twice: the document already reflects it.
    if (current && current.version >= event.revision) return;
    const next = paymentStatementDocumentAfter(current, event);
    if (next) context.put<PaymentStatementDocument>(paymentStatementsCollection, next);
  },
};
