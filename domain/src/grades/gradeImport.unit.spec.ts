import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { fold } from '../core/decider.js';
import { planGradeImport, type GradeImportContext, type GradeImportRow } from './gradeImport.js';
import {
  evolveGradeSheet,
  gradeSheetDecider,
  type GradeSheet,
  type GradeSheetEvent,
  type SheetKeys,
} from './gradeSheet.js';
import { formatMark, parseMark } from './marks.js';

/**
 * A file of marks, planned: whatever the rows hold, the plan never throws and is all or nothing —
 * either problems and no sheet written, or no problem and every good row entered exactly once.
 */
const CANDIDATES = ['ELEC-00001', 'ELEC-00002', 'COIF-00001', 'COIF-00002', 'COIF-00003'];
const candidate = (numero: string) => {
  const i = CANDIDATES.indexOf(numero);
  return i < 0
    ? undefined
    : {
        candidatureId: `c${i}`,
        numeroCandidat: numero,
        siteId: i % 2 ? 's2' : 's1',
        metierId: numero.startsWith('ELEC') ? 'elec' : 'coif',
      };
};
const EPREUVES = {
  THEO: { id: 'e-theo', code: 'THEO', noteMax: 20, metierId: null },
  PRAT: { id: 'e-prat', code: 'PRAT', noteMax: 40, metierId: 'coif' },
} as const;

/** Sheets as stored: c2 is absent at THEO; c4 has a retained PRAT mark of 30. */
const sheetOf = (keys: SheetKeys): GradeSheet => {
  const roster = CANDIDATES.map((n) => candidate(n)!)
    .filter((c) => c.siteId === keys.siteId)
    .filter((c) => keys.epreuveId === 'e-theo' || c.metierId === 'coif')
    .map((c) => ({
      ...c,
      nom: 'Nom',
      prenoms: 'Prénom',
      sexe: 'F',
      centreExamenId: 'ce',
    }));
  const events: GradeSheetEvent[] = [
    { type: 'GradeSheetOpened', data: { ...keys, candidats: roster } },
  ];
  if (roster.some((c) => c.candidatureId === 'c2') && keys.epreuveId === 'e-theo')
    events.push({
      type: 'PresencesRecorded',
      data: {
        ...keys,
        presences: [
          { candidatureId: 'c2', numeroCandidat: 'COIF-00001', de: null, vers: 'absent' },
        ],
      },
    });
  if (roster.some((c) => c.candidatureId === 'c4') && keys.epreuveId === 'e-prat')
    events.push({
      type: 'MarksEntered',
      data: {
        ...keys,
        source: 'saisie',
        importation: null,
        parId: 'someone',
        saisies: [
          {
            candidatureId: 'c4',
            numeroCandidat: 'COIF-00003',
            note: 30,
            rang: 1,
            resultat: 'retenue',
          },
        ],
      },
    });
  return fold(gradeSheetDecider, events);
};

const context = (doubleSaisie: boolean): GradeImportContext => ({
  sessionId: 'session',
  candidate,
  epreuve: (code) => EPREUVES[code as keyof typeof EPREUVES],
  sheet: sheetOf,
  parId: 'importer',
  doubleSaisie,
  importation: { id: 'cmd', fichier: 'notes.csv' },
});

const cell = fc.oneof(
  fc.constantFrom(...CANDIDATES, 'elec-00001', ' ELEC-00002 ', 'XXXX-99999', ''),
  fc.string({ maxLength: 12 }),
);
const code = fc.oneof(
  fc.constantFrom('THEO', 'PRAT', 'theo', 'Prat', 'ZZZ', ''),
  fc.string({ maxLength: 6 }),
);
const note = fc.oneof(
  fc.constantFrom(
    '12',
    '12,5',
    '12.25',
    '12,555',
    '-1',
    '20',
    '20,01',
    '40',
    '0',
    '',
    'abc',
    '1e1',
    '1 234',
  ),
  fc.double({ min: -5, max: 60, noNaN: true }).map(String),
  fc.string({ maxLength: 8 }),
);
const rows = fc
  .array(fc.record({ numero_candidat: cell, code_epreuve: code, note }), { maxLength: 30 })
  .map((values): GradeImportRow[] => values.map((v, i) => ({ ligne: i + 2, values: v })));

