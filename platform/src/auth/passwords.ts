import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { ValidationError } from '@examens-pro/domain';

/**
 * Passwords are hashed with scrypt (memory-hard): N = 2^15, r = 8, p = 1 uses 32 MiB and about
 * 60 ms here, under the 250 ms a sign-in may spend. The parameters travel in the hash, so they can
 * be raised later without invalidating stored hashes.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

const scrypt = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scryptCallback(password, salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

const maxmem = (N: number, r: number): number => 128 * N * r * 2;

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { ...PARAMS, maxmem: maxmem(PARAMS.N, PARAMS.r) });
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const N = Number(n);
  const R = Number(r);
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), {
    N,
    r: R,
    p: Number(p),
    maxmem: maxmem(N, R),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

/** A hash of nothing anyone knows: verifying against it costs what a real check costs. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> =>
  (decoy ??= hashPassword(randomBytes(24).toString('hex')));

/**
 * The 1,000 most used passwords (zxcvbn's ranked list, shipped in the npm package, never fetched),
 * and a few French favourites the English-speaking list ranks lower.
 */
const COMMON = new Set([
  ...(dictionary['passwords-common'] as string[]).slice(0, 1000),
  'azerty',
  'azertyuiop',
  'azerty123',
  'motdepasse',
  'motdepasse1',
  'motdepasse123',
  'bonjour1',
  'bonjour123',
  'soleil123',
  'jetaime1',
  'jetaime123',
  'doudou123',
  'loulou123',
  'marseille',
  'chocolat',
  'examens123',
]);

export const COMMON_PASSWORD_COUNT = COMMON.size;

export const isCommonPassword = (password: string): boolean =>
  COMMON.has(password.toLowerCase()) || COMMON.has(password);

/** Beyond the length the contract checks: not a common password, not the login itself. */
export const checkPasswordPolicy = (
  password: string,
  options: { readonly login?: string; readonly field: string },
): void => {
  const fail = (message: string) => {
    throw new ValidationError(message, { [options.field]: message });
  };
  if (isCommonPassword(password))
    fail('Ce mot de passe fait partie des plus courants : choisissez-en un autre.');
  if (options.login && password.toLowerCase() === options.login.toLowerCase())
    fail('Le mot de passe ne peut pas être votre identifiant.');
};
