import type { Decider } from './decider.js';
import type { DomainEvent } from './envelope.js';

/**
 * Given / when / then over a decider, so that specifications read as the business states them.
 * Pure: usable from any test runner; assertions throw plain errors with both sides printed.
 */
export const DeciderSpecification = {
  for<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
    return {
      given(events: E[]) {
        return {
          when(command: C) {
            const run = (): E[] => {
              const state = events.reduce(decider.evolve, decider.initialState());
              return decider.decide(command, state);
            };
            return {
              then(expected: E[]): void {
                const actual = run();
                const a = JSON.stringify(actual);
                const b = JSON.stringify(expected);
                if (a !== b)
                  throw new Error(`Événements inattendus.\n attendus : ${b}\n obtenus  : ${a}`);
              },
              thenThrows<Err extends Error>(
                errorClass: abstract new (...args: never[]) => Err,
                check?: (error: Err) => void,
              ): void {
                let thrown: unknown;
                try {
                  run();
                } catch (error) {
                  thrown = error;
                }
                if (!(thrown instanceof errorClass)) {
                  throw new Error(`Erreur ${errorClass.name} attendue, obtenu : ${String(thrown)}`);
                }
                check?.(thrown);
              },
            };
          },
        };
      },
    };
  },
};
