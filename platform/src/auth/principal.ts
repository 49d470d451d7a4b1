import { allows, type Actor } from '@examens-pro/domain/kernel';
import type { EventStore } from '../event-store/port.js';

/** The signed-in user as every service sees them: details, flag, permissions and the actor of events. */
export interface Principal {
  readonly user: {
    readonly id: string;
    readonly nom: string;
    readonly prenoms: string;
    readonly login: string;
    readonly telephone: string;
    readonly profilId: string;
    readonly profil: string;
    /** The account's `ChangePasswordFlag` (accounts area): 0 while the password must be changed. */
    readonly is_change_password: 0 | 1;
    /** An enrôleur's centre de dépôt: they read and change only its dossiers. */
    readonly centreDepotId: string | null;
  };
  readonly permissions: ReadonlySet<string>;
  readonly actor: Actor;
  /** The account's session generation: a session opened in an older one has ended. */
  readonly sessionGeneration: number;
}

/**
 * Who a session's user is now, or null when they may no longer be signed in (absent or
 * deactivated): the application folds it from the accounts' streams, the sessions only ask.
 */
export type PrincipalSource = (userId: string) => Promise<Principal | null>;

/** The principal source of an event store (the processes that open their own stores take one). */
export type PrincipalLoader = (eventStore: EventStore, userId: string) => Promise<Principal | null>;

/** The domain's rule (`allows`): one of the permissions required; an empty requirement, nobody. */
export const principalAllows = (principal: Principal, anyOf: readonly string[]): boolean =>
  allows(principal.permissions, anyOf);
