import { describe, expect, it } from '@jest/globals';
import { ConflictError, ValidationError } from '../core/errors.js';
import { DeciderSpecification } from '../core/testing.js';
import { parseListItem } from '../reference-lists/contracts.js';
import { listItemDecider, type ListItemEvent } from '../reference-lists/item.js';
import { uniqueKeysOf } from '../reference-lists/lists.js';
import { JURYS, MEMBRES_JURY, juryCoverage } from './juries.js';

const spec = DeciderSpecification.for(listItemDecider);

/** The instant of the command (its context's `now`). */
const at = { now: '2026-05-04T09:00:00.000Z' };
const jury = {
  libelle: 'Jury de Douala',
  typeId: 't-1',
  sessionId: 's-1',
  centreExamenIds: ['c-1', 'c-2'],
  metierIds: ['m-1', 'm-2'],
  presidentId: 'p-1',
  membreIds: ['p-2'],
};

describe('Juries', () => {
  it('keeps one key per (session, centre d’examen, métier) pair it covers', () => {
    const { values } = parseListItem(JURYS, jury, at);
    expect(uniqueKeysOf(JURYS, values).map((key) => key.value)).toEqual([
      's-1+c-1+m-1',
      's-1+c-1+m-2',
      's-1+c-2+m-1',
      's-1+c-2+m-2',
    ]);
    expect(new Set(uniqueKeysOf(JURYS, values).map((key) => key.field))).toEqual(
      new Set(['sessionId+centreExamenIds+metierIds']),
    );
  });

  it('requires a centre d’examen and a métier at least, and a president apart from the other members', () => {
    expect(() => parseListItem(JURYS, { ...jury, centreExamenIds: [] }, at)).toThrow(
      new ValidationError('« Centres d’examen » est obligatoire.'),
    );
    expect(() => parseListItem(JURYS, { ...jury, metierIds: undefined }, at)).toThrow(
      '« Métiers » est obligatoire.',
    );
    expect(() => parseListItem(JURYS, { ...jury, membreIds: ['p-2', 'p-1'] }, at)).toThrow(
      'Le président figure déjà dans le jury : retirez-le des autres membres.',
    );
    // Other members are optional; the form never sets the deliberation.
    expect(parseListItem(JURYS, { ...jury, membreIds: [] }, at).values.membreIds).toEqual([]);
    expect(() => parseListItem(JURYS, { ...jury, deliberee: true }, at)).toThrow(
      'Champ inconnu : deliberee.',
    );
  });

  it('names a member by their nom and prénoms, with their fonction', () => {
    const member = parseListItem(
      MEMBRES_JURY,
      {
        nom: 'mbarga',
        prenoms: 'jean-pierre',
        fonctionId: 'f-1',
        structure: 'Lycée technique',
        telephone: '6 99 00 11 22',
      },
      at,
    );
    expect(member.libelle).toBe('Mbarga Jean-Pierre');
    expect(member.values).toMatchObject({ fonctionId: 'f-1', telephone: '699001122' });
    expect(() => parseListItem(MEMBRES_JURY, { nom: 'Mbarga', prenoms: 'Jean' }, at)).toThrow(
      '« Fonction » est obligatoire.',
    );
  });

  it('cannot be deleted once it has deliberated, and a modification keeps the deliberation', () => {
    const { libelle, values } = parseListItem(JURYS, jury, at);
    const data = { list: 'jurys', itemId: 'j-1', code: '', libelle, values };
    const created: ListItemEvent = { type: 'ListItemCreated', data };
    const deliberated: ListItemEvent = {
      type: 'ListItemModified',
      data: { ...data, values: { ...values, deliberee: true } },
    };
    const remove = {
      type: 'DeleteListItem' as const,
      data: { list: 'jurys', itemId: 'j-1', usageCount: 0 },
    };
    spec
      .given([created])
      .when(remove)
      .then([{ type: 'ListItemDeleted', data: { list: 'jurys', itemId: 'j-1', code: '' } }]);
    spec
      .given([created, deliberated])
      .when(remove)
      .thenThrows(ConflictError, (e) =>
        expect(e.message).toBe('Ce jury a délibéré : il ne peut plus être supprimé.'),
      );
    const renamed = { ...data, libelle: 'Jury du Littoral' };
    spec
      .given([created, deliberated])
      .when({ type: 'ModifyListItem', data: renamed })
      .then([
        {
          type: 'ListItemModified',
          data: { ...renamed, values: { ...values, deliberee: true } },
        },
      ]);
  });

  it('shows each pair with candidates as covered, without a jury, or covered twice', () => {
    const a = {
      id: 'j-a',
      libelle: 'Jury A',
      centreExamenIds: ['c-1'],
      metierIds: ['m-1', 'm-2'],
      actif: true,
    };
    const b = {
      id: 'j-b',
      libelle: 'Jury B',
      centreExamenIds: ['c-1'],
      metierIds: ['m-2'],
      actif: false,
    };
    const rows = juryCoverage(
      [
        { centreExamenId: 'c-1', metierId: 'm-1', candidats: 4 },
        { centreExamenId: 'c-1', metierId: 'm-2', candidats: 2 },
        { centreExamenId: 'c-2', metierId: 'm-1', candidats: 7 },
      ],
      [a, b],
    );
    expect(
      rows.map((r) => [r.centreExamenId, r.metierId, r.etat, r.jurys.map((j) => j.id)]),
    ).toEqual([
      ['c-2', 'm-1', 'non-couvert', []],
      ['c-1', 'm-2', 'chevauchement', ['j-a', 'j-b']],
      ['c-1', 'm-1', 'couvert', ['j-a']],
    ]);
  });
});
