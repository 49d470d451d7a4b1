import { describe, expect, it } from '@jest/globals';
import { marksCollection } from '../grades/gradeContracts.js';
import { indexedFields, sortKeyedFields, type CollectionDefinition } from './readModels.js';

const dossiers: CollectionDefinition = {
  name: 'dossiers',
  fields: {
    nom: 'string',
    sessionId: 'string',
    feuilleId: 'string',
    age: 'number',
    statut: 'string',
  },
  searchFields: ['nom'],
  defaultSort: { field: 'nom', order: 'ASC' },
};

describe('what a collection declares costs in columns and indexes', () => {
  it('gives a French sort key to every string field but the identifiers, by default', () => {
    // An identifier's key would be its own value (lower-case UUIDs): a column and an index saved.
    expect(sortKeyedFields(dossiers)).toEqual(['nom', 'statut']);
    expect(indexedFields(dossiers)).toEqual(['nom', 'sessionId', 'feuilleId', 'age', 'statut']);
  });

  it('keeps what a collection declares: its sort fields, identifiers included, and its indexes', () => {
    expect(sortKeyedFields({ ...dossiers, sortFields: ['sessionId'] })).toEqual(['sessionId']);
    expect(sortKeyedFields({ ...dossiers, sortFields: [] })).toEqual([]);
    expect(indexedFields({ ...dossiers, indexed: ['feuilleId'] })).toEqual(['feuilleId']);
  });

  it('indexes the marks by what reads them only, with no French keys (ten lines a candidate)', () => {
    expect(sortKeyedFields(marksCollection)).toEqual([]);
    expect(indexedFields(marksCollection)).toEqual([
      'feuilleId',
      'sessionId',
      'candidatureId',
      'numeroCandidat',
      'numeroAnonymat',
    ]);
  });
});
