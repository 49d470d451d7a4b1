import {
  ConcurrencyError,
  fold,
  type CommandContext,
  type Decider,
  type DomainEvent,
  type EventEnvelope,
} from '@examens-pro/domain/kernel';
import type { EventStore } from '../event-store/port.js';
import { eventIdFor } from './ids.js';

/** What every command route answers. */
export interface CommandAnswer {
  readonly id: string;
  readonly revision: number;
  readonly position: string;
}

export interface CommandOutcome<State> {
  /** The stream's revision after the command (-1: the stream still does not exist). */
  readonly revision: number;
  /** Global position of the last event written, or of the stream's last event when nothing changed. */
  readonly position: string;
  readonly events: readonly EventEnvelope[];
  readonly state: State;
}

export const toEnvelopes = (
  events: readonly DomainEvent[],
  context: CommandContext,
  offset = 0,
): EventEnvelope[] =>
  events.map((event, index) => ({
    id: eventIdFor(context.commandId, offset + index),
    type: event.type,
    data: event.data,
    metadata: {
      actor: context.actor,
      at: context.now,
      correlationId: context.commandId,
      causationId: context.causationId ?? context.commandId,
      ...(context.reason ? { reason: context.reason } : {}),
      ...(context.typedAt ? { typedAt: context.typedAt } : {}),
      schemaVersion: 1,
    },
  }));

/**
 * What a command already stored on a stream answered (same command id, the client's
 * `Idempotency-Key`), or undefined: an entry kept offline and sent again once the network returns
 * is answered as the first time, before any check that may since have changed its verdict (#35).
 */
export const storedAnswer = async (
  store: EventStore,
  stream: string,
  id: string,
  commandId: string,
): Promise<CommandAnswer | undefined> => {
  const done = (await store.readStream(stream))
    .filter((e) => e.metadata.correlationId === commandId)
    .at(-1);
  return done && { id, revision: done.revision, position: done.position };
};

/**
 * Read the stream, fold, decide, append at the revision read. `expectedRevision` is the client's
 * If-Match: a stale one answers 412 before deciding; a change that lands in between fails the append.
 */
export const handleCommand = async <Command, Event extends DomainEvent, State>(
  store: EventStore,
  options: {
    readonly stream: string;
    readonly decider: Decider<Command, Event, State>;
    readonly command: Command;
    readonly context: CommandContext;
    readonly expectedRevision?: number;
    /** Index of the first event id, when one command writes to several streams. */
    readonly eventIdOffset?: number;
    /** Runs once the decision is made and before it is stored (e.g. to reserve a new unique code). */
    readonly beforeAppend?: (state: State, events: readonly Event[]) => Promise<void>;
  },
): Promise<CommandOutcome<State>> => {
  const recorded = await store.readStream(options.stream);
  const current = recorded.length > 0 ? recorded[recorded.length - 1]!.revision : -1;
  // A retried command (same command id) whose events are stored answers as the first time did.
  const done = recorded.filter((e) => e.metadata.correlationId === options.context.commandId);
  if (done.length > 0) {
    const upTo = recorded.slice(0, recorded.indexOf(done[done.length - 1]!) + 1);
    const lastDone = done[done.length - 1]!;
    return {
      revision: lastDone.revision,
      position: lastDone.position,
      events: done,
      state: fold(options.decider, upTo as unknown as Event[]),
    };
  }
  const state = fold(options.decider, recorded as unknown as Event[]);
  if (options.expectedRevision !== undefined && options.expectedRevision !== current) {
    // On a stream that does not exist, the decider's own answer (404) says more than a 412.
    if (current === -1) options.decider.decide(options.command, state);
    throw new ConcurrencyError();
  }
  const events = options.decider.decide(options.command, state);
  const last = recorded[recorded.length - 1];
  if (events.length === 0) {
    return { revision: current, position: last?.position ?? '0', events: [], state };
  }
  await options.beforeAppend?.(state, events);
  const envelopes = toEnvelopes(events, options.context, options.eventIdOffset ?? 0);
  const result = await store.appendToStream(options.stream, envelopes, {
    expectedRevision: current === -1 ? 'no_stream' : current,
  });
  return {
    revision: result.nextRevision,
    position: result.position,
    events: envelopes,
    state: envelopes.reduce<State>(
      (s, e) => options.decider.evolve(s, e as unknown as Event),
      state,
    ),
  };
};
