/** One person, one candidature per session: the keys that say two records name the same person. */
import { distance } from 'fastest-levenshtein';
import { DomainError } from '../core/errors.js';
import { CANDIDATURE_CATEGORY } from './candidatureForm.js';

/**
 * The key that says two candidatures are the same person: nom, prénoms and date of birth, without
 * case, accents, punctuation or spacing.
 */
export const personKey = (values: Readonly<Record<string, unknown>>): string =>
  [values.nom, values.prenoms]
    .map((v) =>
      String(v ?? '')
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, ''),
    )
    .join('')
    .concat('.', String(values.dateNaissance ?? ''));

/** What a candidature reserves so that a person registers once per session. */
export const personReservation = (
  sessionId: string,
  values: Readonly<Record<string, unknown>>,
): { resource: string; field: string; value: string } => ({
  resource: CANDIDATURE_CATEGORY,
  field: 'personne',
  value: `${sessionId}+${personKey(values)}`,
});

/** A dossier number: the session's prefix and six digits (« CQP27-000042 »). */
export const dossierNumber = (prefix: string, n: number): string =>
  `${prefix}-${String(n).padStart(6, '0')}`;

/** A person's names as compared for near matches: upper case, no accents, letters and digits only. */
const comparableName = (values: Readonly<Record<string, unknown>>): string =>
  [values.nom, values.prenoms]
    .map((v) =>
      String(v ?? '')
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, ''),
    )
    .join('');

/**
 * Two records that may name one person: same date of birth, names within two letters of each
 * other (« Mbarga Jean » and « Mbarga Jeanne »), but not the same names (that is a duplicate).
 */
export const nearSamePerson = (
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
): boolean => {
  if (!a.dateNaissance || a.dateNaissance !== b.dateNaissance) return false;
  const gap = distance(comparableName(a), comparableName(b));
  return gap > 0 && gap <= 2;
};

/** 409 asking to confirm that a near match is another person; the confirmation is recorded. */
export class HomonymError extends DomainError {
  readonly status = 409;
  readonly code = 'homonyme-a-confirmer';
  constructor(
    message: string,
    /** The dossiers named (those the caller may read). */
    readonly dossiers: readonly string[] = [],
  ) {
    super(message);
  }
}
