/**
 * The verification code printed on an attestation and a diploma: 12 symbols of Douglas Crockford's
 * base 32 (60 random bits) and his check symbol (the value modulo 37), so that a person can type it
 * from paper: no I, L, O nor U among the symbols, the reading forgives case, hyphens and spaces and
 * takes O for 0, I and L for 1, and the check symbol catches any single wrong symbol and any two
 * adjacent symbols swapped. Stored and put in addresses in its canonical form (13 symbols,
 * capitals, no hyphen); shown in groups: « 7K3M-9QX2-B4TZ-* ».
 *
 * https://www.crockford.com/base32.html
 */

/** The 32 symbols, by value. */
export const CROCKFORD_SYMBOLS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The 37 check symbols, by value: the 32 symbols, then `*`, `~`, `$`, `=` and `U`. */
export const CROCKFORD_CHECK_SYMBOLS = `${CROCKFORD_SYMBOLS}*~$=U`;

/** Symbols of a code before its check symbol. */
export const VERIFICATION_CODE_SYMBOLS = 12;
/** Random bytes a code is made from (8: the 60 bits it keeps, and 4 left over). */
export const VERIFICATION_CODE_BYTES = 8;

export const VERIFICATION_CODE_INVALID =
  'Ce code de vérification n’est pas valide : il compte 13 caractères (chiffres et lettres, le dernier peut être *, ~, $, = ou U) ; vérifiez chacun d’eux.';

/** What a typed symbol reads as (capitals, O for zero, I and L for one). */
const ALIASES: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' };

/** The value of a check symbol (0…36), or -1. */
const checkValue = (symbol: string): number => CROCKFORD_CHECK_SYMBOLS.indexOf(symbol);

/** The check symbol of 12 symbols: the number they write, modulo 37. */
export const crockfordCheckSymbol = (symbols: string): string => {
  let rest = 0;
  for (const symbol of symbols) {
    const value = CROCKFORD_SYMBOLS.indexOf(symbol);
    if (value < 0) throw new Error(`Symbole hors de la base 32 de Crockford : ${symbol}`);
    // (rest × 32 + value) mod 37, symbol by symbol: the number itself never needs 60 bits.
    rest = (rest * 32 + value) % 37;
  }
  return CROCKFORD_CHECK_SYMBOLS[rest]!;
};

/**
 * A code from random bytes (a CSPRNG's: the caller draws them, the domain reads no randomness):
 * their first 60 bits, 5 per symbol, then the check symbol.
 */
export const verificationCodeFromBytes = (bytes: Uint8Array): string => {
  if (bytes.length < VERIFICATION_CODE_BYTES)
    throw new Error(`Un code de vérification se tire de ${VERIFICATION_CODE_BYTES} octets.`);
  let bits = 0n;
  for (const byte of bytes.subarray(0, VERIFICATION_CODE_BYTES)) bits = (bits << 8n) | BigInt(byte);
  bits >>= 4n; // 64 bits drawn, 60 kept
  let symbols = '';
  for (let i = VERIFICATION_CODE_SYMBOLS - 1; i >= 0; i -= 1)
    symbols += CROCKFORD_SYMBOLS[Number((bits >> BigInt(5 * i)) & 31n)];
  return symbols + crockfordCheckSymbol(symbols);
};

/**
 * A code as typed or scanned, in its canonical form; null when it is not one (wrong length, a
 * symbol outside the alphabet, or a check symbol that does not match: a typing mistake).
 */
export const parseVerificationCode = (input: unknown): string | null => {
  if (typeof input !== 'string') return null;
  const typed = [...input.toUpperCase().replace(/[\s-]+/g, '')].map((s) => ALIASES[s] ?? s);
  if (typed.length !== VERIFICATION_CODE_SYMBOLS + 1) return null;
  const symbols = typed.slice(0, VERIFICATION_CODE_SYMBOLS).join('');
  const check = typed[VERIFICATION_CODE_SYMBOLS]!;
  if ([...symbols].some((s) => !CROCKFORD_SYMBOLS.includes(s)) || checkValue(check) < 0)
    return null;
  return crockfordCheckSymbol(symbols) === check ? symbols + check : null;
};

/** Whether `code` is a code in its canonical form. */
export const isVerificationCode = (code: unknown): code is string =>
  typeof code === 'string' && parseVerificationCode(code) === code;

/** « 7K3M-9QX2-B4TZ-* »: as printed and shown, in groups easy to read aloud and type. */
export const formatVerificationCode = (code: string): string =>
  `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}-${code.slice(12)}`;

/**
 * The public address that checks a code (`/diplomes`), as printed in the QR
 * code: `<origin>/diplomes?code=<code>` (`$` and `=`, two of the check symbols, percent-encoded).
 */
export const verificationAddress = (origin: string, code: string): string =>
  `${origin.replace(/\/+$/, '')}/diplomes?code=${encodeURIComponent(code)}`;
