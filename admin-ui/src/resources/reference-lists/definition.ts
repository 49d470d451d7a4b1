import {
  REFERENCE_LISTS,
  routeForPath,
  type ListField,
  type ReferenceListDefinition,
} from '@examens-pro/domain';
import { managedPath } from '../../kit/routes';

export type { ListField, ReferenceListDefinition };
export { managedPath };

/** The lists staff maintain through a screen of their own (the geography is shipped, read-only). */
export const EDITABLE_LISTS: readonly ReferenceListDefinition[] = REFERENCE_LISTS.filter(
  (list) => list.path && !list.readOnly,
);

/**
 * Lists without a route of their own, shown as tabs of the screen they are managed from
 * (filières and corps de métiers under métiers).
 */
export const MANAGED_LISTS: readonly ReferenceListDefinition[] = REFERENCE_LISTS.filter(
  (list) => !list.path && list.managedFrom && !list.readOnly,
);

/** The title the menu shows for a list: its route's label. */
export const screenTitle = (list: ReferenceListDefinition): string =>
  (list.path && routeForPath(list.path)?.label) || list.label;
