import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, rateLimitsOf } from '../config/config.js';
import { tooManyRequestsMessage } from './rateLimit.js';
import { contentSecurityPolicy, trustProxyOf } from './security.js';

const withDataDir = (env: Record<string, string>) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
  try {
    return loadConfig({ DATA_DIR: dataDir, ...env });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

describe('TRUSTED_PROXIES', () => {
  it('trusts nobody by default: X-Forwarded-* are then ignored', () => {
    expect(withDataDir({}).trustedProxies).toEqual([]);
    expect(trustProxyOf(withDataDir({ TRUSTED_PROXIES: '' }).trustedProxies)).toBe(false);
  });

  it('reads addresses, CIDR ranges and proxy-addr’s names, separated by commas', () => {
    const list = withDataDir({
      TRUSTED_PROXIES: '172.28.0.10, 10.0.0.0/8,fd00::/8 , loopback',
    }).trustedProxies;
    expect(list).toEqual(['172.28.0.10', '10.0.0.0/8', 'fd00::/8', 'loopback']);
    expect(trustProxyOf(list)).toEqual(list);
  });

  it('refuses anything else in French', () => {
    for (const entry of ['gateway', '10.0.0.0/33', '10.0.0.1/8/2', '*', 'true'])
      expect(() => withDataDir({ TRUSTED_PROXIES: entry })).toThrow(
        new ConfigError(
          `TRUSTED_PROXIES invalide : « ${entry} » (adresse IP ou plage CIDR attendue, séparées par des virgules)`,
        ),
      );
  });
});

describe('rate limits', () => {
  it('allow 30 sign-in POSTs a minute per address by default, and follow the environment', () => {
    expect(rateLimitsOf({}).auth).toEqual({ max: 30, windowSeconds: 60 });
    expect(
      rateLimitsOf({ AUTH_RATE_LIMIT_MAX: '5', AUTH_RATE_LIMIT_WINDOW_SECONDS: '10' }).auth,
    ).toEqual({ max: 5, windowSeconds: 10 });
    expect(rateLimitsOf({}).public).toEqual({
      resultats: { max: 600, windowSeconds: 60 },
      verifications: { max: 120, windowSeconds: 60 },
      paiements: { max: 60, windowSeconds: 60 },
      notifications: { max: 600, windowSeconds: 60 },
      pages: { max: 600, windowSeconds: 60 },
    });
    expect(rateLimitsOf({ PUBLIC_RESULTS_RATE_LIMIT_MAX: '9' }).public?.resultats.max).toBe(9);
    expect(() => rateLimitsOf({ AUTH_RATE_LIMIT_MAX: '0' })).toThrow(
      new ConfigError('AUTH_RATE_LIMIT_MAX invalide : 0 (nombre entier positif attendu)'),
    );
    expect(withDataDir({ AUTH_RATE_LIMIT_MAX: '7' }).rateLimits.auth.max).toBe(7);
  });

  it('say the wait in French', () => {
    expect(tooManyRequestsMessage(1)).toBe(
      'Trop de tentatives depuis cette adresse. Réessayez dans 1 seconde.',
    );
    expect(tooManyRequestsMessage(42)).toBe(
      'Trop de tentatives depuis cette adresse. Réessayez dans 42 secondes.',
    );
  });
});

describe('Content-Security-Policy', () => {
  it('allows no inline script, no eval, and no framing', () => {
    const policy = contentSecurityPolicy();
    expect(policy).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).not.toMatch(/upgrade-insecure-requests/);
  });
});
