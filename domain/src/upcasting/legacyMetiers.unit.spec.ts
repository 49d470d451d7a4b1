import { describe, expect, it } from '@jest/globals';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import { DeciderSpecification } from '../core/testing.js';
import { listResource, parseListItem } from '../reference-lists/contracts.js';
import { listItemDecider, type ListItemEvent } from '../reference-lists/item.js';
import { referenceList } from '../reference-lists/lists.js';
import { upcast, UPCAST_TYPES } from './upcast.js';

const spec = DeciderSpecification.for(listItemDecider);

/** The instant of the command (its context's `now`). */
const at = { now: '2026-05-04T09:00:00.000Z' };
const metiers = referenceList('metiers')!;
const itemId = 'm-1';
const ref = { list: 'metiers', itemId };
const elec = {
  ...ref,
  code: 'ELEC',
  libelle: 'Électricité',
  values: { filiereId: null, corpsDeMetierId: null },
};
const created: ListItemEvent = { type: 'ListItemCreated', data: elec };
const deactivated: ListItemEvent = { type: 'ListItemDeactivated', data: ref };

/** An event as the code before 23/11/2026 stored it, read as today's code reads it. */
const legacy = (type: string, data: Record<string, unknown>) =>
  upcast({ type, data }) as ListItemEvent;

describe('Métier (a reference list)', () => {
  it('is created active with its code, libellé, filière and corps de métier', () => {
    spec.given([]).when({ type: 'CreateListItem', data: elec }).then([created]);
  });

  it('names itself in its refusals: « Ce métier… »', () => {
    spec
      .given([created])
      .when({ type: 'CreateListItem', data: elec })
      .thenThrows(ConflictError, (e) => expect(e.message).toBe('Ce métier existe déjà.'));
    spec
      .given([created, deactivated])
      .when({ type: 'DeactivateListItem', data: ref })
      .thenThrows(ConflictError, (e) => expect(e.message).toBe('Ce métier est déjà désactivé.'));
    spec
      .given([created])
      .when({ type: 'ReactivateListItem', data: ref })
      .thenThrows(ConflictError, (e) => expect(e.message).toBe('Ce métier est déjà actif.'));
    spec
      .given([created])
      .when({ type: 'DeleteListItem', data: { ...ref, usageCount: 3 } })
      .thenThrows(ConflictError, (e) =>
        expect(e.message).toBe(
          'Ce métier est utilisé (3 références) : désactivez-le au lieu de le supprimer.',
        ),
      );
    spec
      .given([])
      .when({ type: 'DeactivateListItem', data: ref })
      .thenThrows(NotFoundError, (e) => expect(e.message).toBe('Ce métier est introuvable.'));
  });

  it('reads the form as the métiers form did: code normalised, classification optional', () => {
    expect(
      parseListItem(metiers, { code: ' élec-01 ', libelle: '  Électricité   bâtiment ' }, at),
    ).toEqual({
      code: 'ELEC-01',
      libelle: 'Électricité bâtiment',
      values: { filiereId: null, corpsDeMetierId: null },
    });
    expect(() => parseListItem(metiers, { code: 'A B', libelle: 'x' }, at)).toThrow(
      ValidationError,
    );
    expect(() => parseListItem(metiers, { code: 'A', libelle: 'x', extra: 1 }, at)).toThrow(
      'Champ inconnu : extra.',
    );
  });
});

describe('Métier events stored before 23/11/2026', () => {
  const old = {
    created: legacy('MetierCreated', { metierId: itemId, code: 'ELEC', libelle: 'Électricité' }),
    modified: legacy('MetierModified', {
      metierId: itemId,
      code: 'ELEC',
      libelle: 'Électricité bâtiment',
      filiereId: 'f-1',
      corpsDeMetierId: null,
    }),
    deactivated: legacy('MetierDeactivated', { metierId: itemId }),
    reactivated: legacy('MetierReactivated', { metierId: itemId }),
    deleted: legacy('MetierDeleted', { metierId: itemId, code: 'ELEC' }),
  };

  it('are read as the list events the code emits today', () => {
    expect(old.created).toEqual(created);
    expect(old.modified).toEqual({
      type: 'ListItemModified',
      data: {
        ...ref,
        code: 'ELEC',
        libelle: 'Électricité bâtiment',
        values: { filiereId: 'f-1', corpsDeMetierId: null },
      },
    });
    expect(old.deactivated).toEqual(deactivated);
    expect(old.reactivated).toEqual({ type: 'ListItemReactivated', data: ref });
    expect(old.deleted).toEqual({ type: 'ListItemDeleted', data: { ...ref, code: 'ELEC' } });
    expect(UPCAST_TYPES).toEqual([
      'MetierCreated',
      'MetierModified',
      'MetierDeactivated',
      'MetierReactivated',
      'MetierDeleted',
    ]);
    const current = { type: 'ListItemCreated', data: elec, revision: 4 };
    expect(upcast(current)).toBe(current);
  });

  it('keep deciding: a métier created then deactivated by the old code is reactivated today', () => {
    spec
      .given([old.created, old.deactivated])
      .when({ type: 'ReactivateListItem', data: ref })
      .then([{ type: 'ListItemReactivated', data: ref }]);
    // Saving its unchanged form records nothing (no filière then is no filière now).
    spec.given([old.created]).when({ type: 'ModifyListItem', data: elec }).then([]);
    spec
      .given([old.created, old.deleted])
      .when({ type: 'ModifyListItem', data: elec })
      .thenThrows(NotFoundError);
  });

  it('keep their history: who did what and when, each changed field before and after', () => {
    const meta = (at: string, name = 'Awa Ndiaye') => ({ at, actor: { name } });
    const stored = [
      ['MetierCreated', { metierId: 'a', code: 'MEN', libelle: 'Menuiserie' }],
      ['MetierModified', { metierId: 'a', code: 'MEN', libelle: 'Menuiserie bois' }],
      ['MetierDeactivated', { metierId: 'a' }],
    ] as const;
    const ats = ['2026-01-02T08:00:00Z', '2026-01-03T09:30:00Z', '2026-01-04T10:00:00Z'];
    const entries = listResource(metiers).history!(
      stored.map(([type, data], revision) =>
        upcast({
          type,
          data,
          revision,
          metadata: meta(ats[revision]!, revision === 1 ? 'Paul Biya Etoundi' : undefined),
        }),
      ),
    );
    expect(entries.map((e) => [e.action, e.actor, e.at])).toEqual([
      ['Création', 'Awa Ndiaye', ats[0]],
      ['Modification', 'Paul Biya Etoundi', ats[1]],
      ['Désactivation', 'Awa Ndiaye', ats[2]],
    ]);
    expect(entries[0]!.changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Code', null, 'MEN'],
      ['Libellé', null, 'Menuiserie'],
      ['Actif', null, true],
    ]);
    expect(entries[1]!.changes).toEqual([
      { field: 'libelle', label: 'Libellé', before: 'Menuiserie', after: 'Menuiserie bois' },
    ]);
    expect(entries[2]!.changes).toEqual([
      { field: 'actif', label: 'Actif', before: true, after: false },
    ]);
  });
});
