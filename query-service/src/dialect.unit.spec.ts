import { describe, expect, it } from '@jest/globals';
import type { CollectionDefinition } from '@examens-pro/domain';
import { MAX_PAGE, parseListQuery } from './dialect.js';

const collection: CollectionDefinition = {
  name: 'essais',
  fields: { libelle: 'string' },
  searchFields: ['libelle'],
  defaultSort: { field: 'libelle', order: 'ASC' },
};

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);

describe('parseListQuery', () => {
  it('answers every id of a read by ids without a range (react-admin’s getMany), up to a page’s maximum', () => {
    expect(parseListQuery(collection, { filter: JSON.stringify({ id: ids(60) }) }).limit).toBe(60);
    expect(parseListQuery(collection, { filter: JSON.stringify({ id: ids(3) }) }).limit).toBe(3);
    expect(
      parseListQuery(collection, { filter: JSON.stringify({ id: ids(MAX_PAGE + 5) }) }).limit,
    ).toBe(MAX_PAGE);
  });

  it('keeps the first page of 25 without a range, and the range asked otherwise', () => {
    expect(parseListQuery(collection, {}).limit).toBe(25);
    expect(
      parseListQuery(collection, { range: '[0,9]', filter: JSON.stringify({ id: ids(60) }) }).limit,
    ).toBe(10);
  });
});
