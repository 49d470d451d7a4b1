/** An event as the domain emits it: a type and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** Who issued a command: a signed-in user, or the system itself (start-up, workers, migrations). */
export interface Actor {
  readonly id: string;
  readonly name: string;
}

export const SYSTEM_ACTOR: Actor = { id: 'systeme', name: 'Système' };

/** The public site's visitors, never identified (a verification, a payment begun). */
export const PUBLIC_ACTOR: Actor = { id: 'public', name: 'Site public' };

export interface EventMetadata {
  readonly actor: Actor;
  /** ISO 8601 instant at which the command was handled. */
  readonly at: string;
  /** The command id: every event of one command shares it. */
  readonly correlationId: string;
  /** What caused this event: the command id, or the id of the event a reactor answered. */
  readonly causationId: string;
  readonly reason?: string;
  /**
   * When the person typed it, when that was before the command reached the server: an entry of an
   * exam site kept offline and sent once the network returned (#35). The browser's clock, bounded
   * by the server (never after `at`, at most 7 days before it).
   */
  readonly typedAt?: string;
  readonly schemaVersion: number;
}

/**
 * The envelope of the contracts: what is stored, whatever the event store.
 * Distributes over a union of events, so that `switch (envelope.type)` narrows `data`.
 */
export type EventEnvelope<E extends DomainEvent = DomainEvent> = E extends DomainEvent
  ? {
      readonly id: string;
      readonly type: E['type'];
      readonly data: E['data'];
      readonly metadata: EventMetadata;
    }
  : never;

/** An envelope once stored: where it lives in its stream and in the global log. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent
  ? EventEnvelope<E> & {
      readonly streamId: string;
      /** Revision within the stream, from 0. */
      readonly revision: number;
      /** Global position: an opaque decimal string that compares as a number. */
      readonly position: string;
    }
  : never;

/** What a command handler is given besides the command: time, ids and actor never come from the domain. */
export interface CommandContext {
  readonly commandId: string;
  readonly actor: Actor;
  readonly now: string;
  readonly reason?: string;
  /** The event this command answers (a worker recording an outcome); the command id otherwise. */
  readonly causationId?: string;
  /** When it was typed, for an entry sent later than typed (see EventMetadata.typedAt). */
  readonly typedAt?: string;
}
