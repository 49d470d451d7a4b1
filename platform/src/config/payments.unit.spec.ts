import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMONSTRATION_PAYMENTS_WARNING, loadConfig, paymentWarning } from './config.js';

/**
 * PAYMENT_PROVIDER: unset means no online payment; the sandbox only when
 * chosen, and then every process that reads its configuration warns of it as it starts.
 */
describe('PAYMENT_PROVIDER in a process’s configuration', () => {
  const started = (env: NodeJS.ProcessEnv) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    const warnings: string[] = [];
    try {
      const config = loadConfig({ DATA_DIR: dataDir, ...env }, (m) => warnings.push(m));
      return { provider: config.payments.provider, warnings };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  it('offers no online payment when unset (or empty), and warns of nothing', () => {
    expect(started({})).toEqual({ provider: 'aucun', warnings: [] });
    expect(started({ PAYMENT_PROVIDER: ' ' })).toEqual({ provider: 'aucun', warnings: [] });
    expect(started({ PAYMENT_PROVIDER: 'aucun' })).toEqual({ provider: 'aucun', warnings: [] });
  });

  it('takes the sandbox only when chosen, and warns of it at every start', () => {
    expect(started({ PAYMENT_PROVIDER: 'demonstration' })).toEqual({
      provider: 'demonstration',
      warnings: [DEMONSTRATION_PAYMENTS_WARNING],
    });
    // A second start (another process, a restart): warned again.
    expect(started({ PAYMENT_PROVIDER: 'demonstration' }).warnings).toEqual([
      DEMONSTRATION_PAYMENTS_WARNING,
    ]);
    expect(DEMONSTRATION_PAYMENTS_WARNING).toContain('mode démonstration : aucun paiement réel');
    expect(
      started({
        PAYMENT_PROVIDER: 'webhook',
        PAYMENT_WEBHOOK_SECRET: 'secret-du-webhook-0123456789',
        PAYMENT_CHECKOUT_URL: 'https://paiement.example/caisse',
      }),
    ).toEqual({ provider: 'webhook', warnings: [] });
    expect(paymentWarning({ provider: 'aucun', providerName: 'x' })).toBeUndefined();
  });

  it('refuses an unknown provider in French', () => {
    expect(() => started({ PAYMENT_PROVIDER: 'paypal' })).toThrow(
      'PAYMENT_PROVIDER invalide : paypal (« webhook », « demonstration » ou rien attendu)',
    );
  });
});
