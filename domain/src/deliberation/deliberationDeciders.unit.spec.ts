import { describe, expect, it } from '@jest/globals';
import { fold } from '../core/decider.js';
import { ConflictError } from '../core/errors.js';
import {
  type CandidateComputation,
  computeResult,
  decideClosing,
  decideOverrideCommand,
  decideRedeliberation,
  DELIBERATION_CLOSED,
  deliberationDecider,
  type DeliberationEpreuve,
} from './deliberation.js';

/** The deliberation's deciders, one per family of commands, each callable alone. */
const EPREUVES: DeliberationEpreuve[] = [
  { id: 'e', code: 'E', libelle: 'Écrit', coefficient: 1, noteMax: 20, eliminatoire: false },
];
const candidate = (id: string, note: number): CandidateComputation => ({
  candidatureId: id,
  numeroDossier: `D-${id}`,
  numeroCandidat: `N-${id}`,
  nom: `Nom ${id}`,
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
  computation: computeResult(
    EPREUVES,
    { e: { presence: 'present', note } },
    { noteDePassage: 10, noteEliminatoire: null },
  ),
});
const keys = { juryId: 'j', sessionId: 's' };
const reference = { numeroArrete: '12/A', dateArrete: '2027-07-10' };
const a = candidate('a', 14);
const b = candidate('b', 8);
const open = deliberationDecider.initialState();
const closing = {
  type: 'CloseDeliberation',
  data: { ...keys, sessionStatut: 'deliberation', reference, candidats: [a, b] },
} as const;

describe('The deliberation’s deciders, one per family', () => {
  it('the overrides’: sets one while the jury deliberates, refuses it once closed', () => {
    const set = {
      type: 'SetOverride',
      data: { ...keys, candidat: b, resultat: 'admis', motif: 'Rachat' },
    } as const;
    expect(decideOverrideCommand(set, open)).toEqual([
      {
        type: 'DeliberationOverrideSet',
        data: {
          ...keys,
          candidatureId: 'b',
          numeroCandidat: 'N-b',
          calcule: 'ajourne',
          resultat: 'admis',
          motif: 'Rachat',
        },
      },
    ]);
    const closed = fold(deliberationDecider, decideClosing(closing, open));
    expect(() => decideOverrideCommand(set, closed)).toThrow(DELIBERATION_CLOSED);
  });

  it('the closing’s: freezes the results then closes, with the counts', () => {
    const events = decideClosing(closing, open);
    expect(events.map((e) => e.type)).toEqual(['DeliberationResultsFrozen', 'DeliberationClosed']);
    expect(events[1]).toMatchObject({ data: { effectif: 2, admis: 1, ajournes: 1 } });
    expect(events).toEqual(deliberationDecider.decide(closing, open));
  });

  it('the re-deliberation’s: only once closed, and it moves the ranks', () => {
    const command = {
      type: 'Redeliberate',
      data: {
        ...keys,
        candidat: candidate('b', 16),
        motif: 'Réclamation fondée',
        derogation: null,
      },
    } as const;
    expect(() => decideRedeliberation(command, open)).toThrow(ConflictError);
    const closed = fold(deliberationDecider, decideClosing(closing, open));
    expect(decideRedeliberation(command, closed)).toEqual([
      expect.objectContaining({
        type: 'CandidateRedeliberated',
        data: expect.objectContaining({
          apres: expect.objectContaining({ resultat: 'admis', rang: 1 }),
          rangs: [{ candidatureId: 'a', rang: 2 }],
        }),
      }),
    ]);
  });
});
