/**
 * The rules each page path follows before it shows (seed §2 « Route rules », §7 « a per-path
 * lookup returning an optional redirect and middleware flags »): declared once, read by the
 * client's route guard and served per path by `GET /api/public/chemins`.
 */
import { isDashboardPath, routeForPath } from './routeTable.js';
import { MAINTENANCE_FREE_PAGES, normalizePagePath, PASSWORD_FREE_PAGES } from './pagePaths.js';

export * from './pagePaths.js';

/** The middleware a path runs through (seed §7's flags), whatever the redirections say. */
export interface PageMiddleware {
  /** A signed-in user is required (`auth=false` of the seed when false). */
  readonly auth: boolean;
  /** The server is asked whether the user may open it (`POST /api/can/uniq`). */
  readonly permission: boolean;
  /** Maintenance mode sends a visitor to `/maintenance` (staff keep the dashboard). */
  readonly maintenance: boolean;
  /** A temporary password sends the user to `/change-password`. */
  readonly changePassword: boolean;
}

export const pageMiddleware = (path: string): PageMiddleware => {
  const normalized = normalizePagePath(path);
  const dashboard = isDashboardPath(normalized);
  const route = dashboard ? routeForPath(normalized) : undefined;
  return {
    auth: dashboard || normalized === '/change-password',
    permission: (route?.permissions.length ?? 0) > 0,
    maintenance: !dashboard && !MAINTENANCE_FREE_PAGES.includes(normalized),
    changePassword: !PASSWORD_FREE_PAGES.includes(normalized),
  };
};
