import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '../core/errors.js';
import { parseListItem } from '../reference-lists/contracts.js';
import { referenceList } from '../reference-lists/lists.js';
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
  /** The instant of the command (its context's `now`). */
  const at = { now: '2026-05-04T09:00:00.000Z' };
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
    const input = parseListItem(patrons, patron, at);
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
    expect(fails(() => parseListItem(patrons, { ...patron, code: 'X' }, at)).message).toBe(
      'Champ inconnu : code.',
    );
    expect(fails(() => parseListItem(patrons, { ...patron, libelle: ' ' }, at)).message).toBe(
      'La raison sociale est obligatoire.',
    );
    expect(fails(() => parseListItem(patrons, { ...patron, email: 'contact@' }, at)).message).toBe(
      '« E-mail » n’est pas une adresse e-mail valide.',
    );
  });

  it('refuses an abbreviated name with the seed’s rule 3 message', () => {
    const error = fails(() =>
      parseListItem(patrons, { ...patron, responsablePrenoms: 'J. P' }, at),
    );
    expect(error.message).toBe(NAME_ABBREVIATED);
    expect(error.fields).toEqual({ responsablePrenoms: NAME_ABBREVIATED });
    expect(fails(() => parseListItem(apprentis, { ...apprenti, nom: 'N' }, at)).message).toBe(
      NAME_ABBREVIATED,
    );
  });

  it('names an apprenti by nom and prénoms (not typed), and orders the dates', () => {
    const input = parseListItem(apprentis, apprenti, at);
    expect(input.libelle).toBe('Ngono Éloïse Marie');
    expect(fails(() => parseListItem(apprentis, { ...apprenti, libelle: 'x' }, at)).message).toBe(
      'Champ inconnu : libelle.',
    );
    expect(
      fails(() =>
        parseListItem(apprentis, { ...apprenti, dateDebutApprentissage: '2003-01-01' }, at),
      ).message,
    ).toBe('Le début de l’apprentissage doit suivre la date de naissance.');
    expect(
      fails(() => parseListItem(apprentis, { ...apprenti, dateNaissance: '2999-01-01' }, at))
        .message,
    ).toBe('La date de naissance doit être passée.');
    expect(fails(() => parseListItem(apprentis, { ...apprenti, patronId: '' }, at)).message).toBe(
      '« Patron » est obligatoire.',
    );
  });

  it('judges an apprenti’s date of birth against the command’s instant, never the machine’s clock', () => {
    const past = { now: '2004-03-05T23:30:00.000Z' };
    expect(fails(() => parseListItem(apprentis, apprenti, past)).fields).toEqual({
      dateNaissance: 'La date de naissance doit être passée.',
    });
    const dayAfter = { now: '2004-03-06T00:00:00.000Z' };
    expect(parseListItem(apprentis, apprenti, dayAfter).values.dateNaissance).toBe('2004-03-05');
    const future = { now: '2999-06-01T00:00:00.000Z' };
    expect(
      parseListItem(
        apprentis,
        { ...apprenti, dateNaissance: '2999-01-01', dateDebutApprentissage: '2999-05-01' },
        future,
      ).values.dateNaissance,
    ).toBe('2999-01-01');
  });
});
