import {
  REFERENCE_LISTS,
  referenceList,
  requirementFor,
  routeForPath,
  routeForResource,
  type Access,
  type ReferenceListDefinition,
} from '@examens-pro/domain';

/**
 * A list managed from another screen has its screens under that screen's path
 * (`configuration/metiers/filieres`): the route guard then asks for that screen, and the server
 * still checks the list's own permissions on every call.
 */
export const managedPath = (list: ReferenceListDefinition): string | undefined =>
  list.managedFrom ? `${list.managedFrom}/${list.name}` : undefined;

/**
 * react-admin's resource for a referenced API resource: its dashboard path when it has one (a
 * reference then links to its screens, when this build has them), else the API name itself; the
 * dataProvider maps both to `/api/<name>`.
 */
export const referenceResource = (name: string): string => {
  const list = referenceList(name);
  return list?.path ?? (list && managedPath(list)) ?? routeForResource(name)?.path ?? name;
};

/**
 * What an access to a screen's records requires, from the route table; a list managed from
 * another screen (no route of its own) carries its own permissions, the ones the server checks.
 * Undefined: no such screen.
 */
export const routeRequirement = (path: string, access: Access): readonly string[] | undefined => {
  const managed = REFERENCE_LISTS.find((list) => managedPath(list) === path);
  if (managed) return managed.permissions ?? [];
  const route = routeForPath(path);
  return route ? requirementFor(route, access) : undefined;
};

/** A resource's titles as the route table names them (the menu's label, one item's). */
export const routeLabels = (resource: string): { label: string; itemLabel: string } => {
  const route = routeForResource(resource);
  return { label: route?.label ?? resource, itemLabel: route?.itemLabel ?? route?.label ?? '' };
};
