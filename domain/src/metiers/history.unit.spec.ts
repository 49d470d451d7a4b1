import { describe, expect, it } from '@jest/globals';
import { metierHistory } from './history.js';

const meta = (at: string, name = 'Awa Ndiaye') => ({ at, actor: { name } });

describe('métier history', () => {
  it('lists who did what and when, with each changed field before and after', () => {
    const entries = metierHistory([
      {
        type: 'MetierCreated',
        revision: 0,
        data: { metierId: 'a', code: 'MEN', libelle: 'Menuiserie' },
        metadata: meta('2026-01-02T08:00:00Z'),
      },
      {
        type: 'MetierModified',
        revision: 1,
        data: { metierId: 'a', code: 'MEN', libelle: 'Menuiserie bois' },
        metadata: meta('2026-01-03T09:30:00Z', 'Paul Biya Etoundi'),
      },
      {
        type: 'MetierDeactivated',
        revision: 2,
        data: { metierId: 'a' },
        metadata: meta('2026-01-04T10:00:00Z'),
      },
    ]);
    expect(entries.map((e) => [e.action, e.actor, e.at])).toEqual([
      ['Création', 'Awa Ndiaye', '2026-01-02T08:00:00Z'],
      ['Modification', 'Paul Biya Etoundi', '2026-01-03T09:30:00Z'],
      ['Désactivation', 'Awa Ndiaye', '2026-01-04T10:00:00Z'],
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
