import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '../core/errors.js';
import { IDENTITY_MESSAGES, parseIdentityCorrection } from './identityCorrection.js';

const fails = (run: () => unknown): ValidationError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('aucune erreur de validation');
};

describe('identity correction form', () => {
  const body = {
    nom: 'ngono',
    prenoms: 'éloïse marie',
    sexe: 'F',
    dateNaissance: '1990-05-05',
    lieuNaissance: 'Yaoundé',
    nationalite: 'Camerounaise',
    justification: 'Erreur de saisie du nom, voir l’acte de naissance.',
    document: { fichier: `identite-${'a'.repeat(64)}.pdf`, nomFichier: 'acte.pdf' },
  };
  /** The instant of the command (its context's `now`). */
  const at = { now: '2026-05-04T09:00:00.000Z' };

  it('keeps the identity cleaned and capitalised, with its justification and document', () => {
    expect(parseIdentityCorrection(body, at)).toEqual({
      identite: {
        nom: 'Ngono',
        prenoms: 'Éloïse Marie',
        sexe: 'F',
        dateNaissance: '1990-05-05',
        lieuNaissance: 'Yaoundé',
        nationalite: 'Camerounaise',
      },
      justification: body.justification,
      document: body.document,
    });
  });

  it('judges the date of birth against the command’s instant, never the machine’s clock', () => {
    const past = { now: '1990-05-05T23:30:00.000Z' };
    expect(fails(() => parseIdentityCorrection(body, past)).fields).toEqual({
      dateNaissance: IDENTITY_MESSAGES.dateFuture,
    });
    const dayAfter = { now: '1990-05-06T00:00:00.000Z' };
    expect(parseIdentityCorrection(body, dayAfter).identite.dateNaissance).toBe('1990-05-05');
    const future = { now: '2999-06-01T00:00:00.000Z' };
    expect(
      parseIdentityCorrection({ ...body, dateNaissance: '2999-01-01' }, future).identite
        .dateNaissance,
    ).toBe('2999-01-01');
  });
});
