import { requirementFor, routeById, type RouteId } from '@examens-pro/domain';
import { requireAccess } from '@examens-pro/platform';

/**
 * The guard of a screen's own read: whoever may open one of these route-table screens, or act on
 * its records, may read it (checked before anything is read).
 */
export const readers = (...routes: RouteId[]) => ({
  preHandler: requireAccess([
    ...new Set(routes.flatMap((r) => requirementFor(routeById(r), 'read'))),
  ]),
});
