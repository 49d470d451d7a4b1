/**
 * A person's identity as the seed's text rules (§5) want it: names as on the birth certificate,
 * cleaned and capitalised when stored. The bulk lists and every form typing a person's name share
 * these rules and messages.
 */

/** Rule 3's message (seed §5), verbatim. */
export const NAME_ABBREVIATED =
  "Les noms et/ou prénoms doivent être conformes à l'acte de naissance et sans abréviation.";

/**
 * Seed rule 3: a name fails if it contains a dot or any single-character word ("J. Paul",
 * "Jean P"). Checked on the name as typed, before cleaning.
 */
export const isAbbreviatedName = (value: string): boolean =>
  value.includes('.') ||
  value
    .trim()
    .split(/\s+/)
    .some((word) => [...word].length === 1);

/** Seed text rule: keep only letters (accented included), digits, spaces, apostrophes and hyphens. */
export const cleanName = (value: string): string =>
  value
    .normalize('NFC')
    .replace(/[’‘`´]/g, "'")
    .replace(/[^\p{L}\p{N}\s'-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Seed text rule: every word, and every part after an apostrophe or a hyphen, gets an initial
 * capital (the rest in lower case): « jean-PIERRE d'alembert » → « Jean-Pierre D'Alembert ».
 */
export const capitalizeName = (value: string): string =>
  value
    .toLocaleLowerCase('fr-FR')
    .replace(
      /(^|[\s'-])(\p{L})/gu,
      (_, before: string, letter: string) => `${before}${letter.toLocaleUpperCase('fr-FR')}`,
    );

/** A name as stored: cleaned, then capitalised. */
export const storedName = (value: string): string => capitalizeName(cleanName(value));

/** Seed helper: upper case without French accents (« Élodie » → « ELODIE »). */
export const upperWithoutAccents = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase();

/** Seed helper: the date `years` years before `isoDate` (YYYY-MM-DD), a 29 February giving the 28th. */
export const yearsBefore = (isoDate: string, years: number): string => {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};

export const SEXES = [
  { value: 'M', label: 'Masculin' },
  { value: 'F', label: 'Féminin' },
] as const;

/**
 * The identity a correction after the exam may change (« Modification des informations
 * d’identité »): the person as the birth certificate names them.
 */
export const CORRECTABLE_IDENTITY_FIELDS = [
  'nom',
  'prenoms',
  'sexe',
  'dateNaissance',
  'lieuNaissance',
  'nationalite',
] as const;
