import { allows, requirementFor, routeForPath, type Access } from '@examens-pro/domain';
import { useSession } from '../common/session';

export const usePermissions = (): ReadonlySet<string> => {
  const session = useSession();
  return new Set(session.status === 'authenticated' ? session.session.user.permissions : []);
};

/**
 * Whether the user may act on a route's records: only hides buttons that would be refused, the
 * server checks every command itself.
 */
export const useCan = (path: string, access: Access): boolean => {
  const held = usePermissions();
  const route = routeForPath(path);
  return route ? allows(held, requirementFor(route, access)) : false;
};

export const useHasPermission = (code: string): boolean => usePermissions().has(code);
