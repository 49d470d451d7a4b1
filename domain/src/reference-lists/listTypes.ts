/**
 * The types of the reference lists (`lists.ts`), in a file of their own: the lists declared in other
 * files (the shared fields, the registration's records, the juries, the decision lists) import
 * them from here, so that no import goes back to `lists.ts`, which imports those lists.
 */
import type { CommandContext } from '../core/envelope.js';

export type ListFieldType =
  | 'text'
  | 'integer'
  /** A decimal number (a coefficient). */
  | 'number'
  | 'boolean'
  | 'email-list'
  /** One e-mail address. */
  | 'email'
  | 'phone'
  /**
   * A person's name (nom, prénoms): refused when abbreviated (seed §5 rule 3), stored cleaned and
   * capitalised (seed text rules).
   */
  | 'person-name'
  /** YYYY-MM-DD */
  | 'date'
  | 'choice'
  /** One item of another list (or of `metiers`, `sessions`), active. */
  | 'reference'
  /** Several items of another list, each active. */
  | 'references'
  /** An uploaded image (PNG or JPEG under 1 MB), by its stored file name. */
  | 'image';

export interface ListField {
  readonly name: string;
  readonly label: string;
  readonly type: ListFieldType;
  readonly required?: boolean;
  /** For numbers: inclusive bounds; `positive`: strictly above zero. */
  readonly min?: number;
  readonly max?: number;
  readonly positive?: boolean;
  /** For choices: the values and what staff read. */
  readonly choices?: readonly { readonly value: string; readonly label: string }[];
  /** Value proposed by the creation form. */
  readonly defaultValue?: string | number | boolean;
  /** For references: the list whose active items may be chosen. */
  readonly reference?: string;
  readonly help?: string;
  /** For a text of a set format (an hour « 08:00 »): a valid value, as the load samples write it. */
  readonly example?: string;
  /** Shown as a column of the list screen. */
  readonly inList?: boolean;
  /** For references: the message when the item chosen is not active (default: a generic one). */
  readonly inactiveMessage?: string;
}

export interface ReferenceListDefinition {
  /** Resource name, stream category and collection: `/api/<name>`, streams `<name>-<id>`. */
  readonly name: string;
  /** Dashboard path of its screens; absent for lists without a screen (the geography). */
  readonly path?: string;
  readonly label: string;
  readonly itemLabel: string;
  readonly notFoundMessage: string;
  readonly fields: readonly ListField[];
  /** `false`: its items have no code (a patron, an apprenti); default: a code, unique in the list. */
  readonly code?: false;
  /** What the libellé is called on this list (« Raison sociale »), when not « Libellé ». */
  readonly title?: { readonly label: string; readonly subject: string };
  /**
   * The fields the libellé is made of, in order (an apprenti's nom and prénoms): then it is not
   * typed but derived, and shown as the item's name.
   */
  readonly titleFrom?: readonly string[];
  /** Shipped as seed data, read-only for staff. */
  readonly readOnly?: boolean;
  /** For a list without a route of its own (managed from another screen): who reads and writes it. */
  readonly permissions?: readonly string[];
  /** The screen it is managed from (a tab of that screen). */
  readonly managedFrom?: string;
  /**
   * Resources whose forms offer a choice among this list's items without referencing one (the
   * candidature's métier is one the session opened): whoever reads them may read this list.
   */
  readonly offeredOn?: readonly string[];
  /**
   * How the messages name one item (« Ce métier est déjà désactivé. »), and whether the word is
   * feminine; absent: « Cet élément ».
   */
  readonly subject?: { readonly text: string; readonly feminine?: boolean };
  /** What the creation screen's title calls a new item (« nouveau métier »). */
  readonly newItem?: string;
  /** Kinds of documents (PDF) made from the whole list, offered on its screen. */
  readonly documents?: readonly string[];
  /**
   * Fields whose values, together, name at most one item of the list (one fee per session): kept
   * unique like codes, through a reservation; `message` answers the 409 of a second one. A field of
   * several items (`references`) makes one key per combination (a jury: each centre d'examen and
   * métier of its session); `conflict` then says which one, and who holds it: the libellés of the
   * key's referenced items by field, and the holder's libellé.
   */
  readonly unique?: {
    readonly fields: readonly string[];
    readonly message: string;
    readonly conflict?: (named: Readonly<Record<string, string>>, holder: string) => string;
  };
  /**
   * A flag of its items' values that no form sets (a jury's `deliberee`, set when it deliberates):
   * once true, the item cannot be deleted (`message`), and a modification keeps the flag.
   */
  readonly deletionLock?: { readonly field: string; readonly message: string };
  /**
   * Its items hold seats (a composition site: `sieges-<id>`): the capacity field cannot drop below
   * the candidates seated, nor an item with seated candidates be deactivated or deleted.
   */
  readonly seats?: { readonly capacity: string };
  /** The integer field its items are listed by (visas, ampliations: `ordre`); default the libellé. */
  readonly order?: string;
  /**
   * Rules between fields: field → French message. `now` is the command's instant (its context's):
   * a rule about today (a date of birth is past) reads it, never the clock.
   */
  readonly check?: (
    values: Readonly<Record<string, unknown>>,
    context: Pick<CommandContext, 'now'>,
  ) => Record<string, string>;
}
