/** A dossier's payments: online or at the counter, real or of the sandbox, and what they count. */
import { DEMONSTRATION_PROVIDER, type PaymentState } from './candidatureTypes.js';

/**
 * An online payment's own fields (none for a staff payment): from a command to its event, to state.
 * A sandbox payment recorded before demonstrations were marked (its provider says so) is one all the
 * same: never counted, as no money moved.
 */
export const onlinePaymentOf = (payment: PaymentState): Partial<PaymentState> => {
  const fields: Partial<PaymentState> = Object.fromEntries(
    (
      [
        'canal',
        'fournisseur',
        'fournisseurLibelle',
        'referenceFournisseur',
        'paiementEnLigneId',
        'demonstration',
        'demonstrationComptee',
      ] as const
    )
      .filter((key) => payment[key] !== undefined)
      .map((key) => [key, payment[key]]),
  );
  return isDemonstrationPayment(payment)
    ? {
        ...fields,
        demonstration: true,
        demonstrationComptee: payment.demonstrationComptee === true,
      }
    : fields;
};

/** A payment of the sandbox (marked so, or by its provider's code): no money moved. */
export const isDemonstrationPayment = (
  payment: Pick<PaymentState, 'demonstration' | 'fournisseur'>,
): boolean => payment.demonstration === true || payment.fournisseur === DEMONSTRATION_PROVIDER;

/** Whether a payment counts toward the fee: every real one, a demonstration only when counted. */
export const countsTowardFee = (
  payment: Pick<PaymentState, 'demonstration' | 'demonstrationComptee' | 'fournisseur'>,
): boolean => !isDemonstrationPayment(payment) || payment.demonstrationComptee === true;

const fcfa = new Intl.NumberFormat('fr-FR');
/** « 10 000 FCFA », with a plain non-breaking space (readable everywhere, PDFs included). */
export const formatFcfa = (amount: number): string =>
  `${fcfa.format(amount).replace(/\u202f/g, '\u00a0')}\u00a0FCFA`;

/** How screens and receipts name a payment's channel: « Guichet », « En ligne (démonstration) ». */
export const paymentChannelLabel = (
  payment: Pick<PaymentState, 'canal' | 'fournisseurLibelle'>,
): string =>
  payment.canal === 'en-ligne'
    ? `En ligne${payment.fournisseurLibelle ? ` (${payment.fournisseurLibelle})` : ''}`
    : payment.canal === 'virement'
      ? 'Virement bancaire'
      : payment.canal === 'mobile-money'
        ? 'Mobile money'
        : 'Guichet';

/** Sums paid on a dossier: what counts toward its fee (demonstrations only when counted). */
export const amountPaid = (payments: readonly PaymentState[]): number =>
  payments.reduce((sum, p) => sum + (countsTowardFee(p) ? p.montant : 0), 0);

/** The sandbox's payments of a dossier that do not count toward its fee (shown apart). */
export const demonstrationAmount = (payments: readonly PaymentState[]): number =>
  payments.reduce((sum, p) => sum + (countsTowardFee(p) ? 0 : p.montant), 0);
