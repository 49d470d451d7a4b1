/**
 * A list of persons submitted in bulk (seed §5): its columns, the eight rules with their messages
 * verbatim, then the product's minimum lengths, checked on the values as typed. Pure: the
 * file is read elsewhere (CSV or XLSX) into rows of texts.
 */
import { personKey } from './candidature.js';
import { isAbbreviatedName, NAME_ABBREVIATED } from './identity.js';

export const PERSON_LIST_COLUMNS = [
  'nom',
  'prenoms',
  'sexe',
  'nationalite',
  'lieu_naissance',
  'telephone',
  'matricule',
  'date_naissance',
  'date_premiere_prise_service',
] as const;
export const PERSON_LIST_OPTIONAL_COLUMNS = ['langue', 'niveau'] as const;
/**
 * The columns a list for a métier must fill: the nine always, `niveau` too when the métier requires
 * a level (its name: `niveauRequis`), as the dossiers' rules check it when the list is verified.
 */
export const personListColumnsFor = (niveauRequis: string | null) => ({
  obligatoires: [...PERSON_LIST_COLUMNS, ...(niveauRequis ? ['niveau' as const] : [])],
  facultatives: PERSON_LIST_OPTIONAL_COLUMNS.filter((c) => !niveauRequis || c !== 'niveau'),
  niveauRequis,
});
export type PersonListColumn =
  (typeof PERSON_LIST_COLUMNS)[number] | (typeof PERSON_LIST_OPTIONAL_COLUMNS)[number];
export type PersonRow = Partial<Record<PersonListColumn, string>>;

/** Seed §5, verbatim. */
export const LIST_MESSAGES = {
  sexe: 'Sexe au mauvais format: Verifiez votre liste\nLe sexe doit être M ou F',
  noms: 'Nom & prénoms obligatoires',
  abreviation: NAME_ABBREVIATED,
  nationalite: 'Nationalité obligatoire.',
  telephone: 'Téléphone obligatoire à la soumission.',
  matricule: 'Matricule obligatoire à la soumission.',
  dates:
    'Date de naissance et date de premier prise de service sont obligatoires et au format JJ/MM/AAAA',
  // The minimum length the seed intended, enforced after the required checks.
  telephoneCourt: 'Téléphone : 8 caractères au minimum.',
  matriculeCourt: 'Matricule : 8 caractères au minimum.',
} as const;

/** A problem of one row: the sheet's row (header = 1), the column, the message. */
export interface RowProblem {
  readonly ligne: number;
  readonly colonne: PersonListColumn;
  /** The headline (seed §5) this problem gives when its row is the first offending one. */
  readonly message: string;
  /** What the row's detail says (rule 5 names the real field). */
  readonly detail: string;
}

const blank = (value: string | undefined) => (value ?? '').trim() === '';

/** A strict calendar day written DD/MM/YYYY (31/02/2000 and 1/2/2000 are not). */
export const isStrictFrenchDate = (value: string | undefined): boolean => {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((value ?? '').trim());
  if (!match) return false;
  const [, d, m, y] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** DD/MM/YYYY → YYYY-MM-DD (the value already checked strict). */
export const isoFromFrench = (value: string): string => {
  const [d, m, y] = value.trim().split('/');
  return `${y}-${m}-${d}`;
};

/**
 * The first failure of one row, rules 1–8 in the seed's order, then the lengths; undefined when
 * the row is valid.
 */
export const firstProblem = (row: PersonRow, ligne: number): RowProblem | undefined => {
  const problem = (colonne: PersonListColumn, message: string, detail = message): RowProblem => ({
    ligne,
    colonne,
    message,
    detail,
  });
  const sexe = (row.sexe ?? '').trim();
  if (sexe !== 'M' && sexe !== 'F') return problem('sexe', LIST_MESSAGES.sexe);
  if (blank(row.nom)) return problem('nom', LIST_MESSAGES.noms);
  if (blank(row.prenoms)) return problem('prenoms', LIST_MESSAGES.noms);
  if (isAbbreviatedName(row.nom!)) return problem('nom', LIST_MESSAGES.abreviation);
  if (isAbbreviatedName(row.prenoms!)) return problem('prenoms', LIST_MESSAGES.abreviation);
  if (blank(row.nationalite)) return problem('nationalite', LIST_MESSAGES.nationalite);
  if (blank(row.lieu_naissance))
    return problem('lieu_naissance', LIST_MESSAGES.nationalite, 'Lieu de naissance manquant.');
  if (blank(row.telephone)) return problem('telephone', LIST_MESSAGES.telephone);
  if (blank(row.matricule)) return problem('matricule', LIST_MESSAGES.matricule);
  if (!isStrictFrenchDate(row.date_naissance))
    return problem('date_naissance', LIST_MESSAGES.dates);
  if (!isStrictFrenchDate(row.date_premiere_prise_service))
    return problem('date_premiere_prise_service', LIST_MESSAGES.dates);
  if (row.telephone!.trim().length < 8) return problem('telephone', LIST_MESSAGES.telephoneCourt);
  if (row.matricule!.trim().length < 8) return problem('matricule', LIST_MESSAGES.matriculeCourt);
  return undefined;
};

/** The person a valid row names (its key, as a dossier's: names and date of birth). */
export const rowPersonKey = (row: PersonRow): string =>
  personKey({
    nom: row.nom,
    prenoms: row.prenoms,
    dateNaissance: isoFromFrench(row.date_naissance ?? ''),
  });

export const listDuplicateMessage = (first: number, again: number) =>
  `Cette personne figure deux fois dans la liste (lignes ${first} et ${again}).`;
export const ALREADY_IN_SESSION = 'Cette personne est déjà inscrite à cette session.';

/**
 * Every offending row with its first failure (rules 1–8, the lengths, then a person listed twice),
 * in the sheet's order; the valid rows with their person's key.
 */
export const checkPersonRows = (
  rows: readonly { readonly ligne: number; readonly values: PersonRow }[],
): { problems: RowProblem[]; valid: { ligne: number; key: string }[] } => {
  const problems: RowProblem[] = [];
  const valid: { ligne: number; key: string }[] = [];
  const seen = new Map<string, number>();
  for (const { ligne, values } of rows) {
    const problem = firstProblem(values, ligne);
    if (problem) {
      problems.push(problem);
      continue;
    }
    const key = rowPersonKey(values);
    const first = seen.get(key);
    if (first !== undefined) {
      const message = listDuplicateMessage(first, ligne);
      problems.push({ ligne, colonne: 'nom', message, detail: message });
      continue;
    }
    seen.set(key, ligne);
    valid.push({ ligne, key });
  }
  return { problems, valid };
};
