import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { fold } from '../core/decider.js';
import { ConflictError, ValidationError } from '../core/errors.js';
import {
  computeResult,
  deliberationDecider,
  rankByAverage,
  type CandidateComputation,
  type DeliberationEpreuve,
  type DeliberationEvent,
  type DeliberationRules,
  type EpreuveMark,
} from './deliberation.js';

/**
 * The deliberation's rules: every result case, coefficients, a note max other than 20, eliminatory
 * marks, ties, the jury's overrides, the closing and a re-deliberation; and a property over random
 * grades.
 */
const EPREUVES: DeliberationEpreuve[] = [
  {
    id: 'theo',
    code: 'THEO',
    libelle: 'Théorie',
    coefficient: 1,
    noteMax: 20,
    eliminatoire: false,
  },
  {
    id: 'prat',
    code: 'PRAT',
    libelle: 'Pratique',
    coefficient: 3,
    noteMax: 40,
    eliminatoire: true,
  },
];
const RULES: DeliberationRules = { noteDePassage: 10, noteEliminatoire: 5 };
const marks = (theo: number | 'absent' | null, prat: number | 'absent' | null) => ({
  theo: mark(theo),
  prat: mark(prat),
});
const mark = (value: number | 'absent' | null): EpreuveMark | undefined =>
  value === null
    ? undefined
    : value === 'absent'
      ? { presence: 'absent', note: null }
      : { presence: 'present', note: value };

