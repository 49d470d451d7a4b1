import type { ReactElement, ReactNode } from 'react';
import type { ListField, ListFieldType } from '@examens-pro/domain';
import type { RaRecord, SortPayload } from 'react-admin';
import type { BulkActionsDeclaration } from './BulkActions';

/**
 * A field's kind: the reference lists' kinds, an e-mail address, an instant (shown with its time),
 * or `custom` (drawn only by the field's own `input` and `display`).
 */
export type FieldType = ListFieldType | 'email' | 'datetime' | 'custom';

/**
 * One field of a resource's screens, in French: its label names the column, the line of the
 * details, the input and the filter alike. A reference list's field (domain `ListField`) is one
 * as it stands; the rest says what the lists' fields leave to their defaults.
 */
export interface FieldDeclaration extends Omit<ListField, 'type'> {
  readonly type: FieldType;
  /** How the messages name it ("Le libellé" → "Le libellé est obligatoire."); default « label ». */
  readonly subject?: string;
  /** The message of a missing value, when it says more than "… est obligatoire.". */
  readonly requiredMessage?: string;
  readonly maxLength?: number;
  readonly fullWidth?: boolean;
  /** On the details tab (default yes). */
  readonly inShow?: boolean;
  /** In the form (default yes); `create`: only when creating (a first password). */
  readonly inForm?: boolean | 'create';
  /** Default: what the read model indexes (numbers, dates, choices, yes/no). */
  readonly sortable?: boolean;
  /** A filter of the list; default: references and choices. `alwaysOn`: shown without asking. */
  readonly filter?: boolean | 'alwaysOn';
  /** How the search box's placeholder names it, when the search covers it. */
  readonly search?: string;
  /** References: shown as plain text rather than a link to the item's page. */
  readonly link?: false;
  /** Numbers: without thousands separator (a year). */
  readonly grouping?: false;
  /** References: any item may be chosen, not only active ones (items without `actif`). */
  readonly activeOnly?: false;
  /** References: a drop-down of every item rather than a search (short lists). */
  readonly choose?: 'select';
  /** Why the value may no longer change for this record (the input is then disabled), if so. */
  readonly locked?: (record: RaRecord) => string | undefined;
  /** Slot: the field's own display (a column's cell, a line of the details). */
  readonly display?: (record: RaRecord, where: 'list' | 'show') => ReactNode;
  /** Slot: the field's own input. */
  readonly input?: (field: FieldDeclaration) => ReactElement;
}

/**
 * Everything a resource's screens need besides the kit: titles, fields, rules on its buttons and
 * the slots where its own pieces go. The route (react-admin's resource) says whose permissions
 * apply, and the resource's `recordRepresentation` how a record is named in titles.
 */
export interface ResourceDeclaration {
  /** The list's title (the route's label). */
  readonly label: string;
  /** One item, before its name in titles ("Session BTS juin 2027 (2027)"). */
  readonly itemLabel: string;
  /** Create's title after the label: "Sessions : nouvelle session". Default "nouvel élément". */
  readonly newItem?: string;
  /** Audit stamps agree with a feminine item ("Créée le"). */
  readonly feminine?: boolean;
  readonly fields: readonly FieldDeclaration[];
  readonly sort: SortPayload;
  /** Staff deactivate and reactivate items: status filter and column, Désactiver / Réactiver. */
  readonly activable?: { readonly nameSource?: string };
  /** Items may be deleted (by who may remove): the confirmation's words. */
  readonly remove?: { readonly title: (record: RaRecord) => string; readonly content: string };
  /** Where a creation leads: the item's page (default) or back to the list. */
  readonly afterCreate?: 'list' | 'show';
  /** Whether this record may still be modified (the server refuses otherwise). */
  readonly canEdit?: (record: RaRecord) => boolean;
  /**
   * A list only, written elsewhere (a journal): no creation, rows that open nothing, no audit
   * column, no invitation when empty.
   */
  readonly readOnly?: boolean;
  /** Items are created elsewhere (a page of their own): no « Créer » on the list. */
  readonly createdElsewhere?: boolean;
  /**
   * Actions over the rows chosen or every result of the list's filter (the list's bulk action
   * buttons), each under the route's permission for it; none: rows are not chosen.
   */
  readonly bulkActions?: BulkActionsDeclaration;
  readonly slots?: {
    /** Above the list (tabs of a screen). */
    readonly aboveList?: ReactNode;
    /** Buttons of the list beside the exports, for whoever reads it (a document to download). */
    readonly listActions?: ReactNode;
    /** Filters of the list after the declared fields' (a range of days). */
    readonly filters?: readonly ReactElement[];
    /** Buttons of the item's page, for who may write. */
    readonly showActions?: ReactNode;
    /** Buttons of the item's page that check their own permissions (validate, reject…). */
    readonly stepActions?: ReactNode;
    /** A form of its own instead of the declared fields'. */
    readonly form?: ReactElement;
    /** Tabs of the item's page between its details and its history (a dossier's pièces). */
    readonly showTabs?: readonly {
      readonly label: string;
      readonly path: string;
      readonly content: ReactNode;
    }[];
  };
}

/** The code most items carry: required, up to 30 characters, upper-cased by the server. */
export const CODE: FieldDeclaration = {
  name: 'code',
  label: 'Code',
  subject: 'Le code',
  type: 'text',
  required: true,
  maxLength: 30,
  help: 'Lettres, chiffres, points, tirets ; enregistré en majuscules.',
  inList: true,
  sortable: true,
  search: 'code',
};

/** The libellé most items carry: required, up to 200 characters, searched and sorted on. */
export const LIBELLE: FieldDeclaration = {
  name: 'libelle',
  label: 'Libellé',
  type: 'text',
  required: true,
  subject: 'Le libellé',
  maxLength: 200,
  fullWidth: true,
  inList: true,
  sortable: true,
  search: 'libellé',
};
