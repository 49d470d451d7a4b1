import { canOpen, DASHBOARD_ROUTES, type DashboardRoute } from '@examens-pro/domain';
import { resourceScreens } from '../resources';
import { usePermissions } from './permissions';

/** Dashboard routes drawn by a page of their own rather than a resource's screens. */
export const CUSTOM_PAGES = new Set(['', 'informations', 'mon-compte']);

/** A route has a screen in this build: the menu never offers a page that does not exist yet. */
export const hasScreen = (route: DashboardRoute): boolean =>
  CUSTOM_PAGES.has(route.path) || Boolean(route.resource && resourceScreens[route.resource]);

/** The routes of this build the user may open, in the route table's order (the menu hides the rest). */
export const useOpenRoutes = (): DashboardRoute[] => {
  const held = usePermissions();
  return DASHBOARD_ROUTES.filter((route) => hasScreen(route) && canOpen(held, route));
};
