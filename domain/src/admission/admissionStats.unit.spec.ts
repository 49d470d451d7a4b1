import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '../core/errors.js';
import {
  dimensionValueLabel,
  extractionTable,
  extractionText,
  extractionTitle,
  formatRate,
  parseExtractionQuery,
  parseStatsQuery,
  passRates,
  passRatesTable,
  percentOf,
  rankByAverageStream,
  TOP_INVALID,
  type ExtractionLine,
  type ExtractionSource,
} from './admissionStats.js';

const row = (
  candidatureId: string,
  nom: string,
  moyenne: number | null,
  rang: number | null,
  prenoms = 'Paul',
): ExtractionSource => ({
  candidatureId,
  numeroCandidat: `ELEC-${candidatureId}`,
  nom,
  prenoms,
  moyenne,
  rang,
});

/** Rows by average, highest first, as the read store streams them (equal averages in any order). */
const stream = async function* (rows: readonly ExtractionSource[]) {
  yield* rows;
};

const collect = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
};

describe('Extraction par rang des admis', () => {
  const rows = [
    row('a', 'Ngono', 15.5, 3),
    row('b', 'Étoundi', 14, 1),
    row('c', 'Mballa', 14, 7),
    row('d', 'ebode', 14, 2),
    row('e', 'Fotso', 12.25, 4),
    row('f', 'Abena', 10, 9),
  ];

  it('ranks the set again, 1…n by average, ties by name without regard to accents or case, and keeps the jury rank', async () => {
    const ranked = await collect(rankByAverageStream(stream(rows)));
    expect(ranked.map((r) => [r.rang, r.nom, r.moyenne, r.rangJury])).toEqual([
      [1, 'Ngono', 15.5, 3],
      [2, 'ebode', 14, 2],
      [3, 'Étoundi', 14, 1],
      [4, 'Mballa', 14, 7],
      [5, 'Fotso', 12.25, 4],
      [6, 'Abena', 10, 9],
    ]);
  });

  it('breaks a tie of names by first names, then by candidate number', async () => {
    const ranked = await collect(
      rankByAverageStream(
        stream([
          row('z', 'Mballa', 12, 1, 'Paul'),
          row('y', 'Mballa', 12, 2, 'Alain'),
          row('x', 'Mballa', 12, 3, 'Alain'),
        ]),
      ),
    );
    expect(ranked.map((r) => [r.rang, r.candidatureId])).toEqual([
      [1, 'x'],
      [2, 'y'],
      [3, 'z'],
    ]);
  });

  it('keeps the first N only, cutting through a group of equal averages by name', async () => {
    const ranked = await collect(rankByAverageStream(stream(rows), 3));
    expect(ranked.map((r) => [r.rang, r.nom])).toEqual([
      [1, 'Ngono'],
      [2, 'ebode'],
      [3, 'Étoundi'],
    ]);
    // Reads no further than the group it needs.
    let read = 0;
    const counted = async function* () {
      for (const r of rows) {
        read += 1;
        yield r;
      }
    };
    await collect(rankByAverageStream(counted(), 1));
    expect(read).toBe(2);
  });

  it('refuses rows that do not arrive by average, highest first', async () => {
    await expect(
      collect(rankByAverageStream(stream([row('a', 'A', 10, 1), row('b', 'B', 12, 2)]))),
    ).rejects.toThrow('moyenne décroissante');
  });

  it('reads the session (required), the filters and a positive top N from the query string', () => {
    expect(
      parseExtractionQuery({
        sessionId: ' s-1 ',
        metierId: 'm-1',
        centreDepotId: '',
        sexe: 'F',
        top: '10',
        range: '[0,9]',
      }),
    ).toEqual({ sessionId: 's-1', filters: { metierId: 'm-1', sexe: 'F' }, top: 10 });
    expect(parseExtractionQuery({ sessionId: 's-1', top: '' })).toEqual({
      sessionId: 's-1',
      filters: {},
      top: null,
    });
    expect(() => parseExtractionQuery({})).toThrow(new ValidationError('Choisissez la session.'));
    for (const top of ['0', '-3', '2,5', '2.5', 'dix', '10000001', ['1', '2']])
      expect(() => parseExtractionQuery({ sessionId: 's-1', top })).toThrow(
        new ValidationError(TOP_INVALID),
      );
    expect(() => parseExtractionQuery({ sessionId: 's-1', sexe: 'X' })).toThrow(
      'Sexe inconnu : choisissez Masculin (M) ou Féminin (F).',
    );
    expect(() => parseExtractionQuery({ sessionId: 's-1', metierId: ['a', 'b'] })).toThrow(
      ValidationError,
    );
  });

  const line: ExtractionLine = {
    rang: 2,
    rangJury: 5,
    candidatureId: 'c-1',
    numeroCandidat: 'ELEC-00001',
    numeroDossier: 'CQP27-000001',
    nom: 'Mballa',
    prenoms: 'Alain Marie',
    sexe: 'F',
    categorie: 'libre',
    metierId: 'm-1',
    centreDepotId: 'd-1',
    departementId: 'dep-1',
    zoneId: 'z-1',
    moyenne: 12.5,
    resultat: 'admis',
    derogation: { resultat: 'admis', motif: 'Rachat' },
  };
  const names: Record<string, string> = {
    'metiers:m-1': 'Électricité',
    'centres-depot:d-1': 'Dépôt de Yaoundé',
    'departements:dep-1': 'Mfoundi',
    'zones:z-1': 'Centre',
  };

  it('shows a line with libellés, French numbers and the jury’s decision', () => {
    const text = (field: keyof ExtractionLine) =>
      extractionText(line, field, (resource, id) => names[`${resource}:${id}`]);
    expect(
      ['rang', 'rangJury', 'sexe', 'metierId', 'centreDepotId', 'moyenne', 'resultat'].map((f) =>
        text(f as keyof ExtractionLine),
      ),
    ).toEqual([
      '2',
      '5',
      'Féminin',
      'Électricité',
      'Dépôt de Yaoundé',
      '12,5',
      'Admis (décision du jury)',
    ]);
    expect(extractionText({ ...line, rangJury: null }, 'rangJury', () => undefined)).toBe('—');
  });

  it('exports ranks and averages as numbers, references by libellé', () => {
    const cells = extractionTable.columns.map((c) =>
      c.cell(line as never, (resource, id) => names[`${resource}:${id}`]),
    );
    expect(extractionTable.columns.map((c) => c.header)).toEqual([
      'Rang',
      'Rang au jury',
      'Numéro de candidat',
      'Nom',
      'Prénoms',
      'Sexe',
      'Métier',
      'Centre de dépôt',
      'Département',
      'Zone',
      'Moyenne',
      'Résultat',
    ]);
    expect(cells).toEqual([
      2,
      5,
      'ELEC-00001',
      'Mballa',
      'Alain Marie',
      'Féminin',
      'Électricité',
      'Dépôt de Yaoundé',
      'Mfoundi',
      'Centre',
      12.5,
      'Admis (décision du jury)',
    ]);
    expect(extractionTable.references.map((r) => r.resource)).toEqual([
      'metiers',
      'centres-depot',
      'departements',
      'zones',
    ]);
  });

  it('names an extraction by its filters and top N', () => {
    expect(extractionTitle([], null)).toBe('Admis par rang');
    expect(extractionTitle(['Électricité', '', 'Féminin'], 1)).toBe(
      'Admis par rang — Électricité, Féminin, 1 premier',
    );
    expect(extractionTitle(['Mfoundi'], 10)).toBe('Admis par rang — Mfoundi, 10 premiers');
  });
});

