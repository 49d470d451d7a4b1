import { describe, expect, it } from '@jest/globals';
import {
  firstProblem,
  isoFromFrench,
  isStrictFrenchDate,
  LIST_MESSAGES,
  type PersonRow,
} from './personList.js';

const valid: PersonRow = {
  nom: 'Mbarga',
  prenoms: 'Jean-Pierre',
  sexe: 'M',
  nationalite: 'Camerounaise',
  lieu_naissance: 'Yaoundé',
  telephone: '699112233',
  matricule: 'MAT-000123',
  date_naissance: '05/03/1998',
  date_premiere_prise_service: '01/09/2020',
};
const headline = (change: PersonRow) => firstProblem({ ...valid, ...change }, 7)?.message;

describe('seed §5 rules of a person list, in order', () => {
  it('accepts a complete row', () => {
    expect(firstProblem(valid, 2)).toBeUndefined();
  });

  it('rule 1: sex exactly M or F (the headline on two lines)', () => {
    for (const sexe of ['m', 'H', '', ' ', 'MF', 'Masculin'])
      expect(headline({ sexe })).toBe(
        'Sexe au mauvais format: Verifiez votre liste\nLe sexe doit être M ou F',
      );
  });

  it('rules 2 and 3: names required, then without abbreviation', () => {
    expect(headline({ nom: '' })).toBe('Nom & prénoms obligatoires');
    expect(headline({ prenoms: '  ' })).toBe('Nom & prénoms obligatoires');
    expect(headline({ prenoms: 'J. Pierre' })).toBe(
      "Les noms et/ou prénoms doivent être conformes à l'acte de naissance et sans abréviation.",
    );
    expect(headline({ nom: 'Mbarga A' })).toBe(LIST_MESSAGES.abreviation);
  });

  it('rules 4 and 5: nationality and place of birth share the seed’s headline', () => {
    expect(headline({ nationalite: '' })).toBe('Nationalité obligatoire.');
    const place = firstProblem({ ...valid, lieu_naissance: '' }, 9)!;
    expect(place).toEqual({
      ligne: 9,
      colonne: 'lieu_naissance',
      message: 'Nationalité obligatoire.',
      detail: 'Lieu de naissance manquant.',
    });
  });

  it('rules 6 to 8: phone, matricule, strict dates; then the minimum lengths', () => {
    expect(headline({ telephone: '' })).toBe('Téléphone obligatoire à la soumission.');
    expect(headline({ matricule: '' })).toBe('Matricule obligatoire à la soumission.');
    for (const date of ['5/3/1998', '1998-03-05', '31/02/1998', '05/13/1998', '', '05/03/98'])
      expect(headline({ date_naissance: date })).toBe(
        'Date de naissance et date de premier prise de service sont obligatoires et au format JJ/MM/AAAA',
      );
    expect(headline({ date_premiere_prise_service: '29/02/2023' })).toBe(LIST_MESSAGES.dates);
    expect(headline({ telephone: '6991122' })).toBe('Téléphone : 8 caractères au minimum.');
    expect(headline({ matricule: 'MAT-1' })).toBe('Matricule : 8 caractères au minimum.');
  });

  it('reports a row’s first failure only, in the seed’s order', () => {
    expect(firstProblem({ ...valid, sexe: 'X', nom: '', telephone: '' }, 3)).toMatchObject({
      colonne: 'sexe',
    });
    expect(firstProblem({ ...valid, telephone: '', date_naissance: 'x' }, 3)).toMatchObject({
      colonne: 'telephone',
    });
  });

  it('reads strict French dates', () => {
    expect(isStrictFrenchDate('29/02/2024')).toBe(true);
    expect(isStrictFrenchDate('29/02/2023')).toBe(false);
    expect(isoFromFrench('05/03/1998')).toBe('1998-03-05');
  });
});
