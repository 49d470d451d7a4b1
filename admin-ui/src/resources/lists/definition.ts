import {
  REFERENCE_LISTS,
  referenceList,
  routeForPath,
  routeForResource,
  type ListField,
  type ReferenceListDefinition,
} from '@examens-pro/domain';
import type { RaRecord } from 'react-admin';

export type { ListField, ReferenceListDefinition };

export interface ListItem extends RaRecord {
  code: string;
  libelle: string;
  actif: boolean;
  creeLe: string;
  creePar: string;
  modifieLe: string;
  modifiePar: string;
  [field: string]: unknown;
}

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

/**
 * A managed list's screens live under its managing screen's path
 * (`configuration/metiers/filieres`): the route guard then asks for that screen, and the server
 * still checks the list's own permissions on every call.
 */
export const managedPath = (list: ReferenceListDefinition): string | undefined =>
  list.managedFrom ? `${list.managedFrom}/${list.name}` : undefined;

/**
 * react-admin's resource for a referenced list (or `metiers`, `sessions`): its dashboard path when
 * it has one (a reference then links to its screens, when this build has them), else the API name
 * itself; the dataProvider maps both to `/api/<name>`.
 */
export const referenceResource = (name: string): string => {
  const list = referenceList(name);
  return list?.path ?? (list && managedPath(list)) ?? routeForResource(name)?.path ?? name;
};

/** The title the menu shows for a list: its route's label. */
export const screenTitle = (list: ReferenceListDefinition): string =>
  (list.path && routeForPath(list.path)?.label) || list.label;

/** Sortable columns are the ones the read model indexes: code, libellé, numbers, dates, choices. */
export const sortable = (field: ListField): boolean =>
  ['integer', 'number', 'boolean', 'date', 'choice'].includes(field.type);

export const requiredMessage = (field: { label: string }): string =>
  `« ${field.label} » est obligatoire.`;