describe('Statistiques des admissions', () => {
  it('reads the session (required) and a known dimension (default: métier)', () => {
    expect(parseStatsQuery({ sessionId: 's-1' })).toEqual({
      sessionId: 's-1',
      dimension: 'metier',
    });
    expect(parseStatsQuery({ sessionId: 's-1', dimension: 'handicap' }).dimension).toBe('handicap');
    expect(() => parseStatsQuery({ dimension: 'zone' })).toThrow('Choisissez la session.');
    expect(() => parseStatsQuery({ sessionId: 's-1', dimension: 'age' })).toThrow(
      'Dimension inconnue : choisissez métier, centre de dépôt, département, zone, sexe, catégorie ou type de handicap.',
    );
  });

  it('counts deliberated, present, admitted candidates per value, with both rates, by libellé, then the totals', () => {
    const { lignes, total } = passRates(
      'metier',
      [
        { valeur: 'elec', resultat: 'admis', count: 5 },
        { valeur: 'elec', resultat: 'ajourne', count: 2 },
        { valeur: 'elec', resultat: 'elimine', count: 1 },
        { valeur: 'elec', resultat: 'absent', count: 2 },
        { valeur: 'coif', resultat: 'admis', count: 1 },
        { valeur: 'coif', resultat: 'absent', count: 2 },
        { valeur: 'plom', resultat: 'absent', count: 1 },
      ],
      new Map([
        ['elec', 'Électricité'],
        ['coif', 'Coiffure'],
        ['plom', 'Plomberie'],
      ]),
    );
    expect(lignes).toEqual([
      {
        valeur: 'coif',
        libelle: 'Coiffure',
        candidats: 3,
        presents: 1,
        admis: 1,
        ajournes: 0,
        elimines: 0,
        absents: 2,
        tauxAdmission: 33.3,
        tauxPresents: 100,
      },
      {
        valeur: 'elec',
        libelle: 'Électricité',
        candidats: 10,
        presents: 8,
        admis: 5,
        ajournes: 2,
        elimines: 1,
        absents: 2,
        tauxAdmission: 50,
        tauxPresents: 62.5,
      },
      {
        valeur: 'plom',
        libelle: 'Plomberie',
        candidats: 1,
        presents: 0,
        admis: 0,
        ajournes: 0,
        elimines: 0,
        absents: 1,
        tauxAdmission: 0,
        tauxPresents: null,
      },
    ]);
    expect(total).toMatchObject({
      valeur: 'total',
      libelle: 'Total',
      candidats: 14,
      presents: 9,
      admis: 6,
      tauxAdmission: 42.9,
      tauxPresents: 66.7,
    });
  });

  it('names the values: « Sans handicap » for none, sexes and catégories by their labels', () => {
    expect(dimensionValueLabel('handicap', '')).toBe('Sans handicap');
    expect(dimensionValueLabel('handicap', 'h-1', new Map([['h-1', 'Moteur']]))).toBe('Moteur');
    expect(dimensionValueLabel('sexe', 'F')).toBe('Féminin');
    expect(dimensionValueLabel('categorie', 'libre')).toBe('Candidat libre');
    expect(dimensionValueLabel('metier', '')).toBe('Non précisé');
    const { lignes } = passRates(
      'handicap',
      [
        { valeur: null, resultat: 'admis', count: 2 },
        { valeur: 'h-1', resultat: 'ajourne', count: 1 },
      ],
      new Map([['h-1', 'Moteur']]),
    );
    expect(lignes.map((l) => [l.libelle, l.candidats])).toEqual([
      ['Moteur', 1],
      ['Sans handicap', 2],
    ]);
  });

  it('writes rates in French (« 62,5 % »), and none as « — »', () => {
    expect(percentOf(5, 8)).toBe(62.5);
    expect(percentOf(1, 0)).toBeNull();
    expect(formatRate(62.5)).toBe('62,5\u00a0%');
    expect(formatRate(100)).toBe('100\u00a0%');
    expect(formatRate(null)).toBe('—');
  });

  it('exports the dimension by libellé, counts and rates as numbers', () => {
    const table = passRatesTable('sexe');
    const { lignes } = passRates('sexe', [
      { valeur: 'F', resultat: 'admis', count: 5 },
      { valeur: 'F', resultat: 'ajourne', count: 3 },
    ]);
    expect(table.columns.map((c) => c.header)).toEqual([
      'Sexe',
      'Candidats délibérés',
      'Présents',
      'Admis',
      'Ajournés',
      'Éliminés',
      'Absents',
      'Taux d’admission (%)',
      'Taux d’admission des présents (%)',
    ]);
    expect(table.columns.map((c) => c.cell(lignes[0] as never, () => undefined))).toEqual([
      'Féminin',
      8,
      8,
      5,
      3,
      0,
      0,
      62.5,
      62.5,
    ]);
  });
});