describe('planGradeImport', () => {
  it('never throws and is all or nothing, whatever the rows', () => {
    fc.assert(
      fc.property(rows, fc.boolean(), (file, doubleSaisie) => {
        const plan = planGradeImport(file, context(doubleSaisie));
        if (plan.problems.length > 0) {
          expect(plan.sheets).toEqual([]);
          expect(plan.saisies).toBe(0);
          for (const p of plan.problems) {
            expect(file.some((r) => r.ligne === p.ligne)).toBe(true);
            expect(p.message.length).toBeGreaterThan(0);
          }
          return;
        }
        // No problem: every row is one mark of one sheet, entered or already the same.
        const entered = plan.sheets.flatMap((s) => s.event?.data.saisies ?? []);
        expect(entered.length).toBe(plan.saisies);
        expect(entered.length).toBeLessThanOrEqual(file.length);
        // The same file again from the same importer, on the sheets it left: nothing more.
        const after = new Map(
          plan.sheets.map((s) => [
            s.keys.feuilleId,
            s.event ? evolveGradeSheet(sheetOf(s.keys), s.event) : sheetOf(s.keys),
          ]),
        );
        const again = planGradeImport(file, {
          ...context(doubleSaisie),
          sheet: (keys) => after.get(keys.feuilleId) ?? sheetOf(keys),
        });
        expect(again.problems).toEqual([]);
        expect(again.saisies).toBe(0);
      }),
      { numRuns: 400 },
    );
  });

  it('lists every bad row with its reason and writes nothing', () => {
    const plan = planGradeImport(
      [
        { ligne: 2, values: { numero_candidat: 'ELEC-00001', code_epreuve: 'THEO', note: '12,5' } },
        { ligne: 3, values: { numero_candidat: 'COIF-00001', code_epreuve: 'THEO', note: '9' } },
        { ligne: 4, values: { numero_candidat: 'ELEC-00001', code_epreuve: 'PRAT', note: '9' } },
        { ligne: 5, values: { numero_candidat: 'COIF-00003', code_epreuve: 'PRAT', note: '31' } },
        { ligne: 6, values: { numero_candidat: 'ELEC-00001', code_epreuve: 'theo', note: '13' } },
      ],
      context(false),
    );
    expect(plan.sheets).toEqual([]);
    expect(plan.problems).toEqual([
      {
        ligne: 3,
        message:
          'Le candidat COIF-00001 est absent à cette épreuve : il ne peut pas recevoir de note.',
      },
      {
        ligne: 4,
        message:
          'Le candidat ELEC-00001 ne compose pas l’épreuve « PRAT » (elle n’est pas de son métier).',
      },
      {
        ligne: 5,
        message:
          'Le candidat COIF-00003 a déjà une note retenue (30) : une modification se fait dans la liste des notes, avec un motif.',
      },
      {
        ligne: 6,
        message:
          'Ligne en double : le candidat ELEC-00001 a déjà une note pour l’épreuve « THEO » à la ligne 2.',
      },
    ]);
  });

  it('enters good rows sheet by sheet; a mark already retained with the same value is skipped', () => {
    const plan = planGradeImport(
      [
        { ligne: 2, values: { numero_candidat: 'ELEC-00001', code_epreuve: 'THEO', note: '12,5' } },
        { ligne: 3, values: { numero_candidat: 'coif-00003', code_epreuve: 'PRAT', note: '30' } },
        { ligne: 4, values: { numero_candidat: 'ELEC-00002', code_epreuve: 'THEO', note: '8' } },
      ],
      context(true),
    );
    expect(plan.problems).toEqual([]);
    expect(plan.saisies).toBe(2);
    expect(
      plan.sheets.map((s) => [
        s.keys.feuilleId,
        s.event?.data.saisies.map((m) => [m.numeroCandidat, m.note, m.resultat]),
      ]),
    ).toEqual([
      ['session~e-theo~s1', [['ELEC-00001', 12.5, 'en-attente']]],
      ['session~e-prat~s1', undefined],
      ['session~e-theo~s2', [['ELEC-00002', 8, 'en-attente']]],
    ]);
  });
});

describe('parseMark', () => {
  it('reads French and dotted decimals, two at most, within the scale', () => {
    expect(parseMark('12,5', 20)).toEqual({ note: 12.5 });
    expect(parseMark(' 12.25 ', 20)).toEqual({ note: 12.25 });
    expect(parseMark(7, 20)).toEqual({ note: 7 });
    expect(parseMark('12,555', 20)).toEqual({
      error: 'La note « 12,555 » a plus de deux décimales.',
    });
    expect(parseMark('-1', 20)).toEqual({
      error: 'La note -1 sort de l’échelle de l’épreuve (0 à 20).',
    });
    expect(parseMark('', 20)).toEqual({ error: 'La note est vide.' });
    expect(formatMark(12.5)).toBe('12,5');
  });

  it('never gives a mark outside 0..max nor with more than two decimals', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.integer({ min: 1, max: 100 }), (text, max) => {
        const mark = parseMark(text, max);
        if ('note' in mark) {
          expect(mark.note).toBeGreaterThanOrEqual(0);
          expect(mark.note).toBeLessThanOrEqual(max);
          expect(Math.round(mark.note * 100) / 100).toBe(mark.note);
        }
      }),
    );
  });
});
