/**
 * Read-model collections are declared as data, so that projections (which write them), the query
 * service (which lists them) and both read-store adapters agree on fields, indexes and search.
 */
export type FieldType = 'string' | 'number' | 'boolean';

export interface CollectionDefinition {
  readonly name: string;
  /** Fields that may be filtered and sorted on; each gets an index. `id` is always available. */
  readonly fields: Readonly<Record<string, FieldType>>;
  /** Fields searched by `q` ("contains", insensitive to case and accents). */
  readonly searchFields: readonly string[];
  /** Default sort of lists. */
  readonly defaultSort: { readonly field: string; readonly order: 'ASC' | 'DESC' };
  /**
   * The string fields lists sort on, in French order (each costs a second column and index);
   * default: every string field but the identifiers (`…Id`), whose French key would be their value.
   * The others are filtered and grouped on only (a sort on them is by code point).
   */
  readonly sortFields?: readonly string[];
  /**
   * The fields with an index on their value; default: every field. A field left out is still
   * filtered, sorted and grouped on (by reading the rows the other conditions leave); its French
   * sort key, if any, keeps its own index. Histories index only what their screens filter on.
   */
  readonly indexed?: readonly string[];
  /**
   * Where an embedded store keeps it: `history` for histories and statistics, which grow with every
   * event, in a file of their own (the lists' file stays small); MongoDB keeps everything in one
   * database. Every collection of one projection shares its storage (its checkpoint lives there).
   */
  readonly storage?: 'history';
}

/** The fields of a collection that have an index on their value. */
export const indexedFields = (definition: CollectionDefinition): string[] =>
  Object.keys(definition.fields).filter(
    (field) => !definition.indexed || definition.indexed.includes(field),
  );

/**
 * An identifier: a UUID or a code made of UUIDs (`sessionId`, `feuilleId`), in lower case without
 * accents already; sorted by code point it sorts as its French key would.
 */
const isIdentifier = (field: string): boolean => field.endsWith('Id');

/** The string fields of a collection that carry a French sort key. */
export const sortKeyedFields = (definition: CollectionDefinition): string[] =>
  Object.entries(definition.fields)
    .filter(
      ([field, type]) =>
        type === 'string' &&
        (definition.sortFields ? definition.sortFields.includes(field) : !isIdentifier(field)),
    )
    .map(([field]) => field);

/** Every read-model document: a string id and the revision of the stream it reflects. */
export interface ReadModelDocument {
  readonly id: string;
  readonly version: number;
}

import type { HistoryEntry, HistoryEvent, HistoryField } from '../history/history.js';
import type { RecordedEvent } from './envelope.js';

/** A resource of the HTTP contract: the collection behind it and the projections that fill it. */
export interface ResourceDefinition {
  readonly name: string;
  readonly collection: CollectionDefinition;
  readonly projections: readonly string[];
  /** Stream category of its aggregate. */
  readonly category: string;
  /** French label of one item ("métier"). */
  readonly label: string;
  /** A view of an aggregate that only reads (the validated dossiers): no command routes of its own. */
  readonly readOnly?: boolean;
  /**
   * What a row of its lists carries (`GET /api/<resource>` a page at a time: the columns, the row
   * buttons and the choosers of its screens); default: the whole document. A read by ids
   * (react-admin's getMany) and a read of one item answer whole documents; exports have their own
   * columns. `id` is always carried.
   */
  readonly listFields?: readonly string[];
  /** What a reader is told when the item does not exist. */
  readonly notFoundMessage: string;
  /**
   * The field naming a record's centre de dépôt: a reader attached to a centre (an enrôleur) reads,
   * counts, exports and changes only that centre's records; another centre's answers 404.
   */
  readonly scopedBy?: string;
  /**
   * The field naming who recorded an item (the actor of its first event): every read through it,
   * its history included, is the reader's own (« Mes incidents »).
   */
  readonly ownedBy?: string;
  /**
   * Its declared fields (a list's, a dossier's form): their histories show a choice by its label and
   * a referenced item by its libellé, never by id.
   */
  readonly fields?: readonly {
    readonly name: string;
    readonly type: string;
    readonly reference?: string;
    readonly choices?: readonly { readonly value: string; readonly label: string }[];
  }[];
  /** The key of the item in the « as it stood » answer (`candidature`); default the resource name. */
  readonly itemKey?: string;
  /**
   * The item as it stood at an instant, from its own events (`GET /api/<resource>/:id/a-la-date`):
   * its document then and the revision it reflects; undefined before it existed.
   */
  readonly asAt?: (
    events: readonly RecordedEvent[],
    instant: string,
  ) => { readonly revision: number; readonly document: ReadModelDocument } | undefined;
  /** How the item's events read as a history (who, when, what changed). */
  readonly history?: (events: readonly HistoryEvent[]) => HistoryEntry[];
  /**
   * A list of another resource's changes (the dossiers' « Historique des modifications »): each
   * item's `changes` name these fields, and are shown as that resource's histories show them
   * (referenced items by libellé, choices by label) on reads and exports.
   */
  readonly changesOf?: ResourceDefinition['fields'];
  /**
   * The labels of the fields its items' changes name, when they store them compactly
   * (`StoredChange`: the label and reference only where not these): reads and exports give
   * each change whole (`readChanges`).
   */
  readonly changeFields?: Readonly<Record<string, HistoryField>>;
  /**
   * Values a filter chooses among, read from the items the caller may read:
   * `GET /api/<resource>/<path>` → `[{ id, libelle }]` (the agents who changed dossiers).
   */
  readonly distinct?: Readonly<Record<string, { readonly field: string; readonly label: string }>>;
}
