import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { MAINTENANCE_FREE_PAGES, PASSWORD_FREE_PAGES } from '@examens-pro/domain';
import { signInUrl } from './api';
import { useLoadingSignal } from './loadingBar';
import { useMaintenance, type MaintenanceState } from './maintenance';
import { useSession, type SessionState } from './session';

/** Trailing-slash variants are the same route (seed §2). */
export const normalizePath = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';

export const isDashboard = (path: string): boolean => /^\/tableau-de-bord(\/|$)/.test(path);

/** Routes a temporary password still lets the user open (seed §2). */
const PASSWORD_FREE = new Set(PASSWORD_FREE_PAGES);
/**
 * Public routes that stay open during maintenance, `/acces-non-autorise` among them: a staff user
 * refused a screen reads why, not the maintenance notice (domain's `pagePaths.ts`).
 */
const MAINTENANCE_FREE = new Set(MAINTENANCE_FREE_PAGES);

export type Decision = { kind: 'wait' } | { kind: 'show' } | { kind: 'redirect'; to: string };

/** Where a user lands once their temporary password is changed: the dashboard's home. */
export const AFTER_PASSWORD_CHANGE = '/tableau-de-bord';

/**
 * The seed's route rules (§2, §4) for a path, the session and the maintenance switch. `changed`:
 * the password was just changed on `/change-password` (the page says so in its location's state),
 * which then leads to the dashboard rather than to the public home.
 */
export const decide = (
  pathname: string,
  search: string,
  session: SessionState,
  maintenance: MaintenanceState,
  changed = false,
): Decision => {
  const path = normalizePath(pathname);
  if (session.status === 'loading') return { kind: 'wait' };
  const user = session.status === 'authenticated' ? session.session.user : undefined;
  if (user && user.is_change_password === 0 && !PASSWORD_FREE.has(path))
    return { kind: 'redirect', to: '/change-password' };
  if (user && user.is_change_password === 1 && path === '/change-password')
    return { kind: 'redirect', to: changed ? AFTER_PASSWORD_CHANGE : '/' };
  if (!user && (isDashboard(path) || path === '/change-password'))
    return { kind: 'redirect', to: signInUrl(`${pathname}${search}`) };
  // Staff keep the dashboard during maintenance; the public area shows the notice.
  if (isDashboard(path)) return { kind: 'show' };
  if (!maintenance.loaded) return MAINTENANCE_FREE.has(path) ? { kind: 'show' } : { kind: 'wait' };
  if (maintenance.active && !MAINTENANCE_FREE.has(path))
    return { kind: 'redirect', to: '/maintenance' };
  if (!maintenance.active && path === '/maintenance') return { kind: 'redirect', to: '/' };
  return { kind: 'show' };
};

const Waiting = () => {
  useLoadingSignal(true);
  return null;
};

/**
 * Set by the password change page before it refreshes the session: the guard then leads to the
 * dashboard even when the refreshed session arrives before the page's own navigation (its location
 * state) has been applied — a race seen once in CI, which sent the user to the public home.
 */
let passwordChangedInThisPage = false;
export const notePasswordChanged = (): void => {
  passwordChangedInThisPage = true;
};

/** Applied on every navigation, before any page renders. */
export const RouteGuard = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const session = useSession();
  const maintenance = useMaintenance();
  const changed =
    (location.state as { passwordChanged?: boolean } | null)?.passwordChanged ??
    passwordChangedInThisPage;
  const decision = decide(location.pathname, location.search, session, maintenance, changed);
  if (decision.kind === 'wait') return <Waiting />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
};
