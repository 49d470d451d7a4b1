/**
 * The public page paths and what each one keeps (seed §2 « Route rules »), with no import: the
 * redirections list (`accounts/redirections.ts`) reads them without importing the route table back.
 */

/** The seed's public page routes (§2), the dashboard apart. */
export const PUBLIC_PAGES = [
  '/',
  '/acces-non-autorise',
  '/change-password',
  '/connexion',
  '/diplomes',
  '/maintenance',
  '/maintenance-a',
  '/paiement',
  '/resultat-examen',
] as const;

/** Pages a temporary password still lets the user open (seed §2). */
export const PASSWORD_FREE_PAGES: readonly string[] = ['/change-password', '/connexion'];

/**
 * Pages that stay open while the site is in maintenance. `/acces-non-autorise` is one: a staff
 * user refused a dashboard screen reads why, not the maintenance notice.
 */
export const MAINTENANCE_FREE_PAGES: readonly string[] = [
  '/connexion',
  '/change-password',
  '/maintenance',
  '/maintenance-a',
  '/acces-non-autorise',
];

/**
 * Pages nobody may redirect: the way in (sign-in, password change), the refusal and the
 * maintenance notice. A redirection of these would lock everyone out.
 */
export const UNREDIRECTABLE_PAGES: readonly string[] = [
  '/connexion',
  '/change-password',
  '/acces-non-autorise',
  '/maintenance',
  '/maintenance-a',
];

/** Trailing-slash variants are the same path (seed §2); the query and the anchor are not part of it. */
export const normalizePagePath = (path: string): string =>
  path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';

/** A redirection's target: an absolute address loads a full page, a path navigates in the app. */
export const isAbsoluteAddress = (target: string): boolean =>
  /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
