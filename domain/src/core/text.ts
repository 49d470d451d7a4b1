/**
 * Search normalisation: lower case, no accents, single spaces. Used by both read stores so that
 * "Électricité", "electricite" and "ELECTRICITE" find each other.
 */
export const normalizeForSearch = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Codes are compared and stored upper case, without accents or surrounding spaces. */
export const normalizeCode = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .trim();
