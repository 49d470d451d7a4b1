import { userDecider, USER_CATEGORY, type UserEvent } from '../accounts/user.js';
import { listItemDecider, type ListItemEvent } from '../reference-lists/item.js';
import { referenceList, uniqueKeysOf } from '../reference-lists/lists.js';
import { SESSION_CATEGORY, sessionDecider, type SessionEvent } from '../sessions/session.js';
import { fold } from '../core/decider.js';
import {
  candidatureDecider,
  personReservation,
  type CandidatureEvent,
} from '../registration/candidature.js';
import type { RecordedEvent } from '../core/envelope.js';

/** A value kept unique through its reservation stream (`uniqueValueStream(resource, field, value)`). */
export interface ReservedValue {
  readonly resource: string;
  readonly field: string;
  readonly value: string;
}

/**
 * An aggregate that holds unique values. Its handlers reserve a value before the append that starts
 * using it; giving the old value back after the append that stops using it (a changed code, a
 * deletion, a closed registration) is the job of the reservations reactor, from the stored events:
 * a process killed between the two appends never keeps a value for good.
 */
export interface UniqueValueOwner {
  /** Events after which the owner may have stopped using a value. */
  readonly eventTypes: readonly string[];
  /**
   * The value the owner uses after these events of its own stream (none when absent or deleted), or
   * the values (a jury: one per centre d'examen and métier of its session).
   */
  readonly heldAfter: (
    events: readonly RecordedEvent[],
  ) => ReservedValue | readonly ReservedValue[] | undefined;
}

export const sameReservedValue = (a?: ReservedValue, b?: ReservedValue): boolean =>
  a?.resource === b?.resource && a?.field === b?.field && a?.value === b?.value;

/** What `heldAfter` answers, as a list (none, one or several values). */
export const reservedValues = (
  held: ReservedValue | readonly ReservedValue[] | undefined,
): readonly ReservedValue[] => (held === undefined ? [] : 'value' in held ? [held] : held);

/** Every unique value the product reserves: codes of the lists (métiers included), the keys of lists with a `unique` rule, logins, open registrations. */
export const UNIQUE_VALUE_OWNERS: readonly UniqueValueOwner[] = [
  {
    eventTypes: ['ListItemModified', 'ListItemDeleted'],
    heldAfter: (events) => {
      const state = fold(listItemDecider, events as unknown as ListItemEvent[]);
      return (state.status === 'actif' || state.status === 'inactif') &&
        referenceList(state.list)?.code !== false
        ? { resource: state.list, field: 'code', value: state.code }
        : undefined;
    },
  },
  // The keys of a list with a `unique` rule (one fee per session, a jury's pairs): the session of a
  // fee may change, a jury's centres and métiers too.
  {
    eventTypes: ['ListItemModified', 'ListItemDeleted'],
    heldAfter: (events) => {
      const state = fold(listItemDecider, events as unknown as ListItemEvent[]);
      const list = state.status === 'absent' ? undefined : referenceList(state.list);
      return (state.status === 'actif' || state.status === 'inactif') && list
        ? uniqueKeysOf(list, state.values)
        : undefined;
    },
  },
  // A person registers once per session (names and date of birth): they may be corrected.
  {
    eventTypes: ['CandidatureModified', 'CandidatureDeleted'],
    heldAfter: (events) => {
      const state = fold(candidatureDecider, events as unknown as CandidatureEvent[]);
      return state.status === 'present'
        ? personReservation(state.sessionId, state.values)
        : undefined;
    },
  },
  {
    eventTypes: ['UserModified'],
    heldAfter: (events) => {
      const state = fold(userDecider, events as unknown as UserEvent[]);
      return state.status === 'absent'
        ? undefined
        : { resource: USER_CATEGORY, field: 'login', value: state.login };
    },
  },
  {
    eventTypes: ['SessionAdvanced'],
    heldAfter: (events) => {
      const state = fold(sessionDecider, events as unknown as SessionEvent[]);
      return state.status === 'present' && state.statut === 'inscriptions-ouvertes'
        ? { resource: SESSION_CATEGORY, field: 'inscriptions-ouvertes', value: state.examenId }
        : undefined;
    },
  },
];
