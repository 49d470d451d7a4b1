import type { CollectionDefinition, ReadModelDocument } from '../core/readModels.js';

/**
 * "In use" is counted from events: a referrer (a candidature, a site…) references items of other
 * resources (a métier, a centre…). Each rule says, for one event type, which items its stream now
 * references, resource by resource; the usage projection keeps one document per reference. The
 * product's rules are derived from the aggregates' manifests (`REFERENCE_RULES`, aggregates/manifest).
 */
export interface ReferenceChange {
  readonly resource: string;
  /** Every item of `resource` the referrer references after the event (replaces the previous set). */
  readonly ids: readonly string[];
}

export interface ReferenceRule {
  readonly eventType: string;
  /** `null` when the referrer is gone: all of its references are dropped. */
  readonly changes: (event: {
    readonly streamId: string;
    readonly data: unknown;
  }) => readonly ReferenceChange[] | null;
}

export interface ReferenceDocument extends ReadModelDocument {
  resource: string;
  itemId: string;
  referrer: string;
}

export interface ReferrerDocument extends ReadModelDocument {
  refs: { resource: string; itemId: string }[];
}

export const referencesCollection: CollectionDefinition = {
  name: 'references',
  // Counted by item only (`count({ resource, itemId })`): the item's index finds its references,
  // their resource is checked on them; the referrer is read from the document, never filtered.
  fields: { resource: 'string', itemId: 'string' },
  searchFields: [],
  defaultSort: { field: 'id', order: 'ASC' },
  // Ids and codes, counted and filtered, never sorted for a reader: no French sort keys.
  sortFields: [],
  indexed: ['itemId'],
};

export const referrersCollection: CollectionDefinition = {
  name: 'referrers',
  fields: {},
  searchFields: [],
  defaultSort: { field: 'id', order: 'ASC' },
};

export const referenceId = (referrer: string, resource: string, itemId: string): string =>
  `${referrer}|${resource}|${itemId}`;
