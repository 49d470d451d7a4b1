import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  candidateNumber,
  freeTables,
  NO_ACCESSIBLE_SEAT,
  NO_SEAT,
  numberingOrder,
  planAllocation,
  planFingerprint,
  type PlanCandidate,
  type PlanSite,
} from './allocation.js';
import { allocationReport, type ReportSite } from './allocationReport.js';

const candidate = (id: string, more: Partial<PlanCandidate> = {}): PlanCandidate => ({
  id,
  metierId: 'm-elec',
  metierCode: 'ELEC',
  nom: `Nom ${id}`,
  prenoms: 'Jean',
  dateNaissance: '2000-01-01',
  departementId: 'd1',
  zoneId: 'z1',
  accessibleRequis: false,
  langueId: 'fr',
  ...more,
});
const site = (id: string, more: Partial<PlanSite> = {}): PlanSite => ({
  id,
  libelle: `Site ${id}`,
  departementId: 'd1',
  zoneId: 'z1',
  capacite: 10,
  occupes: 0,
  accessible: false,
  ...more,
});

/** A random session: sites in départements of zones, candidates with métiers and handicaps. */
const sessionArbitrary = fc
  .record({
    zones: fc.integer({ min: 1, max: 3 }),
    departementsPerZone: fc.integer({ min: 1, max: 3 }),
    sites: fc.array(
      fc.record({
        departement: fc.nat(),
        capacite: fc.integer({ min: 1, max: 12 }),
        occupes: fc.integer({ min: 0, max: 4 }),
        accessible: fc.boolean(),
        libelle: fc.string({ maxLength: 4 }),
      }),
      { minLength: 1, maxLength: 12 },
    ),
    candidates: fc.array(
      fc.record({
        departement: fc.nat(),
        metier: fc.integer({ min: 0, max: 3 }),
        nom: fc.constantFrom('Mbarga', 'Éto’o', 'Abega', 'Nkoulou', 'Zé', 'abanda'),
        prenoms: fc.constantFrom('Jean', 'Marie', 'Éloïse', 'Paul'),
        accessibleRequis: fc.boolean(),
      }),
      { maxLength: 80 },
    ),
  })
  .map(({ zones, departementsPerZone, sites, candidates }) => {
    const departements = Array.from({ length: zones * departementsPerZone }, (_, i) => ({
      id: `d${i}`,
      zoneId: `z${Math.floor(i / departementsPerZone)}`,
    }));
    const pick = (n: number) => departements[n % departements.length]!;
    return {
      sites: sites.map((s, i) =>
        site(`s${i}`, {
          libelle: s.libelle,
          departementId: pick(s.departement).id,
          zoneId: pick(s.departement).zoneId,
          capacite: s.capacite,
          occupes: Math.min(s.occupes, s.capacite),
          accessible: s.accessible,
        }),
      ),
      candidates: candidates.map((c, i) =>
        candidate(`c${String(i).padStart(3, '0')}`, {
          departementId: pick(c.departement).id,
          zoneId: pick(c.departement).zoneId,
          metierId: `m${c.metier}`,
          metierCode: `M${c.metier}`,
          nom: c.nom,
          prenoms: c.prenoms,
          accessibleRequis: c.accessibleRequis,
        }),
      ),
    };
  });

describe('automatic allocation plan (property)', () => {
  it('never fills a site above its capacity, places everyone when capacity suffices, and is deterministic', () => {
    fc.assert(
      fc.property(sessionArbitrary, ({ sites, candidates }) => {
        const plan = planAllocation(candidates, sites);
        // Every candidate is placed once or left without a seat, never both.
        const placed = plan.placements.map((p) => p.candidatureId);
        expect(new Set(placed).size).toBe(placed.length);
        expect(placed.length + plan.nonPlaces.length).toBe(candidates.length);
        // No site above capacity (seats held before count).
        const perSite = new Map<string, number>();
        for (const p of plan.placements) perSite.set(p.siteId, (perSite.get(p.siteId) ?? 0) + 1);
        for (const s of sites)
          expect((perSite.get(s.id) ?? 0) + s.occupes).toBeLessThanOrEqual(s.capacite);
        // An accessible site for whoever needs one.
        const byId = new Map(sites.map((s) => [s.id, s]));
        const needs = new Set(candidates.filter((c) => c.accessibleRequis).map((c) => c.id));
        for (const p of plan.placements)
          if (needs.has(p.candidatureId)) expect(byId.get(p.siteId)!.accessible).toBe(true);
        // Enough seats (accessible ones for those who need them): everyone has one.
        const free = (only: boolean) =>
          sites
            .filter((s) => !only || s.accessible)
            .reduce((n, s) => n + s.capacite - s.occupes, 0);
        if (free(false) >= candidates.length && free(true) >= needs.size)
          expect(plan.nonPlaces).toEqual([]);
        // Same input, same plan; the candidates' order of arrival does not matter.
        const again = planAllocation([...candidates].reverse(), [...sites].reverse());
        expect(again).toEqual(plan);
        expect(planFingerprint(again)).toBe(planFingerprint(plan));
      }),
      { numRuns: 300 },
    );
  });
});

