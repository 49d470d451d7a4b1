import { describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { CANDIDATURE_LIST_FIELDS } from '@examens-pro/domain';
import { isListRow, refuseListRowsAsItems } from './listRows';

const PATHS: Record<string, string> = {
  'inscription/candidats/liste': 'candidatures',
  'configuration/metiers': 'metiers',
};
const client = () =>
  refuseListRowsAsItems(new QueryClient(), (resource) => PATHS[resource] ?? resource);

const row = Object.fromEntries(CANDIDATURE_LIST_FIELDS.map((field) => [field, `${field}-1`]));
const dossier = { ...row, id: 'd1', nom: 'Atangana', prenoms: 'Marie', pieces: [], paiements: [] };
const key = (resource: string, id: string) => [resource, 'getOne', { id, meta: undefined }];

describe('a dossier’s list row never stands for the whole dossier in react-admin’s cache', () => {
  it('tells a row of the dossiers’ lists from a whole dossier, and other resources’ records from both', () => {
    expect(isListRow('candidatures', { ...row, id: 'd1' })).toBe(true);
    expect(isListRow('liste-examen', { id: 'd1', numeroCandidat: 'MEC-00001' })).toBe(true);
    expect(isListRow('candidatures', dossier)).toBe(false);
    expect(isListRow('metiers', { id: 'm1', libelle: 'Soudure' })).toBe(false);
  });

  it('refuses the copy of a list row into an item’s read as react-admin makes it, keeps everything else', () => {
    const cache = client();
    const listed = { ...row, id: 'd1' };
    // What useGetList does with each row of a page.
    cache.setQueryData(key('inscription/candidats/liste', 'd1'), (old: unknown) => old ?? listed);
    expect(cache.getQueryData(key('inscription/candidats/liste', 'd1'))).toBeUndefined();
    // Another resource's row is copied as before.
    const metier = { id: 'm1', libelle: 'Soudure' };
    cache.setQueryData(key('configuration/metiers', 'm1'), (old: unknown) => old ?? metier);
    expect(cache.getQueryData(key('configuration/metiers', 'm1'))).toEqual(metier);
    // The whole dossier (getOne, getMany, a command's read-back) is kept, and a row never replaces it.
    cache.setQueryData(key('inscription/candidats/liste', 'd1'), dossier);
    cache.setQueryData(key('inscription/candidats/liste', 'd1'), (old: unknown) => old ?? listed);
    expect(cache.getQueryData(key('inscription/candidats/liste', 'd1'))).toEqual(dossier);
    // An update merged into it (react-admin's useUpdate) goes through.
    cache.setQueryData(key('inscription/candidats/liste', 'd1'), (old: unknown) => ({
      ...(old as object),
      statut: 'soumis',
    }));
    expect(cache.getQueryData(key('inscription/candidats/liste', 'd1'))).toEqual({
      ...dossier,
      statut: 'soumis',
    });
    // The lists' own cache holds the rows as they came.
    cache.setQueryData(['inscription/candidats/liste', 'getList', {}], {
      data: [listed],
      total: 1,
    });
    expect(cache.getQueryData(['inscription/candidats/liste', 'getList', {}])).toEqual({
      data: [listed],
      total: 1,
    });
  });
});
