import { useEffect } from 'react';
import { getPublic } from '../public/publicApi';
import { createStore, useStore } from './store';

/**
 * How the server takes online payments (`GET /api/public/paiements/mode`, PAYMENT_PROVIDER): not
 * at all (the fees are paid at the counter), through a provider, or in « Mode démonstration » —
 * which the payment page and every dashboard page then say in a banner.
 */
export interface PaymentMode {
  /** Not known yet (or the server did not answer). */
  readonly loaded: boolean;
  readonly enLigne: boolean;
  readonly demonstration: boolean;
  /** Why there is none, and where to pay (French), when `enLigne` is false. */
  readonly message?: string;
}

export const DEMONSTRATION_BANNER = 'Mode démonstration : aucun paiement réel';

const paymentModeStore = createStore<PaymentMode>({
  loaded: false,
  enLigne: false,
  demonstration: false,
});
let asked: Promise<void> | undefined;

/** Asked once per page load: the server's configuration does not change while it runs. */
const ask = (): Promise<void> =>
  (asked ??= getPublic<Omit<PaymentMode, 'loaded'>>('paiements/mode').then((reply) => {
    if (reply.body)
      paymentModeStore.set({
        loaded: true,
        enLigne: reply.body.enLigne === true,
        demonstration: reply.body.demonstration === true,
        message: reply.body.message,
      });
    // Unanswered: asked again on the next use.
    else asked = undefined;
  }));

export const usePaymentMode = (): PaymentMode => {
  useEffect(() => void ask(), []);
  return useStore(paymentModeStore);
};
