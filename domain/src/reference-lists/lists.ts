/**
 * The configuration's reference lists, declared as data: each list has `code`, `libelle`, `actif`
 * and fields of its own. One decider, one projection, one set of routes and one set of screens serve
 * them all; what differs between lists lives in their declarations, next to their rules
 * (`generalLists.ts`, `sessionLists.ts`, `metierLists.ts`), assembled here. The registration's
 * records that are kept the same way (patrons, apprentis: `registration/records.ts`) are lists too,
 * without a code.
 */
import { APPRENTIS, PATRONS } from '../registration/records.js';
import { JURYS, MEMBRES_JURY } from '../deliberation/juries.js';
import {
  AMPLIATIONS,
  REFERENCES_DECISIONS,
  TYPES_VISAS,
  VISAS,
} from '../admission/decisionLists.js';
import { REDIRECTIONS } from '../accounts/redirections.js';
import type { ReferenceListDefinition } from './listTypes.js';
import { GENERAL_LISTS } from './generalLists.js';
import { SESSION_LISTS } from './sessionLists.js';
import { METIER_LISTS } from './metierLists.js';

// The types live in a file of their own, which the lists declared elsewhere (fields, records,
// juries, decision lists) import without importing this file back.
export type { ListField, ListFieldType, ReferenceListDefinition } from './listTypes.js';
export { METIER_CORPS_DE_METIER, METIER_FILIERE } from './metierLists.js';

export const REFERENCE_LISTS: readonly ReferenceListDefinition[] = [
  ...GENERAL_LISTS,
  ...SESSION_LISTS,
  ...METIER_LISTS,
  PATRONS,
  APPRENTIS,
  MEMBRES_JURY,
  JURYS,
  TYPES_VISAS,
  VISAS,
  AMPLIATIONS,
  REFERENCES_DECISIONS,
  REDIRECTIONS,
];

export const referenceList = (name: string): ReferenceListDefinition | undefined =>
  REFERENCE_LISTS.find((list) => list.name === name);

/**
 * The values an item keeps unique in its list (`unique`), as reservations: the ids of its `unique`
 * fields joined by `+`, one per combination when a field holds several ids (a jury's centres and
 * métiers). None when the list has no such rule or a field is empty.
 */
export const uniqueKeysOf = (
  list: ReferenceListDefinition,
  values: Readonly<Record<string, unknown>>,
): { resource: string; field: string; value: string }[] => {
  if (!list.unique) return [];
  const field = list.unique.fields.join('+');
  let combinations: string[][] = [[]];
  for (const name of list.unique.fields) {
    const ids = [values[name]]
      .flat()
      .filter((part) => part !== null && part !== undefined && part !== '')
      .map(String);
    combinations = combinations.flatMap((parts) => [...new Set(ids)].map((id) => [...parts, id]));
  }
  return combinations.map((parts) => ({ resource: list.name, field, value: parts.join('+') }));
};

export const REFERENCE_LIST_NAMES: readonly string[] = REFERENCE_LISTS.map((list) => list.name);
