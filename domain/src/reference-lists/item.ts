import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent } from '../core/envelope.js';
import { ConflictError, NotFoundError } from '../core/errors.js';
import { referenceList } from './lists.js';

/** What one item of a reference list holds besides its code and libellé. */
export type ListValues = Record<string, string | number | boolean | string[] | null>;

interface ItemData {
  list: string;
  itemId: string;
  code: string;
  libelle: string;
  values: ListValues;
}

export type ListItemCreated = DomainEvent<'ListItemCreated', ItemData>;
export type ListItemModified = DomainEvent<'ListItemModified', ItemData>;
export type ListItemDeactivated = DomainEvent<
  'ListItemDeactivated',
  { list: string; itemId: string }
>;
export type ListItemReactivated = DomainEvent<
  'ListItemReactivated',
  { list: string; itemId: string }
>;
export type ListItemDeleted = DomainEvent<
  'ListItemDeleted',
  { list: string; itemId: string; code: string }
>;

export type ListItemEvent =
  ListItemCreated | ListItemModified | ListItemDeactivated | ListItemReactivated | ListItemDeleted;

export const LIST_ITEM_EVENT_TYPES: readonly ListItemEvent['type'][] = [
  'ListItemCreated',
  'ListItemModified',
  'ListItemDeactivated',
  'ListItemReactivated',
  'ListItemDeleted',
];

export type ListItemCommand =
  | { type: 'CreateListItem'; data: ItemData }
  | { type: 'ModifyListItem'; data: ItemData }
  | { type: 'DeactivateListItem'; data: { list: string; itemId: string } }
  | { type: 'ReactivateListItem'; data: { list: string; itemId: string } }
  /** `usageCount` comes from the usage read model. */
  | { type: 'DeleteListItem'; data: { list: string; itemId: string; usageCount: number } };

export type ListItem =
  | { status: 'absent' }
  | {
      status: 'actif' | 'inactif';
      list: string;
      id: string;
      code: string;
      libelle: string;
      values: ListValues;
    }
  | { status: 'supprime'; list: string; id: string; code: string };

const notFound = (list: string) =>
  new NotFoundError(referenceList(list)?.notFoundMessage ?? 'Élément introuvable.');

/** How the messages name an item of `list`: « Ce métier est déjà désactivé. », else « Cet élément… ». */
const wording = (list: string) => {
  const subject = referenceList(list)?.subject;
  const feminine = subject?.feminine === true;
  return {
    subject: subject?.text ?? 'Cet élément',
    e: feminine ? 'e' : '',
    actif: feminine ? 'active' : 'actif',
    pronoun: feminine ? 'la' : 'le',
  };
};

const existing = (state: ListItem, list: string) => {
  if (state.status === 'actif' || state.status === 'inactif') return state;
  throw notFound(list);
};

const same = (a: ItemData, b: { code: string; libelle: string; values: ListValues }) =>
  a.code === b.code &&
  a.libelle === b.libelle &&
  JSON.stringify(Object.entries(a.values).sort()) ===
    JSON.stringify(Object.entries(b.values).sort());

export const decideListItem = (command: ListItemCommand, state: ListItem): ListItemEvent[] => {
  switch (command.type) {
    case 'CreateListItem':
      if (state.status !== 'absent')
        throw new ConflictError(`${wording(command.data.list).subject} existe déjà.`);
      return [{ type: 'ListItemCreated', data: { ...command.data } }];
    case 'ModifyListItem': {
      const current = existing(state, command.data.list);
      // A flag no form sets (a jury's deliberation) outlives the form's modifications.
      const lock = referenceList(current.list)?.deletionLock?.field;
      const data =
        lock && current.values[lock] !== undefined
          ? { ...command.data, values: { ...command.data.values, [lock]: current.values[lock]! } }
          : command.data;
      if (same(data, current)) return [];
      return [{ type: 'ListItemModified', data: { ...data } }];
    }
    case 'DeactivateListItem': {
      const current = existing(state, command.data.list);
      if (current.status === 'inactif') {
        const { subject, e } = wording(current.list);
        throw new ConflictError(`${subject} est déjà désactivé${e}.`);
      }
      return [{ type: 'ListItemDeactivated', data: { ...command.data } }];
    }
    case 'ReactivateListItem': {
      const current = existing(state, command.data.list);
      if (current.status === 'actif') {
        const { subject, actif } = wording(current.list);
        throw new ConflictError(`${subject} est déjà ${actif}.`);
      }
      return [{ type: 'ListItemReactivated', data: { ...command.data } }];
    }
    case 'DeleteListItem': {
      const current = existing(state, command.data.list);
      const { usageCount } = command.data;
      const lock = referenceList(current.list)?.deletionLock;
      if (lock && current.values[lock.field] === true) throw new ConflictError(lock.message);
      if (usageCount > 0) {
        const { subject, e, pronoun } = wording(current.list);
        throw new ConflictError(
          `${subject} est utilisé${e} (${usageCount} référence${usageCount > 1 ? 's' : ''}) : désactivez-${pronoun} au lieu de ${pronoun} supprimer.`,
        );
      }
      return [
        {
          type: 'ListItemDeleted',
          data: { list: current.list, itemId: current.id, code: current.code },
        },
      ];
    }
    default:
      return assertNever(command);
  }
};

export const evolveListItem = (state: ListItem, event: ListItemEvent): ListItem => {
  switch (event.type) {
    case 'ListItemCreated':
    case 'ListItemModified': {
      const { list, itemId, code, libelle, values } = event.data;
      const status = state.status === 'inactif' ? 'inactif' : 'actif';
      return { status, list, id: itemId, code, libelle, values };
    }
    case 'ListItemDeactivated':
      return state.status === 'actif' ? { ...state, status: 'inactif' } : state;
    case 'ListItemReactivated':
      return state.status === 'inactif' ? { ...state, status: 'actif' } : state;
    case 'ListItemDeleted':
      return {
        status: 'supprime',
        list: event.data.list,
        id: event.data.itemId,
        code: event.data.code,
      };
    default:
      return assertNever(event);
  }
};

export const listItemDecider: Decider<ListItemCommand, ListItemEvent, ListItem> = {
  decide: decideListItem,
  evolve: evolveListItem,
  initialState: () => ({ status: 'absent' }),
};
