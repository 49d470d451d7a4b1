import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fold, streamName, USER_CATEGORY, userDecider, type UserEvent } from '@examens-pro/domain';
import { findUserByLogin } from '@examens-pro/application';
import {
  hashPassword,
  PASSWORD_HASHING,
  passwordHashParams,
  verifyPassword,
} from '@examens-pro/platform';
import { startTestApp } from '../testApp.js';

/**
 * Passwords are hashed with scrypt at OWASP's current minimum (N = 2^17,
 * r = 8, p = 1); a password stored with older parameters still signs in, and is hashed again with
 * the current ones at that sign-in. (Route tests hash at a lower cost, `passwordHashing`.)
 */
const dir = mkdtempSync(join(tmpdir(), 'mots-de-passe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('password hashing', () => {
  it('uses scrypt N = 2^17, r = 8, p = 1 by default, and stores its parameters with the hash', async () => {
    expect(PASSWORD_HASHING).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const hash = await hashPassword('Un-Mot-De-Passe-2026', PASSWORD_HASHING);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(passwordHashParams(hash)).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(await verifyPassword('Un-Mot-De-Passe-2026', hash)).toBe(true);
    expect(await verifyPassword('un-mot-de-passe-2026', hash)).toBe(false);
    // A hash of older parameters (2^15, as stored before) still verifies.
    const old = await hashPassword('Un-Mot-De-Passe-2026', { N: 2 ** 15, r: 8, p: 1 });
    expect(passwordHashParams(old)).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    expect(await verifyPassword('Un-Mot-De-Passe-2026', old)).toBe(true);
  });

  it('hashes a password stored with older parameters again at its next sign-in', async () => {
    const login = 'ancien.hachage@test.local';
    // Stored with the parameters of before (2^15).
    const before = await startTestApp({ dir, passwordHashing: { N: 2 ** 15, r: 8, p: 1 } });
    let userId: string;
    try {
      await before.userWith(['candidat.lister-inscrits'], login);
      const user = (await findUserByLogin(before.eventStore, login))!;
      userId = user.id;
      expect(passwordHashParams(user.passwordHash)).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    } finally {
      await before.close();
    }
    // The product as shipped: its own parameters.
    const after = await startTestApp({ dir, passwordHashing: PASSWORD_HASHING });
    try {
      expect((await after.signIn(login, 'Essai-Personnel-2026')).response.statusCode).toBe(200);
      const events = (await after.eventStore.readStream(
        streamName(USER_CATEGORY, userId),
      )) as unknown as UserEvent[];
      const user = fold(userDecider, events);
      if (user.status === 'absent') throw new Error('compte introuvable');
      expect(passwordHashParams(user.passwordHash)).toEqual({ N: 2 ** 17, r: 8, p: 1 });
      expect(events.at(-1)!.type).toBe('UserPasswordRehashed');
      // Still the same password; a second sign-in hashes nothing more.
      expect((await after.signIn(login, 'Essai-Personnel-2026')).response.statusCode).toBe(200);
      expect((await after.signIn(login, 'Mauvais-Essai-2026')).response.statusCode).toBe(401);
      expect(await after.eventStore.readStream(streamName(USER_CATEGORY, userId))).toHaveLength(
        events.length,
      );
    } finally {
      await after.close();
    }
  }, 120_000);
});