describe('automatic allocation plan (rules)', () => {
  it('fills the département’s sites first, then the same zone’s département with most free seats, then other zones', () => {
    const sites = [
      site('home', { capacite: 1 }),
      site('zone-small', { departementId: 'd2', capacite: 1 }),
      site('zone-big', { departementId: 'd3', capacite: 3 }),
      site('far', { departementId: 'd9', zoneId: 'z9', capacite: 5 }),
    ];
    const candidates = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => candidate(n, { nom: n }));
    const plan = planAllocation(candidates, sites);
    expect(plan.placements.map((p) => `${p.candidatureId}>${p.siteId}`)).toEqual([
      'a>home',
      'b>zone-big',
      'c>zone-big',
      'd>zone-big',
      'e>zone-small',
      'f>far',
    ]);
  });

  it('keeps a métier together in name order and says why a candidate has no seat', () => {
    const sites = [site('s1', { capacite: 2, accessible: true }), site('s2', { capacite: 1 })];
    const candidates = [
      candidate('x', { nom: 'Zoé', metierCode: 'B', metierId: 'mb' }),
      candidate('y', { nom: 'Ábel', metierCode: 'A', metierId: 'ma' }),
      candidate('z', { nom: 'Boris', metierCode: 'A', metierId: 'ma', accessibleRequis: true }),
      candidate('w', { nom: 'Alain', metierCode: 'A', metierId: 'ma' }),
    ];
    const plan = planAllocation(candidates, sites);
    // Numbering order: métier code, then the name without accents.
    expect(numberingOrder(candidates).map((c) => c.id)).toEqual(['y', 'w', 'z', 'x']);
    expect(plan.placements.map((p) => `${p.candidatureId}>${p.siteId}`)).toEqual([
      'y>s1',
      'w>s2',
      'z>s1',
    ]);
    expect(plan.nonPlaces).toEqual([{ candidatureId: 'x', motif: NO_SEAT }]);
    const inaccessible = planAllocation([candidate('h', { accessibleRequis: true })], [site('s')]);
    expect(inaccessible.nonPlaces).toEqual([{ candidatureId: 'h', motif: NO_ACCESSIBLE_SEAT }]);
  });

  it('counts the seats already held', () => {
    const plan = planAllocation(
      [candidate('a'), candidate('b')],
      [site('s1', { capacite: 3, occupes: 2 })],
    );
    expect(plan.placements).toHaveLength(1);
    expect(plan.sites).toEqual([
      expect.objectContaining({ siteId: 's1', capacite: 3, occupes: 2, affectes: 1 }),
    ]);
  });

  it('numbers candidates and tables', () => {
    expect(candidateNumber('ELEC', 42)).toBe('ELEC-00042');
    expect(
      freeTables(
        new Map([
          ['a', 1],
          ['b', 3],
        ]),
        3,
      ),
    ).toEqual([2, 4, 5]);
    expect(freeTables(undefined, 2)).toEqual([1, 2]);
  });
});

describe('bilan d’affectation', () => {
  const sites: ReportSite[] = [
    {
      id: 's1',
      libelle: 'Lycée A',
      centreExamenId: 'c1',
      centre: 'Centre 1',
      departementId: 'd1',
      departement: 'Mfoundi',
      zoneId: 'z1',
      zone: 'Centre',
      capacite: 10,
      actif: true,
    },
    {
      id: 's2',
      libelle: 'Lycée B',
      centreExamenId: 'c1',
      centre: 'Centre 1',
      departementId: 'd1',
      departement: 'Mfoundi',
      zoneId: 'z1',
      zone: 'Centre',
      capacite: 5,
      actif: true,
    },
    {
      id: 's3',
      libelle: 'Lycée C',
      centreExamenId: 'c2',
      centre: 'Centre 2',
      departementId: 'd2',
      departement: 'Wouri',
      zoneId: 'z2',
      zone: 'Littoral',
      capacite: 8,
      actif: true,
    },
  ];
  const groups = [
    { key: { siteId: 's1', metierId: 'm1', sexe: 'M', langueId: 'fr' }, count: 6 },
    { key: { siteId: 's1', metierId: 'm2', sexe: 'F', langueId: 'en' }, count: 2 },
    { key: { siteId: 's3', metierId: 'm1', sexe: 'F', langueId: 'fr' }, count: 8 },
  ];
  it('sums per site and per level, with the totals', () => {
    const rows = allocationReport(sites, groups, 'site');
    expect(rows.map((r) => [r.site, r.capacite, r.affectes, r.libres, r.occupation])).toEqual([
      ['Lycée A', 10, 8, 2, 80],
      ['Lycée B', 5, 0, 5, 0],
      ['Lycée C', 8, 8, 0, 100],
      ['', 23, 16, 7, 69.6],
    ]);
    expect(rows[0]).toMatchObject({
      hommes: 6,
      femmes: 2,
      parMetier: { m1: 6, m2: 2 },
      parLangue: { fr: 6, en: 2 },
    });
    const zones = allocationReport(sites, groups, 'zone');
    expect(zones.map((r) => [r.zone, r.departement, r.capacite, r.affectes])).toEqual([
      ['Centre', '', 15, 8],
      ['Littoral', '', 8, 8],
      ['Total', '', 23, 16],
    ]);
  });
});
