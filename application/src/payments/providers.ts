import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEMONSTRATION_LABEL,
  DEMONSTRATION_PROVIDER,
  parseProviderNotification,
  PaymentUnavailableError,
  ValidationError,
  WEBHOOK_NOT_CONFIGURED,
  type ProviderNotification,
} from '@examens-pro/domain';
import type { PaymentConfig } from '@examens-pro/platform';
import { signNotification, verifyNotificationSignature } from './signature.js';

/** An online payment about to be paid, as a provider's payment page needs it. */
export interface CheckoutRequest {
  readonly paiementEnLigneId: string;
  readonly montant: number;
  /** Where the provider sends the browser back (the public page, absolute). */
  readonly returnUrl: string;
}

/**
 * The port of a payment provider: where the browser goes to pay, and the provider's notifications
 * checked (signature over the raw body, timestamp within 5 minutes) and read.
 */
export interface PaymentProvider {
  /** Recorded on every payment it confirms (`demonstration`: the sandbox). */
  readonly code: string;
  /** Its name as screens and receipts show it (« démonstration »). */
  readonly libelle: string;
  /** The address the browser goes to, to pay (a path of the product for the sandbox). */
  checkout(request: CheckoutRequest): string;
  /** A notification's content once its signature is checked: 401, or 503 without a secret. */
  verify(body: Buffer, signature: string | undefined, nowMs: number): ProviderNotification;
}

/** The sandbox: it « pays » by signing the notification a real provider would send. */
export interface DemonstrationProvider extends PaymentProvider {
  notify(
    payment: { paiementEnLigneId: string; montant: number },
    nowMs: number,
  ): { body: Buffer; signature: string };
}

const notificationOf = (body: Buffer): ProviderNotification => {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ValidationError('Le contenu envoyé n’est pas un JSON valide.');
  }
  return parseProviderNotification(json);
};

/**
 * The sandbox provider (« Mode démonstration »): the browser stays on the public page, whose
 * demonstration step asks the sandbox to pay; the sandbox then signs a notification with a secret
 * of its own (this process's, the same HMAC scheme as a real provider's), which takes the path every
 * notification takes. No money moves: every payment it confirms says « démonstration ».
 */
export const demonstrationProvider = (
  secret: string = randomBytes(32).toString('hex'),
): DemonstrationProvider => ({
  code: DEMONSTRATION_PROVIDER,
  libelle: DEMONSTRATION_LABEL,
  checkout: ({ paiementEnLigneId }) =>
    `/paiement?etape=demonstration&paiement=${encodeURIComponent(paiementEnLigneId)}`,
  verify: (body, signature, nowMs) => {
    verifyNotificationSignature(secret, body, signature, nowMs);
    return notificationOf(body);
  },
  notify: ({ paiementEnLigneId, montant }, nowMs) => {
    const body = Buffer.from(
      JSON.stringify({
        id: `demo-${randomUUID()}`,
        paiementEnLigneId,
        statut: 'paye',
        reference: `DEMO-${randomBytes(6).toString('hex').toUpperCase()}`,
        montant,
        devise: 'XAF',
      }),
    );
    return { body, signature: signNotification(secret, body, Math.floor(nowMs / 1000)) };
  },
});

/**
 * A real provider behind a signed webhook: the browser goes to its payment page
 * (PAYMENT_CHECKOUT_URL with the payment's id, amount and the return address), and it confirms by
 * `POST /api/public/paiements/notifications`, signed with PAYMENT_WEBHOOK_SECRET
 * (docs/http-contract.md « Online payment »). Without the secret every notification is refused
 * (503): nothing can be checked.
 */
export const webhookProvider = (config: {
  readonly secret?: string;
  readonly libelle: string;
  readonly checkoutUrl?: string;
}): PaymentProvider => ({
  code: 'webhook',
  libelle: config.libelle,
  checkout: ({ paiementEnLigneId, montant, returnUrl }) => {
    if (!config.checkoutUrl)
      throw new PaymentUnavailableError(
        'Le paiement en ligne n’est pas configuré sur ce serveur (PAYMENT_CHECKOUT_URL).',
      );
    const url = new URL(config.checkoutUrl);
    url.searchParams.set('paiement', paiementEnLigneId);
    url.searchParams.set('montant', String(montant));
    url.searchParams.set('devise', 'XAF');
    url.searchParams.set('retour', returnUrl);
    return url.toString();
  },
  verify: (body, signature, nowMs) => {
    if (!config.secret) throw new PaymentUnavailableError(WEBHOOK_NOT_CONFIGURED);
    verifyNotificationSignature(config.secret, body, signature, nowMs);
    return notificationOf(body);
  },
});

/** The providers a configuration makes: the one payments start with, and both notifiers. */
export interface PaymentProviders {
  /** PAYMENT_PROVIDER's: where new payments go; none (unset): no online payment at all. */
  readonly current?: PaymentProvider;
  /** The real provider's webhook (503 without PAYMENT_WEBHOOK_SECRET). */
  readonly webhook: PaymentProvider;
  /** The sandbox, only when PAYMENT_PROVIDER is `demonstration`. */
  readonly demonstration?: DemonstrationProvider;
}

export const paymentProvidersOf = (config: PaymentConfig): PaymentProviders => {
  const webhook = webhookProvider({
    secret: config.webhookSecret,
    libelle: config.providerName,
    checkoutUrl: config.checkoutUrl,
  });
  if (config.provider === 'webhook') return { current: webhook, webhook };
  if (config.provider !== 'demonstration') return { webhook };
  const demonstration = demonstrationProvider();
  return { current: demonstration, webhook, demonstration };
};
