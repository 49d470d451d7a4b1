import type { ListField, ReferenceListDefinition } from './listTypes.js';

/** A list with a screen of its own: its name, path, labels and fields, nothing else. */
export const simple = (
  name: string,
  path: string,
  label: string,
  itemLabel: string,
  notFoundMessage: string,
  fields: readonly ListField[] = [],
): ReferenceListDefinition => ({ name, path, label, itemLabel, notFoundMessage, fields });
