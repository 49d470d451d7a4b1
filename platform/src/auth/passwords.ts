import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { ValidationError } from '@examens-pro/domain/kernel';

/** scrypt's cost: N (CPU and memory), r (block size), p (parallelism). */
export interface PasswordHashing {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * Passwords are hashed with scrypt (memory-hard) at OWASP's current minimum: N = 2^17, r = 8,
 * p = 1, 128 MiB and a few hundred ms a hash. The parameters travel in the hash
 * (`scrypt$N$r$p$salt$key`): a hash of older parameters still verifies, and is hashed again with
 * these at its owner's next sign-in (`needsRehash`).
 */
export const PASSWORD_HASHING: PasswordHashing = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
let decoy: Promise<string> | undefined;

/** What new hashes use: the product's parameters, unless a test harness lowered them. */
let current: PasswordHashing = PASSWORD_HASHING;

/**
 * Sets the parameters of the hashes made from now on in this process. Only route tests lower them
 * (`startTestApp`'s `passwordHashing`): dozens of sign-ins at 128 MiB each would take minutes.
 */
export const usePasswordHashing = (params: PasswordHashing): void => {
  if (params.N !== current.N || params.r !== current.r || params.p !== current.p) decoy = undefined;
  current = params;
};

const scrypt = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scryptCallback(password, salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** Node refuses above 32 MiB by default: scrypt needs 128 · N · r bytes (and a margin). */
const maxmem = (N: number, r: number): number => 128 * N * r * 2;

export const hashPassword = async (
  password: string,
  params: PasswordHashing = current,
): Promise<string> => {
  const salt = randomBytes(16);
  const { N, r, p } = params;
  const key = await scrypt(password, salt, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
};

/** The parameters a stored hash was made with (null: not a scrypt hash of ours). */
export const passwordHashParams = (stored: string): PasswordHashing | null => {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !salt || !key) return null;
  if (![params.N, params.r, params.p].every((v) => Number.isSafeInteger(v) && v > 0)) return null;
  return params;
};

/** Whether a stored hash was made with other parameters than today's: hash it again at sign-in. */
export const needsRehash = (stored: string): boolean => {
  const params = passwordHashParams(stored);
  return (
    params !== null && (params.N !== current.N || params.r !== current.r || params.p !== current.p)
  );
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const params = passwordHashParams(stored);
  if (!params) return false;
  const [, , , , salt, key] = stored.split('$');
  const expected = Buffer.from(key!, 'base64');
  const actual = await scrypt(password, Buffer.from(salt!, 'base64'), {
    ...params,
    maxmem: maxmem(params.N, params.r),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

/** A hash of nothing anyone knows: verifying against it costs what a real check costs. */
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
