import { ForbiddenError } from '../core/errors.js';
import { PERMISSION_CODES, permissionLabel } from './permissions.js';

/**
 * No escalation through profiles: a person may give an account only a profile whose
 * permissions are all among their own, may not make a profile hold a permission they lack, and may
 * not reset the password of, disable, reactivate or modify an account whose profile holds one.
 * The same rule for users and enrôleurs; the services read the profiles and call it.
 */

/** The permissions of `wanted` that `held` lacks, in the catalogue's order, without repeats. */
export const missingPermissions = (
  held: ReadonlySet<string>,
  wanted: readonly string[],
): string[] => {
  const lacking = new Set(wanted.filter((code) => !held.has(code)));
  const known = PERMISSION_CODES.filter((code) => lacking.has(code));
  // Codes outside the catalogue (none are stored, but a profile is data) come last.
  return [...known, ...[...lacking].filter((code) => !known.includes(code)).sort()];
};

/** May a person holding `held` give (or act on the holder of) a profile granting `permissions`? */
export const mayGrant = (held: ReadonlySet<string>, permissions: readonly string[]): boolean =>
  missingPermissions(held, permissions).length === 0;

/** What was refused, as the 403's message begins (« Vous ne pouvez pas … »). */
export type TrustAction =
  | 'attribuer'
  | 'modifier-compte'
  | 'reinitialiser'
  | 'desactiver'
  | 'reactiver'
  | 'enregistrer-profil'
  | 'modifier-profil'
  | 'supprimer-profil';

const REFUSALS: Record<TrustAction, string> = {
  attribuer: 'attribuer ce profil : il donne',
  'modifier-compte': 'modifier ce compte : son profil donne',
  reinitialiser: 'réinitialiser le mot de passe de ce compte : son profil donne',
  desactiver: 'désactiver ce compte : son profil donne',
  reactiver: 'réactiver ce compte : son profil donne',
  'enregistrer-profil': 'donner à un profil',
  'modifier-profil': 'modifier ce profil : il donne',
  'supprimer-profil': 'supprimer ce profil : il donne',
};

/** The French refusal naming the missing permissions by their labels. */
export const trustRefusal = (action: TrustAction, missing: readonly string[]): string => {
  const names = missing.map((code) => `« ${permissionLabel(code)} »`).join(', ');
  const what = missing.length > 1 ? 'des permissions' : 'une permission';
  return `Vous ne pouvez pas ${REFUSALS[action]} ${what} que vous n’avez pas : ${names}.`;
};

/** Throws the 403 when `permissions` holds any that `held` lacks. */
export const checkMayGrant = (
  held: ReadonlySet<string>,
  permissions: readonly string[],
  action: TrustAction,
): void => {
  const missing = missingPermissions(held, permissions);
  if (missing.length > 0) throw new ForbiddenError(trustRefusal(action, missing));
};
