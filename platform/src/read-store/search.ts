import { normalizeForSearch } from '@examens-pro/domain/kernel';

/** The text a document is searched in: its search fields, normalised, one per line. */
export const searchText = (doc: Record<string, unknown>, fields: readonly string[]): string =>
  fields
    .map((field) => doc[field])
    .filter((value) => value !== undefined && value !== null && value !== '')
    .map((value) => normalizeForSearch(String(value)))
    .join('\n');

/** Words of a `q` search; trigram indexes serve words of 3 characters or more, shorter ones are scanned. */
export const searchWords = (q: string): { trigram: string[]; short: string[] } => {
  const words = [...new Set(normalizeForSearch(q).split(' ').filter(Boolean))];
  return {
    trigram: words.filter((w) => [...w].length >= 3),
    short: words.filter((w) => [...w].length < 3),
  };
};

/** French sort key: case and accents ignored, so that "Électricité" sorts among the E. */
export const sortKey = (value: unknown): string | null =>
  value === undefined || value === null ? null : normalizeForSearch(String(value));
