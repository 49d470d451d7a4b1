import { describe, expect, it } from '@jest/globals';
import { ConflictError, NotFoundError } from '../core/errors.js';
import { DeciderSpecification } from '../core/testing.js';
import { parseInput } from '../core/validation.js';
import { ValidationError } from '../core/errors.js';
import { metierDecider } from './businessLogic.js';
import { metierInputSchema } from './contracts.js';
import type { MetierEvent } from './metier.js';

const spec = DeciderSpecification.for(metierDecider);
const id = 'm-1';
const created: MetierEvent = {
  type: 'MetierCreated',
  data: { metierId: id, code: 'ELEC', libelle: 'Électricité' },
};

describe('Métier', () => {
  it('is created active with its code and libellé', () => {
    spec
      .given([])
      .when({ type: 'CreateMetier', data: { metierId: id, code: 'ELEC', libelle: 'Électricité' } })
      .then([created]);
  });

  it('cannot be created twice under one id', () => {
    spec
      .given([created])
      .when({ type: 'CreateMetier', data: { metierId: id, code: 'ELEC', libelle: 'Électricité' } })
      .thenThrows(ConflictError);
  });

  it('records a modification, and nothing when nothing changed', () => {
    spec
      .given([created])
      .when({
        type: 'ModifyMetier',
        data: { metierId: id, code: 'ELEC', libelle: 'Électricité bâtiment' },
      })
      .then([
        {
          type: 'MetierModified',
          data: {
            metierId: id,
            code: 'ELEC',
            libelle: 'Électricité bâtiment',
            filiereId: null,
            corpsDeMetierId: null,
          },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'ModifyMetier', data: { metierId: id, code: 'ELEC', libelle: 'Électricité' } })
      .then([]);
  });

  it('refuses to modify an unknown or deleted métier', () => {
    spec
      .given([])
      .when({ type: 'ModifyMetier', data: { metierId: id, code: 'X', libelle: 'Y' } })
      .thenThrows(NotFoundError, (e) => expect(e.message).toBe('Ce métier est introuvable.'));
    spec
      .given([created, { type: 'MetierDeleted', data: { metierId: id, code: 'ELEC' } }])
      .when({ type: 'ModifyMetier', data: { metierId: id, code: 'X', libelle: 'Y' } })
      .thenThrows(NotFoundError);
  });

  it('is deactivated then reactivated, each once', () => {
    spec
      .given([created])
      .when({ type: 'DeactivateMetier', data: { metierId: id } })
      .then([{ type: 'MetierDeactivated', data: { metierId: id } }]);
    const deactivated: MetierEvent = { type: 'MetierDeactivated', data: { metierId: id } };
    spec
      .given([created, deactivated])
      .when({ type: 'DeactivateMetier', data: { metierId: id } })
      .thenThrows(ConflictError, (e) => expect(e.message).toBe('Ce métier est déjà désactivé.'));
    spec
      .given([created, deactivated])
      .when({ type: 'ReactivateMetier', data: { metierId: id } })
      .then([{ type: 'MetierReactivated', data: { metierId: id } }]);
    spec
      .given([created])
      .when({ type: 'ReactivateMetier', data: { metierId: id } })
      .thenThrows(ConflictError, (e) => expect(e.message).toBe('Ce métier est déjà actif.'));
  });

  it('is deleted only while unused', () => {
    spec
      .given([created])
      .when({ type: 'DeleteMetier', data: { metierId: id, usageCount: 0 } })
      .then([{ type: 'MetierDeleted', data: { metierId: id, code: 'ELEC' } }]);
    spec
      .given([created])
      .when({ type: 'DeleteMetier', data: { metierId: id, usageCount: 3 } })
      .thenThrows(ConflictError, (e) =>
        expect(e.message).toBe(
          'Ce métier est utilisé (3 références) : désactivez-le au lieu de le supprimer.',
        ),
      );
  });
});

describe('Métier form contract', () => {
  it('normalises the code to upper case without accents and trims the libellé', () => {
    expect(
      parseInput(metierInputSchema, { code: ' élec-01 ', libelle: '  Électricité   bâtiment ' }),
    ).toEqual({
      code: 'ELEC-01',
      libelle: 'Électricité bâtiment',
      filiereId: null,
      corpsDeMetierId: null,
    });
  });

  it('answers French messages per field', () => {
    let error: unknown;
    try {
      parseInput(metierInputSchema, { code: '', libelle: 'x'.repeat(201), extra: 1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    const fields = (error as ValidationError).fields;
    expect(fields.code).toBe('Le code est obligatoire.');
    expect(fields.libelle).toBe('Le libellé compte au plus 200 caractères.');
    expect(fields._).toBe('Champ inconnu : extra.');
  });

  it('refuses a missing body and codes with forbidden characters', () => {
    expect(() => parseInput(metierInputSchema, undefined)).toThrow('Le code est obligatoire.');
    expect(() => parseInput(metierInputSchema, { code: 'A B', libelle: 'x' })).toThrow(
      'Le code ne contient que des lettres, des chiffres, des points, des tirets et des soulignés.',
    );
  });
});
