import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@examens-pro/platform';
import { opensslAvailable, opensslPkcs12 } from '@examens-pro/platform/testing/pkcs12';
import {
  depositSigningCertificate,
  ensureSigningCertificate,
  usableSigningCertificate,
} from './signingCertificates.js';

const KEY_A = 'cle-du-serveur-d-origine-cle-du-serveur-a';
const KEY_B = 'cle-du-serveur-de-restauration-cle-du-b';

/**
 * A backup restored on a server with another key (the session secret is not kept in backups): the
 * demonstration certificate it cannot open is replaced by a new one; the office's own certificate
 * is not — it must be deposited again, and documents say so in French meanwhile.
 */
describe('the signing certificate after a restore under another key', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'certificat-restaure-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('replaces a demonstration certificate it cannot open, once', async () => {
    const store = new SqliteEventStore({ filename: join(dir, 'demo.db') });
    try {
      const first = await ensureSigningCertificate(store, KEY_A);
      const usable = await usableSigningCertificate(store, KEY_B);
      expect(usable.certificate).toMatchObject({ numero: 2, demonstration: true });
      expect(usable.certificate.empreinte).not.toBe(first.empreinte);
      // Then it is the one in service: no third.
      expect((await usableSigningCertificate(store, KEY_B)).certificate.numero).toBe(2);
    } finally {
      await store.close();
    }
  });

  (opensslAvailable() ? it : it.skip)(
    'never replaces the office’s own certificate: it is deposited again',
    async () => {
      const store = new SqliteEventStore({ filename: join(dir, 'bureau.db') });
      try {
        await ensureSigningCertificate(store, KEY_A);
        await depositSigningCertificate(
          store,
          KEY_A,
          {
            p12: opensslPkcs12('/CN=Bureau des examens/C=CM', 'secret'),
            passphrase: 'secret',
            nomFichier: 'bureau.p12',
          },
          { commandId: 'depot', actor: { id: 'a', name: 'Agent' }, now: new Date().toISOString() },
        );
        await expect(usableSigningCertificate(store, KEY_B)).rejects.toThrow(
          /ne s’ouvre pas avec la clé CERTIFICATE_KEY/,
        );
        expect((await usableSigningCertificate(store, KEY_A)).certificate.numero).toBe(2);
      } finally {
        await store.close();
      }
    },
  );
});
