import type { CommandContext, DomainEvent } from '@examens-pro/domain/kernel';
import { WrongExpectedRevisionError, type EventStore } from '../event-store/port.js';
import { toEnvelopes } from './handle.js';

/**
 * Runs `work` after the previous work queued under the same key has settled: concurrent commands
 * in one process take their turn instead of colliding on a counter's revision (other processes
 * still meet through the expected revision).
 */
export const serialized = () => {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return next;
  };
};

/** How a sequence writes what it hands out: one number, or a block (`numero` to `dernier`). */
export interface SequenceDefinition {
  /** The counter's stream for a key (a session, a session and a métier). */
  readonly stream: (key: string) => string;
  readonly one: (key: string, numero: number, id: string) => DomainEvent;
  readonly block: (
    key: string,
    numero: number,
    dernier: number,
    ids: readonly string[],
  ) => DomainEvent;
  /** Named in the error when too many take numbers at once. */
  readonly label: string;
}

/**
 * Numbers in sequence per key, never repeated: the counter stream gets one event per number (or
 * per block of numbers), appended at the revision read (a concurrent taker makes it read again).
 * Where this process last saw each stream is kept, so that a number costs a short read. Takers
 * that ask while the key's counter is being appended to wait together and get their numbers from
 * one block: under load one append serves many. A command that fails after taking its number
 * leaves a gap.
 */
export const sequence = (eventStore: EventStore, definition: SequenceDefinition) => {
  const seen = new Map<string, { revision: number; numero: number }>();
  const inTurn = serialized();
  const waiting = new Map<
    string,
    { id: string; context: CommandContext; done: (n: number) => void; fail: (e: unknown) => void }[]
  >();

  async function takeNext(key: string, ids: readonly string[], context: CommandContext) {
    const stream = definition.stream(key);
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const known = seen.get(stream) ?? { revision: -1, numero: 0 };
      const newer = await eventStore.readStream(stream, { fromRevision: known.revision + 1 });
      const lastEvent = newer[newer.length - 1];
      const last = lastEvent ? lastEvent.revision : known.revision;
      // The highest number taken: a block's last, or a single one.
      const highest = lastEvent
        ? ((lastEvent.data as { dernier?: number; numero: number }).dernier ??
          (lastEvent.data as { numero: number }).numero)
        : known.numero;
      const numero = highest + 1;
      const dernier = highest + ids.length;
      try {
        const result = await eventStore.appendToStream(
          stream,
          toEnvelopes(
            [
              ids.length === 1
                ? definition.one(key, numero, ids[0]!)
                : definition.block(key, numero, dernier, ids),
            ],
            { ...context, commandId: `${context.commandId}/numero/${numero}` },
          ),
          { expectedRevision: last === -1 ? 'no_stream' : last },
        );
        seen.set(stream, { revision: result.nextRevision, numero: dernier });
        return numero;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        seen.set(stream, { revision: last, numero: highest });
      }
    }
    throw new Error(`${definition.label} : trop de demandes simultanées (${key}).`);
  }

  /** One number for `id`, batched with the others asked meanwhile. */
  const take = (key: string, id: string, context: CommandContext) =>
    new Promise<number>((done, fail) => {
      const asked = { id, context, done, fail };
      const queue = waiting.get(key);
      if (queue) {
        queue.push(asked);
        return;
      }
      waiting.set(key, [asked]);
      void inTurn(key, async () => {
        const batch = waiting.get(key)!;
        waiting.delete(key);
        try {
          const first = await takeNext(
            key,
            batch.map((b) => b.id),
            batch[0]!.context,
          );
          batch.forEach((b, i) => b.done(first + i));
        } catch (error) {
          for (const b of batch) b.fail(error);
        }
      });
    });
  /** A block of consecutive numbers, one per id, in one event: answers the first. */
  const block = (key: string, ids: readonly string[], context: CommandContext) =>
    inTurn(key, () => takeNext(key, ids, context));
  return Object.assign(take, { block });
};
