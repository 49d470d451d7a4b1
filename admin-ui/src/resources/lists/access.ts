import { allows, requirementFor, routeForPath, type Access } from '@examens-pro/domain';
import { usePermissions } from '../../dashboard/permissions';
import type { ReferenceListDefinition } from './definition';

/**
 * Whether the user may act on a list's items: a list with a route follows its route's rights; a
 * list managed from another screen (filières under métiers) carries its own permissions, the
 * ones the server checks for it. Only hides buttons; the server decides.
 */
export const useListCan = (list: ReferenceListDefinition, access: Access): boolean => {
  const held = usePermissions();
  const route = list.path ? routeForPath(list.path) : undefined;
  if (route) return allows(held, requirementFor(route, access));
  return allows(held, list.permissions ?? []);
};
