import type { DomainEvent } from './envelope.js';

/**
 * One decider per aggregate: pure functions, no I/O, no clock.
 * `decide` returns the events a command produces or throws a DomainError.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  readonly decide: (command: Command, state: State) => Event[];
  readonly evolve: (state: State, event: Event) => State;
  readonly initialState: () => State;
}

export const fold = <Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());

/** Ends every `switch` over a union: the compiler proves no case is forgotten. */
export const assertNever = (value: never): never => {
  throw new Error(`Cas non prévu : ${JSON.stringify(value)}`);
};
