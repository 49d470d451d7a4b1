import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../core/envelope.js';
import {
  computeResult,
  frozenResult,
  type CandidateComputation,
  type DeliberationEpreuve,
} from './deliberation.js';
import {
  resultDocument,
  resultEpreuveIndexes,
  resultMarkLines,
  withResultEpreuves,
} from './deliberationContracts.js';

/** The results' document keeps its marks compact and gives back the very lines it was frozen with. */
const THEO: DeliberationEpreuve = {
  id: 'theo',
  code: 'THEO',
  libelle: 'Théorie',
  coefficient: 1,
  noteMax: 20,
  eliminatoire: false,
};
const PRAT: DeliberationEpreuve = {
  id: 'prat',
  code: 'PRAT',
  libelle: 'Pratique',
  coefficient: 3,
  noteMax: 40,
  eliminatoire: true,
};
const ORAL: DeliberationEpreuve = { ...THEO, id: 'oral', code: 'ORAL', libelle: 'Oral' };
const RULES = { noteDePassage: 10, noteEliminatoire: 5 };

const candidate = (
  id: string,
  epreuves: DeliberationEpreuve[],
  marks: Parameters<typeof computeResult>[1],
): CandidateComputation => ({
  candidatureId: id,
  numeroDossier: `D-${id}`,
  numeroCandidat: `N-${id}`,
  nom: `Nom ${id}`,
  prenoms: 'Awa',
  sexe: 'F',
  dateNaissance: '2001-02-03',
  lieuNaissance: 'Bafoussam',
  categorie: 'libre',
  handicapId: null,
  metierId: 'm',
  centreDepotId: 'cd',
  siteId: 's',
  centreExamenId: 'ce',
  departementId: 'd',
  zoneId: 'z',
  computation: computeResult(epreuves, marks, RULES),
});
const event = (revision: number) =>
  ({
    id: `ev-${revision}`,
    type: 'DeliberationResultsFrozen',
    data: {},
    metadata: { actor: { id: 'u', name: 'Agent' }, at: '2027-07-12T10:00:00.000Z' },
    streamId: 'deliberations-j',
    revision,
    position: String(revision + 1),
  }) as unknown as RecordedEvent;
const keys = { sessionId: 's', juryId: 'j', numeroArrete: '42', dateArrete: '2027-07-10' };
const closing = { closLe: '2027-07-12T10:00:00.000Z', closPar: 'Agent' };

describe('a frozen result’s document', () => {
  it('stores each mark as [épreuve, note, absent] and gives back the lines it was frozen with', () => {
    const results = [
      frozenResult(
        candidate('a', [THEO, PRAT], {
          theo: { presence: 'present', note: 13.25 },
          prat: { presence: 'present', note: 27 },
        }),
        null,
        1,
      ),
      frozenResult(
        candidate('b', [THEO, PRAT], {
          theo: { presence: 'absent', note: null },
          prat: { presence: 'present', note: 30 },
        }),
        null,
        null,
      ),
    ];
    const epreuves = withResultEpreuves(null, 'j', results, 0);
    expect(epreuves).toMatchObject({ id: 'j', juryId: 'j', version: 0 });
    expect(epreuves.epreuves.map((e) => e.code)).toEqual(['THEO', 'PRAT']);
    const docs = results.map((r) =>
      resultDocument(r, keys, event(0), closing, null, resultEpreuveIndexes(epreuves)),
    );
    expect(docs[0]!.notes).toEqual([
      [0, 13.25, 0],
      [1, 27, 0],
    ]);
    expect(docs[1]!.notes).toEqual([
      [0, null, 1],
      [1, 30, 0],
    ]);
    docs.forEach((doc, i) => expect(resultMarkLines(doc, epreuves)).toEqual(results[i]!.notes));
    // Compact: far fewer bytes than the lines themselves.
    expect(JSON.stringify(docs[0]!.notes).length * 5).toBeLessThan(
      JSON.stringify(results[0]!.notes).length,
    );
  });

  it('adds an épreuve seen later at the end, keeping the indexes already written', () => {
    const first = frozenResult(
      candidate('a', [THEO, PRAT], {
        theo: { presence: 'present', note: 12 },
        prat: { presence: 'present', note: 20 },
      }),
      null,
      1,
    );
    const epreuves = withResultEpreuves(null, 'j', [first], 0);
    expect(withResultEpreuves(epreuves, 'j', [first], 1)).toBe(epreuves);
    const later = frozenResult(
      candidate('a', [ORAL, PRAT], {
        oral: { presence: 'present', note: 15 },
        prat: { presence: 'present', note: 22 },
      }),
      null,
      1,
    );
    const grown = withResultEpreuves(epreuves, 'j', [later], 3);
    expect(grown.epreuves.map((e) => e.code)).toEqual(['THEO', 'PRAT', 'ORAL']);
    expect(grown.version).toBe(3);
    const before = resultDocument(
      first,
      keys,
      event(0),
      closing,
      null,
      resultEpreuveIndexes(epreuves),
    );
    const after = resultDocument(
      later,
      keys,
      event(3),
      closing,
      before,
      resultEpreuveIndexes(grown),
    );
    expect(after.notes).toEqual([
      [2, 15, 0],
      [1, 22, 0],
    ]);
    expect(resultMarkLines(before, grown)).toEqual(first.notes);
    expect(resultMarkLines(after, grown)).toEqual(later.notes);
    expect(after.redeliberations).toBe(1);
  });
});
