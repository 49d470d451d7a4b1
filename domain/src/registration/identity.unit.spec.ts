import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '../core/errors.js';
import { parseListItem } from '../configuration/contracts.js';
import { referenceList } from '../configuration/lists.js';
import {
  capitalizeName,
  cleanName,
  isAbbreviatedName,
  NAME_ABBREVIATED,
  storedName,
  upperWithoutAccents,
  yearsBefore,
} from './identity.js';

const fails = (run: () => unknown): ValidationError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('aucune erreur de validation');
};

describe('seed §5 text rules', () => {
  it('rule 3: a dot or a one-character word is an abbreviation', () => {
    expect(isAbbreviatedName('J. Paul')).toBe(true);
    expect(isAbbreviatedName('Jean P')).toBe(true);
    expect(isAbbreviatedName('Mbarga.')).toBe(true);
    expect(isAbbreviatedName('É Ngono')).toBe(true);
    expect(isAbbreviatedName('Jean-Paul')).toBe(false);
    expect(isAbbreviatedName("N'Dongo Éloïse")).toBe(false);
    expect(isAbbreviatedName('  Atangana   Marie  ')).toBe(false);
  });

  it('cleans to letters, digits, spaces, apostrophes and hyphens', () => {
    expect(cleanName('  Jean_Pierre  (dit «Jojo»)! ')).toBe('JeanPierre dit Jojo');
    expect(cleanName('N’Dongo   Éloïse')).toBe("N'Dongo Éloïse");
    expect(cleanName('Marie-Ange 2')).toBe('Marie-Ange 2');
  });

  it('gives each word and each part after an apostrophe or a hyphen an initial capital', () => {
    expect(capitalizeName("jean-PIERRE d'alembert")).toBe("Jean-Pierre D'Alembert");
    expect(capitalizeName('ÉLOÏSE ÉBÉNÉ')).toBe('Éloïse Ébéné');
    expect(storedName('  mbarga   (ép. ngono) ')).toBe('Mbarga Ép Ngono');
  });

  it('upper-cases without accents, and subtracts years from a date', () => {
    expect(upperWithoutAccents('Élodie Ngô')).toBe('ELODIE NGO');
    expect(yearsBefore('2027-06-15', 15)).toBe('2012-06-15');
    expect(yearsBefore('2028-02-29', 1)).toBe('2027-02-28');
  });
});

describe('patrons and apprentis, as lists without codes', () => {
  const patrons = referenceList('patrons')!;
  const apprentis = referenceList('apprentis')!;
  const patron = {
    libelle: '  Garage   Moderne ',
    responsableNom: 'MBARGA',
    responsablePrenoms: 'jean-pierre',
    responsableSexe: 'M',
    telephone: '699 00 11 22',
    email: 'Contact@Garage.cm',
    metierId: 'metier-1',
    departementId: 'dep-1',
    adresse: '',
  };
  const apprenti = {
    nom: 'ngono',
    prenoms: 'éloïse marie',
    sexe: 'F',
    dateNaissance: '2004-03-05',
    lieuNaissance: 'Yaoundé',
    nationalite: 'Camerounaise',
    telephone: '',
    patronId: 'patron-1',
    metierId: 'metier-1',
    dateDebutApprentissage: '2023-09-01',
    niveauId: 'niveau-1',
    langueId: null,
    handicapId: null,
  };

  it('keeps a patron’s raison sociale as its libellé, its names cleaned and capitalised', () => {
    const input = parseListItem(patrons, patron);
    expect(input.code).toBe('');
    expect(input.libelle).toBe('Garage Moderne');
    expect(input.values).toMatchObject({
      responsableNom: 'Mbarga',
      responsablePrenoms: 'Jean-Pierre',
      telephone: '699001122',
      email: 'contact@garage.cm',
    });
  });

  it('takes no code, and names the raison sociale in its messages', () => {
    expect(fails(() => parseListItem(patrons, { ...patron, code: 'X' })).message).toBe(
      'Champ inconnu : code.',
    );
    expect(fails(() => parseListItem(patrons, { ...patron, libelle: ' ' })).message).toBe(
      'La raison sociale est obligatoire.',
    );
    expect(fails(() => parseListItem(patrons, { ...patron, email: 'contact@' })).message).toBe(
      '« E-mail » n’est pas une adresse e-mail valide.',
    );
  });

  it('refuses an abbreviated name with the seed’s rule 3 message', () => {
    const error = fails(() => parseListItem(patrons, { ...patron, responsablePrenoms: 'J. P' }));
    expect(error.message).toBe(NAME_ABBREVIATED);
    expect(error.fields).toEqual({ responsablePrenoms: NAME_ABBREVIATED });
    expect(fails(() => parseListItem(apprentis, { ...apprenti, nom: 'N' })).message).toBe(
      NAME_ABBREVIATED,
    );
  });

  it('names an apprenti by nom and prénoms (not typed), and orders the dates', () => {
    const input = parseListItem(apprentis, apprenti);
    expect(input.libelle).toBe('Ngono Éloïse Marie');
    expect(fails(() => parseListItem(apprentis, { ...apprenti, libelle: 'x' })).message).toBe(
      'Champ inconnu : libelle.',
    );
    expect(
      fails(() => parseListItem(apprentis, { ...apprenti, dateDebutApprentissage: '2003-01-01' }))
        .message,
    ).toBe('Le début de l’apprentissage doit suivre la date de naissance.');
    expect(
      fails(() => parseListItem(apprentis, { ...apprenti, dateNaissance: '2999-01-01' })).message,
    ).toBe('La date de naissance doit être passée.');
    expect(fails(() => parseListItem(apprentis, { ...apprenti, patronId: '' })).message).toBe(
      '« Patron » est obligatoire.',
    );
  });
});
