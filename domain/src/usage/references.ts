import type { CollectionDefinition, ReadModelDocument } from '../core/readModels.js';
import { referenceList, REFERENCE_LISTS } from '../configuration/lists.js';

/** A list item references the items its reference fields name (a site its centre, a centre its département). */
const listItemReferences = (event: { readonly data: unknown }): readonly ReferenceChange[] => {
  const data = event.data as { list: string; values: Record<string, unknown> };
  const list = referenceList(data.list);
  const fields =
    list?.fields.filter(
      (f) => (f.type === 'reference' || f.type === 'references') && f.reference,
    ) ?? [];
  return [...new Set(fields.map((f) => f.reference!))].map((resource) => ({
    resource,
    ids: fields
      .filter((f) => f.reference === resource)
      .flatMap((f) => [data.values[f.name]].flat())
      .filter((id): id is string => typeof id === 'string' && id !== ''),
  }));
};

/**
 * "In use" is counted from events: a referrer (a candidature, a site…) references items of other
 * resources (a métier, a centre…). Each rule says, for one event type, which items its stream now
 * references, resource by resource; the usage projection keeps one document per reference.
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

/** Filled as aggregates that reference others arrive (candidatures → métiers, sites → centres…). */
export const REFERENCE_RULES: readonly ReferenceRule[] = [
  // A user holds one profile: a profile is "in use" while a user holds it.
  ...['UserCreated', 'UserModified'].map((eventType): ReferenceRule => ({
    eventType,
    changes: (event) => {
      const data = event.data as { profilId: string; centreDepotId?: string | null };
      return [
        { resource: 'profils', ids: [data.profilId] },
        // An enrôleur keeps their centre de dépôt in use.
        { resource: 'centres-depot', ids: data.centreDepotId ? [data.centreDepotId] : [] },
      ];
    },
  })),
  ...(REFERENCE_LISTS.some((l) => l.fields.some((f) => f.type === 'reference'))
    ? ['ListItemCreated', 'ListItemModified'].map((eventType): ReferenceRule => ({
        eventType,
        changes: listItemReferences,
      }))
    : []),
  // A métier belongs to a filière and a corps de métier.
  ...['MetierCreated', 'MetierModified'].map((eventType): ReferenceRule => ({
    eventType,
    changes: (event) => {
      const data = event.data as { filiereId?: string | null; corpsDeMetierId?: string | null };
      return [
        { resource: 'filieres', ids: data.filiereId ? [data.filiereId] : [] },
        { resource: 'corps-de-metier', ids: data.corpsDeMetierId ? [data.corpsDeMetierId] : [] },
      ];
    },
  })),
  { eventType: 'MetierDeleted', changes: () => null },
  // A session belongs to an examen.
  ...['SessionCreated', 'SessionModified'].map((eventType): ReferenceRule => ({
    eventType,
    changes: (event) => [
      { resource: 'examens', ids: [(event.data as { examenId: string }).examenId] },
    ],
  })),
  // A deleted list item references nothing any more.
  { eventType: 'ListItemDeleted', changes: () => null },
];

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
  fields: { resource: 'string', itemId: 'string', referrer: 'string' },
  searchFields: [],
  defaultSort: { field: 'referrer', order: 'ASC' },
};

export const referrersCollection: CollectionDefinition = {
  name: 'referrers',
  fields: {},
  searchFields: [],
  defaultSort: { field: 'id', order: 'ASC' },
};

export const referenceId = (referrer: string, resource: string, itemId: string): string =>
  `${referrer}|${resource}|${itemId}`;
