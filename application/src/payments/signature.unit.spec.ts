import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { InvalidSignatureError, SIGNATURE_EXPIRED, SIGNATURE_INVALID } from '@examens-pro/domain';
import { ConfigError, paymentConfigOf } from '@examens-pro/platform';
import { demonstrationProvider, paymentProvidersOf, webhookProvider } from './providers.js';
import { signNotification, verifyNotificationSignature } from './signature.js';

const SECRET = 'secret-partage-avec-le-fournisseur';
const NOW = 1_767_225_600_000;
const T = NOW / 1000;
const body = Buffer.from('{"id":"n-1","statut":"paye"}');

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidSignatureError);
    return (error as Error).message;
  }
  throw new Error('signature acceptée');
};

describe('Notification signatures (HMAC-SHA256 of "<t>.<raw body>")', () => {
  it('signs as docs/http-contract.md says, and verifies what it signed', () => {
    const expected = createHmac('sha256', SECRET).update(`${T}.${body.toString()}`).digest('hex');
    const header = signNotification(SECRET, body, T);
    expect(header).toBe(`t=${T},v1=${expected}`);
    expect(verifyNotificationSignature(SECRET, body, header, NOW)).toBe(T);
  });

  it('accepts any v1 that matches (a secret being replaced)', () => {
    const good = signNotification(SECRET, body, T).split(',')[1]!;
    expect(
      verifyNotificationSignature(SECRET, body, `t=${T},v1=${'0'.repeat(64)},${good}`, NOW),
    ).toBe(T);
  });

  it('refuses an absent, malformed or wrong signature, another body, another secret', () => {
    expect(refusal(() => verifyNotificationSignature(SECRET, body, undefined, NOW))).toBe(
      SIGNATURE_INVALID,
    );
    expect(refusal(() => verifyNotificationSignature(SECRET, body, 'v1=abc', NOW))).toBe(
      SIGNATURE_INVALID,
    );
    const header = signNotification(SECRET, body, T);
    expect(
      refusal(() =>
        verifyNotificationSignature(SECRET, Buffer.from(`${body.toString()} `), header, NOW),
      ),
    ).toBe(SIGNATURE_INVALID);
    expect(
      refusal(() => verifyNotificationSignature('un-autre-secret-encore', body, header, NOW)),
    ).toBe(SIGNATURE_INVALID);
    // The same signature under another timestamp: the timestamp is signed too.
    expect(
      refusal(() =>
        verifyNotificationSignature(SECRET, body, header.replace(`t=${T}`, `t=${T + 1}`), NOW),
      ),
    ).toBe(SIGNATURE_INVALID);
  });

  it('refuses a good signature older or later than 5 minutes', () => {
    expect(
      verifyNotificationSignature(SECRET, body, signNotification(SECRET, body, T - 300), NOW),
    ).toBe(T - 300);
    expect(
      refusal(() =>
        verifyNotificationSignature(SECRET, body, signNotification(SECRET, body, T - 301), NOW),
      ),
    ).toBe(SIGNATURE_EXPIRED);
    expect(
      refusal(() =>
        verifyNotificationSignature(SECRET, body, signNotification(SECRET, body, T + 301), NOW),
      ),
    ).toBe(SIGNATURE_EXPIRED);
  });

  it('the sandbox signs the notifications a real provider would send; the webhook needs its secret', () => {
    const sandbox = demonstrationProvider();
    const paiementEnLigneId = '0f3c2a9e-1b2c-4d5e-8f90-123456789abc';
    const sent = sandbox.notify({ paiementEnLigneId, montant: 25000 }, NOW);
    expect(sandbox.verify(sent.body, sent.signature, NOW)).toMatchObject({
      paiementEnLigneId,
      statut: 'paye',
      montant: 25000,
    });
    // Another sandbox (another process's secret) cannot be imitated.
    expect(() => demonstrationProvider().verify(sent.body, sent.signature, NOW)).toThrow(
      InvalidSignatureError,
    );
    expect(() =>
      webhookProvider({ libelle: 'PayTest' }).verify(sent.body, sent.signature, NOW),
    ).toThrow(
      'Les notifications du fournisseur de paiement ne sont pas configurées sur ce serveur (PAYMENT_WEBHOOK_SECRET).',
    );
  });
});

describe('Online payments configuration (PAYMENT_*)', () => {
  it('offers no online payment by default; the sandbox only when chosen', () => {
    expect(paymentConfigOf({})).toEqual({
      provider: 'aucun',
      providerName: 'fournisseur de paiement',
    });
    const none = paymentProvidersOf(paymentConfigOf({}));
    expect([none.current, none.demonstration]).toEqual([undefined, undefined]);
    const sandbox = paymentProvidersOf(paymentConfigOf({ PAYMENT_PROVIDER: 'demonstration' }));
    expect([sandbox.current?.code, sandbox.demonstration?.code]).toEqual([
      'demonstration',
      'demonstration',
    ]);
  });

  it('takes a real provider with its secret and payment page, and says in French what is missing', () => {
    const config = paymentConfigOf({
      PAYMENT_PROVIDER: 'webhook',
      PAYMENT_WEBHOOK_SECRET: SECRET,
      PAYMENT_PROVIDER_NAME: 'PayTest',
      PAYMENT_CHECKOUT_URL: 'https://paiement.example/caisse',
    });
    const providers = paymentProvidersOf(config);
    expect([providers.current?.code, providers.current?.libelle, providers.demonstration]).toEqual([
      'webhook',
      'PayTest',
      undefined,
    ]);
    expect(() => paymentConfigOf({ PAYMENT_PROVIDER: 'webhook' })).toThrow(
      'PAYMENT_PROVIDER=webhook demande PAYMENT_WEBHOOK_SECRET et PAYMENT_CHECKOUT_URL.',
    );
    expect(() => paymentConfigOf({ PAYMENT_PROVIDER: 'paypal' })).toThrow(ConfigError);
    expect(() => paymentConfigOf({ PAYMENT_WEBHOOK_SECRET: 'court' })).toThrow(
      'PAYMENT_WEBHOOK_SECRET doit compter au moins 16 caractères.',
    );
    expect(() => paymentConfigOf({ PAYMENT_CHECKOUT_URL: 'ftp://x' })).toThrow(ConfigError);
  });
});
