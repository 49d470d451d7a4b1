import { describe, expect, it } from '@jest/globals';
import { fold } from '../core/decider.js';
import { gradeSheetDecider, type GradeSheetEvent } from '../grades/gradeSheet.js';
import { sheetMarks } from './sheetMarks.js';

const keys = { feuilleId: 'f', sessionId: 's', epreuveId: 'e', siteId: 'site' };
const roster = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({
  candidatureId: id,
  numeroCandidat: `N-${id}`,
  nom: `Nom ${id}`,
  prenoms: 'Awa',
  sexe: 'F',
  metierId: 'm',
  centreExamenId: 'ce',
}));
const entry = (
  candidatureId: string,
  note: number,
  resultat: 'en-attente' | 'retenue' | 'ecart',
  rang: 1 | 2 = 1,
) => ({ candidatureId, numeroCandidat: `N-${candidatureId}`, note, rang, resultat });

/** Every kind of sheet event, in the order a sheet lives them. */
const events: GradeSheetEvent[] = [
  { type: 'GradeSheetOpened', data: { ...keys, candidats: roster } },
  {
    type: 'PresencesRecorded',
    data: {
      ...keys,
      presences: [
        ...['a', 'b', 'c', 'd', 'e'].map((id) => ({
          candidatureId: id,
          numeroCandidat: `N-${id}`,
          de: null,
          vers: 'present' as const,
        })),
        { candidatureId: 'f', numeroCandidat: 'N-f', de: null, vers: 'absent' },
        // Not on the roster: ignored by both folds.
        { candidatureId: 'x', numeroCandidat: 'N-x', de: null, vers: 'present' },
      ],
    },
  },
  {
    type: 'AnonymityNumbersAssigned',
    data: { ...keys, numeros: [{ candidatureId: 'a', numeroAnonymat: 'A-1' }] },
  },
  {
    type: 'MarksEntered',
    data: {
      ...keys,
      source: 'saisie',
      importation: null,
      parId: 'u1',
      saisies: [
        entry('a', 12, 'retenue'),
        entry('b', 8, 'en-attente'),
        entry('c', 15, 'retenue'),
        entry('d', 9, 'ecart'),
      ],
    },
  },
  {
    type: 'MarksEntered',
    data: {
      ...keys,
      source: 'saisie',
      importation: null,
      parId: 'u2',
      saisies: [entry('b', 8, 'retenue', 2), entry('d', 11, 'ecart', 2)],
    },
  },
  {
    type: 'MarkModified',
    data: {
      ...keys,
      candidatureId: 'c',
      numeroCandidat: 'N-c',
      de: 15,
      vers: 16.5,
      motif: 'Erreur de report',
      origine: 'contentieux',
    },
  },
  {
    type: 'DiscrepancyResolved',
    data: {
      ...keys,
      candidatureId: 'd',
      numeroCandidat: 'N-d',
      saisies: [9, 11],
      note: 10,
      motif: 'Troisième correction',
    },
  },
];

/** The deliberation's reading of the decider's own state. */
const byDecider = (list: readonly GradeSheetEvent[]) => {
  const sheet = fold(gradeSheetDecider, list);
  if (sheet.status !== 'present') return null;
  return new Map(
    [...sheet.candidats].map(([id, c]) => [
      id,
      { presence: c.presence, note: c.statut === 'retenue' ? c.note : null },
    ]),
  );
};

describe('sheetMarks (what a deliberation reads of a grade sheet)', () => {
  it('gives each candidate the presence and retained mark the decider’s fold gives, event after event', () => {
    for (let n = 0; n <= events.length; n += 1)
      expect(sheetMarks(events.slice(0, n))).toEqual(byDecider(events.slice(0, n)));
    expect(Object.fromEntries(sheetMarks(events)!)).toEqual({
      a: { presence: 'present', note: 12 },
      b: { presence: 'present', note: 8 },
      c: { presence: 'present', note: 16.5 },
      d: { presence: 'present', note: 10 },
      e: { presence: 'present', note: null },
      f: { presence: 'absent', note: null },
    });
  });

  it('reads nothing of a sheet never opened, and starts again at a new opening', () => {
    expect(sheetMarks([])).toBeNull();
    expect(sheetMarks(events.slice(1))).toBeNull();
    const reopened = [...events, events[0]!];
    expect(sheetMarks(reopened)).toEqual(byDecider(reopened));
    expect(sheetMarks(reopened)!.get('a')).toEqual({ presence: null, note: null });
  });
});
