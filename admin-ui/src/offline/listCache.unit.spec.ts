import { describe, expect, it } from '@jest/globals';
import { selectRecords } from './listCache';

/** The incident form's lists answered offline from the day's copy (#35): searched, sorted, paged. */
describe('selectRecords', () => {
  const candidates = [
    { id: 'c3', numeroCandidat: 'ELEC-00010', libelle: 'Ébodé Éric' },
    { id: 'c1', numeroCandidat: 'ELEC-00002', libelle: 'Ngono Alice' },
    { id: 'c2', numeroCandidat: 'ELEC-00001', libelle: 'Mbarga Paul' },
  ];

  it('sorts as the server does, numbers inside texts in their order', () => {
    const page = selectRecords(candidates, {
      sort: { field: 'numeroCandidat', order: 'ASC' },
      pagination: { page: 1, perPage: 50 },
    });
    expect(page.data.map((c) => c.id)).toEqual(['c2', 'c1', 'c3']);
    expect(page.total).toBe(3);
    const down = selectRecords(candidates, { sort: { field: 'numeroCandidat', order: 'DESC' } });
    expect(down.data.map((c) => c.id)).toEqual(['c3', 'c1', 'c2']);
  });

  it('finds a typed search in any text, without case or accents', () => {
    const found = (q: string) =>
      selectRecords(candidates, {
        filter: { q, sessionId: 's1' },
        sort: { field: 'numeroCandidat', order: 'ASC' },
        pagination: { page: 1, perPage: 25 },
      });
    expect(found('ebode').data.map((c) => c.id)).toEqual(['c3']);
    expect(found('  ELEC-0000 ').data.map((c) => c.id)).toEqual(['c2', 'c1']);
    expect(found('inconnu')).toEqual({ data: [], total: 0 });
  });

  it('pages, the total counting every match', () => {
    const second = selectRecords(candidates, {
      sort: { field: 'numeroCandidat', order: 'ASC' },
      pagination: { page: 2, perPage: 2 },
    });
    expect(second).toEqual({ data: [candidates[0]], total: 3 });
  });
});