describe('a candidate’s result', () => {
  it('brings each mark to 20 and weighs it: Σ(note / max × 20 × coefficient) / Σ coefficients', () => {
    // THEO 8/20, PRAT 28/40 = 14/20: (8 × 1 + 14 × 3) / 4 = 12.5.
    const r = computeResult(EPREUVES, marks(8, 28), RULES);
    expect(r.moyenne).toBe(12.5);
    expect(r.resultat).toBe('admis');
    expect(r.notes.map((n) => n.sur20)).toEqual([8, 14]);
  });

  it('is admis at the pass mark exactly, ajourné just below', () => {
    // (10 + 20 × 3/2 …) THEO 10, PRAT 20/40 = 10: 10.
    expect(computeResult(EPREUVES, marks(10, 20), RULES)).toMatchObject({
      moyenne: 10,
      resultat: 'admis',
    });
    // THEO 9.96, PRAT 20: (9.96 + 30) / 4 = 9.99.
    expect(computeResult(EPREUVES, marks(9.96, 20), RULES)).toMatchObject({
      moyenne: 9.99,
      resultat: 'ajourne',
    });
  });

  it('is éliminé below the eliminatory mark at an eliminatory épreuve, whatever the average', () => {
    // PRAT 8/40 = 4/20 < 5: éliminé even with THEO 20 … average (20 + 12) / 4 = 8.
    expect(computeResult(EPREUVES, marks(20, 8), RULES)).toMatchObject({ resultat: 'elimine' });
    // PRAT 10/40 = 5/20: not below. THEO 20 → (20 + 15) / 4 = 8.75 → ajourné.
    expect(computeResult(EPREUVES, marks(20, 10), RULES)).toMatchObject({
      moyenne: 8.75,
      resultat: 'ajourne',
    });
    // A non-eliminatory épreuve at 0 eliminates nobody.
    expect(computeResult(EPREUVES, marks(0, 40), RULES)).toMatchObject({
      moyenne: 15,
      resultat: 'admis',
    });
    // Without an eliminatory mark, nobody is éliminé.
    expect(
      computeResult(EPREUVES, marks(20, 0), { noteDePassage: 10, noteEliminatoire: null }),
    ).toMatchObject({ resultat: 'ajourne', moyenne: 5 });
  });

  it('is absent when absent at any épreuve, without an average', () => {
    expect(computeResult(EPREUVES, marks(18, 'absent'), RULES)).toMatchObject({
      moyenne: null,
      resultat: 'absent',
    });
    expect(computeResult(EPREUVES, marks('absent', null), RULES)).toMatchObject({
      resultat: 'absent',
      manquantes: ['PRAT'],
    });
  });

  it('has no result while a mark is missing, and names the épreuves', () => {
    expect(computeResult(EPREUVES, marks(12, null), RULES)).toEqual(
      expect.objectContaining({ moyenne: null, resultat: null, manquantes: ['PRAT'] }),
    );
    // A presence without a mark is still missing.
    expect(
      computeResult(EPREUVES, { theo: { presence: 'present', note: null }, prat: mark(20) }, RULES)
        .manquantes,
    ).toEqual(['THEO']);
  });

  it('ranks by average, ties by name', () => {
    const ranks = rankByAverage([
      { candidatureId: 'a', moyenne: 12, nom: 'Ngono', prenoms: 'Paul', numeroCandidat: '3' },
      { candidatureId: 'b', moyenne: 14, nom: 'Zambo', prenoms: 'Ange', numeroCandidat: '2' },
      { candidatureId: 'c', moyenne: 12, nom: 'Étoundi', prenoms: 'Marie', numeroCandidat: '1' },
      { candidatureId: 'd', moyenne: null, nom: 'Abega', prenoms: 'Luc', numeroCandidat: '4' },
    ]);
    // Étoundi before Ngono (accents ignored), the absent candidate unranked.
    expect([...ranks.entries()]).toEqual([
      ['b', 1],
      ['c', 2],
      ['a', 3],
    ]);
  });

  it('over random grades: the average stays within 0..20 and admis ⇔ average ≥ pass, no elimination, no absence', () => {
    const epreuve = fc.record({
      coefficient: fc.integer({ min: 1, max: 10 }),
      noteMax: fc.constantFrom(10, 20, 40, 100),
      eliminatoire: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(epreuve, fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean()), {
          minLength: 1,
          maxLength: 10,
        }),
        fc.integer({ min: 1, max: 20 }),
        fc.option(fc.integer({ min: 0, max: 19 })),
        (drawn, noteDePassage, noteEliminatoire) => {
          const epreuves = drawn.map(([e], i) => ({
            ...e,
            id: `e${i}`,
            code: `E${i}`,
            libelle: `Épreuve ${i}`,
          }));
          const given = Object.fromEntries(
            drawn.map(([e, share, absent], i) => [
              `e${i}`,
              absent && i === 0 && drawn.length > 3
                ? { presence: 'absent' as const, note: null }
                : { presence: 'present' as const, note: Math.round(share * e.noteMax * 100) / 100 },
            ]),
          );
          const rules = { noteDePassage, noteEliminatoire };
          const r = computeResult(epreuves, given, rules);
          const absent = Object.values(given).some((m) => m.presence === 'absent');
          if (absent) return r.resultat === 'absent' && r.moyenne === null;
          const eliminated =
            noteEliminatoire !== null &&
            epreuves.some(
              (e) => e.eliminatoire && (given[e.id]!.note! / e.noteMax) * 20 < noteEliminatoire,
            );
          return (
            r.moyenne !== null &&
            r.moyenne >= 0 &&
            r.moyenne <= 20 &&
            (r.resultat === 'admis') === (r.moyenne >= noteDePassage && !eliminated) &&
            (r.resultat === 'elimine') === eliminated
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});

const candidate = (
  id: string,
  nom: string,
  theo: number | 'absent' | null,
  prat: number | 'absent' | null,
): CandidateComputation => ({
  candidatureId: id,
  numeroDossier: `D-${id}`,
  numeroCandidat: `N-${id}`,
  nom,
  prenoms: 'Jean',
  sexe: 'M',
  dateNaissance: '1990-01-01',
  lieuNaissance: 'Ebolowa',
  categorie: 'libre',
  handicapId: null,
  metierId: 'm',
  centreDepotId: 'cd',
  siteId: 's',
  centreExamenId: 'ce',
  departementId: 'd',
  zoneId: 'z',
  computation: computeResult(EPREUVES, marks(theo, prat), RULES),
});
const keys = { juryId: 'j', sessionId: 's' };
const reference = { numeroArrete: '12/A', dateArrete: '2027-07-10' };
const run = (events: DeliberationEvent[]) => fold(deliberationDecider, events);

describe('a jury’s deliberation', () => {
  const a = candidate('a', 'Abena', 14, 28); // 14
  const b = candidate('b', 'Bilong', 8, 16); // 8
  const c = candidate('c', 'Chindji', 16, 'absent');

  it('overrides a computed result with a reason, and closing applies it, shown as the jury’s', () => {
    const events = deliberationDecider.decide(
      { type: 'SetOverride', data: { ...keys, candidat: b, resultat: 'admis', motif: 'Rachat' } },
      run([]),
    );
    const closing = deliberationDecider.decide(
      {
        type: 'CloseDeliberation',
        data: { ...keys, sessionStatut: 'deliberation', reference, candidats: [a, b, c] },
      },
      run(events),
    );
    const frozen = closing[0]!;
    expect(frozen.type).toBe('DeliberationResultsFrozen');
    const results = (frozen.data as { resultats: { candidatureId: string }[] }).resultats;
    expect(results).toEqual([
      expect.objectContaining({ candidatureId: 'a', resultat: 'admis', derogation: null, rang: 1 }),
      expect.objectContaining({
        candidatureId: 'b',
        calcule: 'ajourne',
        resultat: 'admis',
        derogation: { resultat: 'admis', motif: 'Rachat' },
        rang: 2,
      }),
      expect.objectContaining({ candidatureId: 'c', resultat: 'absent', rang: null }),
    ]);
    expect(closing[1]).toMatchObject({
      type: 'DeliberationClosed',
      data: { effectif: 3, admis: 2, ajournes: 0, absents: 1, numeroArrete: '12/A' },
    });
  });

  it('refuses to close without the reference, outside « Délibération », or with a mark missing', () => {
    const close = (more: Record<string, unknown>) => () =>
      deliberationDecider.decide(
        {
          type: 'CloseDeliberation',
          data: {
            ...keys,
            sessionStatut: 'deliberation',
            reference,
            candidats: [a, b],
            ...more,
          },
        },
        run([]),
      );
    expect(close({ reference: null })).toThrow(ConflictError);
    expect(close({ sessionStatut: 'composition' })).toThrow(ConflictError);
    expect(close({ candidats: [] })).toThrow('Ce jury n’a aucun candidat');
    expect(close({ candidats: [a, candidate('d', 'Dika', 12, null)] })).toThrow(
      'Clôture impossible : 1 candidat sans présence ni note retenue à une épreuve : N-d (PRAT).',
    );
  });

  it('once closed, refuses overrides and a second closing; a re-deliberation needs a reason and moves ranks', () => {
    const closed = run(
      deliberationDecider.decide(
        {
          type: 'CloseDeliberation',
          data: { ...keys, sessionStatut: 'deliberation', reference, candidats: [a, b, c] },
        },
        run([]),
      ),
    );
    expect(() =>
      deliberationDecider.decide(
        { type: 'SetOverride', data: { ...keys, candidat: b, resultat: 'admis', motif: 'Rachat' } },
        closed,
      ),
    ).toThrow(ConflictError);
    expect(() =>
      deliberationDecider.decide(
        {
          type: 'CloseDeliberation',
          data: { ...keys, sessionStatut: 'deliberation', reference, candidats: [a, b, c] },
        },
        closed,
      ),
    ).toThrow('déjà close');
    const corrected = candidate('b', 'Bilong', 18, 36); // 18 now
    expect(() =>
      deliberationDecider.decide(
        {
          type: 'Redeliberate',
          data: { ...keys, candidat: corrected, motif: '', derogation: null },
        },
        closed,
      ),
    ).toThrow(ValidationError);
    const [event] = deliberationDecider.decide(
      {
        type: 'Redeliberate',
        data: { ...keys, candidat: corrected, motif: 'Réclamation fondée', derogation: null },
      },
      closed,
    );
    expect(event).toMatchObject({
      type: 'CandidateRedeliberated',
      data: {
        avant: { moyenne: 8, resultat: 'ajourne', rang: 2 },
        apres: { moyenne: 18, resultat: 'admis', rang: 1 },
        rangs: [{ candidatureId: 'a', rang: 2 }],
      },
    });
    const after = deliberationDecider.evolve(closed, event!);
    expect(after.resultats.get('b')).toMatchObject({ resultat: 'admis', rang: 1 });
    expect(after.resultats.get('a')).toMatchObject({ resultat: 'admis', rang: 2 });
  });
});
