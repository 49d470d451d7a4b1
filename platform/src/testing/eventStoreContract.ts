import { describe, expect, it, beforeEach, afterEach } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  comparePositions,
  ConcurrencyError,
  SYSTEM_ACTOR,
  type EventEnvelope,
} from '@examens-pro/domain/kernel';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type SubscriptionMessage,
} from '../event-store/port.js';

export interface EventStoreHarness {
  readonly store: EventStore;
  teardown(): Promise<void>;
}

export const anEvent = (type = 'Something', data: unknown = {}): EventEnvelope => {
  const id = randomUUID();
  return {
    id,
    type,
    data,
    metadata: {
      actor: SYSTEM_ACTOR,
      at: new Date().toISOString(),
      correlationId: id,
      causationId: id,
      schemaVersion: 1,
    },
  };
};

/** A new stream's name: unique per test, so that an adapter may share one server between tests. */
const stream = (category = 'test'): string => `${category}-${randomUUID()}`;

/** Appends and stream reads: expected revisions, retries and concurrent writers. */
const appendCases = (current: () => EventStore): void => {
  let store: EventStore;
  beforeEach(() => {
    store = current();
  });

  it('appends to a new stream with "no stream" and reads it back in order with its metadata', async () => {
    const s = stream();
    const events = [anEvent('A', { n: 1 }), anEvent('B', { n: 2, texte: 'Électricité' })];
    const result = await store.appendToStream(s, events, { expectedRevision: 'no_stream' });
    expect(result.nextRevision).toBe(1);
    const read = await store.readStream(s);
    expect(read.map((e) => [e.id, e.type, e.data, e.revision, e.streamId])).toEqual([
      [events[0]!.id, 'A', { n: 1 }, 0, s],
      [events[1]!.id, 'B', { n: 2, texte: 'Électricité' }, 1, s],
    ]);
    expect(read[1]!.metadata).toEqual(events[1]!.metadata);
    expect(read[1]!.position).toBe(result.position);
  });

  it('answers an empty list for a stream that does not exist', async () => {
    expect(await store.readStream(stream())).toEqual([]);
  });

  it('reads a stream from a revision, at most maxCount events', async () => {
    const s = stream();
    await store.appendToStream(s, [anEvent('A'), anEvent('B'), anEvent('C'), anEvent('D')]);
    const read = await store.readStream(s, { fromRevision: 1, maxCount: 2 });
    expect(read.map((e) => e.type)).toEqual(['B', 'C']);
  });

  it('refuses "no stream" on an existing stream and "stream exists" on a missing one', async () => {
    const s = stream();
    await store.appendToStream(s, [anEvent()], { expectedRevision: 'no_stream' });
    const conflict = store.appendToStream(s, [anEvent()], { expectedRevision: 'no_stream' });
    await expect(conflict).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(
      store.appendToStream(stream(), [anEvent()], { expectedRevision: 'stream_exists' }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    const ok = await store.appendToStream(s, [anEvent()], { expectedRevision: 'stream_exists' });
    expect(ok.nextRevision).toBe(1);
  });

  it('appends at an exact revision and refuses a stale one with a 412 error', async () => {
    const s = stream();
    await store.appendToStream(s, [anEvent(), anEvent()], { expectedRevision: 'no_stream' });
    const ok = await store.appendToStream(s, [anEvent()], { expectedRevision: 1 });
    expect(ok.nextRevision).toBe(2);
    const stale = await store
      .appendToStream(s, [anEvent()], { expectedRevision: 1 })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConcurrencyError);
    expect((stale as ConcurrencyError).status).toBe(412);
    expect((await store.readStream(s)).length).toBe(3);
  });

  it('treats a retried append (same event ids, same expected revision) as already done', async () => {
    const s = stream();
    await store.appendToStream(s, [anEvent()], { expectedRevision: 'no_stream' });
    const events = [anEvent('X'), anEvent('Y')];
    const first = await store.appendToStream(s, events, { expectedRevision: 0 });
    const retry = await store.appendToStream(s, events, { expectedRevision: 0 });
    expect(retry).toEqual(first);
    expect((await store.readStream(s)).map((e) => e.type)).toEqual(['Something', 'X', 'Y']);
  });

  it('lets exactly one of many concurrent appends at the same revision win', async () => {
    const s = stream();
    await store.appendToStream(s, [anEvent()], { expectedRevision: 'no_stream' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        store.appendToStream(s, [anEvent()], { expectedRevision: 0 }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.status === 'rejected')) {
      expect((o as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    }
    expect((await store.readStream(s)).length).toBe(2);
  });
};

/** Global positions, reads of all streams and subscriptions. */
const allStreamCases = (current: () => EventStore): void => {
  let store: EventStore;
  beforeEach(() => {
    store = current();
  });

  it('gives every event a global position that grows across streams, and reads all from a position', async () => {
    const before = await store.headPosition();
    const a = stream();
    const b = stream();
    const r1 = await store.appendToStream(a, [anEvent('A1')]);
    const r2 = await store.appendToStream(b, [anEvent('B1')]);
    const r3 = await store.appendToStream(a, [anEvent('A2')]);
    expect(comparePositions(r1.position, before)).toBe(1);
    expect(comparePositions(r2.position, r1.position)).toBe(1);
    expect(comparePositions(r3.position, r2.position)).toBe(1);
    expect(await store.headPosition()).toBe(r3.position);
    const all = await store.readAll({ fromPosition: before, maxCount: 10 });
    const mine = all.filter((e) => e.streamId === a || e.streamId === b);
    expect(mine.map((e) => e.type)).toEqual(['A1', 'B1', 'A2']);
    const afterFirst = await store.readAll({ fromPosition: r1.position, maxCount: 10 });
    expect(afterFirst.find((e) => e.type === 'A1' && e.streamId === a)).toBeUndefined();
  });

  it('subscribes to all from a position: stored events, then caught up, then live appends', async () => {
    const s = stream();
    const start = await store.headPosition();
    await store.appendToStream(s, [anEvent('Stored')]);
    const controller = new AbortController();
    const received: SubscriptionMessage[] = [];
    const done = (async () => {
      for await (const message of store.subscribeToAll({
        fromPosition: start,
        signal: controller.signal,
      })) {
        if (message.type === 'caughtUp' || message.event.streamId === s) received.push(message);
        if (message.type === 'event' && message.event.type === 'Live') controller.abort();
      }
    })();
    await waitUntil(() => received.some((m) => m.type === 'caughtUp'));
    await store.appendToStream(s, [anEvent('Live')]);
    await done;
    const kinds = received.map((m) => (m.type === 'event' ? m.event.type : m.type));
    expect(kinds[0]).toBe('Stored');
    expect(kinds).toContain('caughtUp');
    expect(kinds[kinds.length - 1]).toBe('Live');
    expect(kinds.indexOf('caughtUp')).toBeLessThan(kinds.indexOf('Live'));
  });

  it('given event types, delivers every event of them in order and is caught up at the head, past events of other types', async () => {
    const s = stream();
    const start = await store.headPosition();
    await store.appendToStream(s, [anEvent('Wanted'), anEvent('Other'), anEvent('Wanted')]);
    const last = await store.appendToStream(s, [anEvent('Other'), anEvent('Other')]);
    const controller = new AbortController();
    const wanted: string[] = [];
    let caughtUpAt: string | undefined;
    const done = (async () => {
      for await (const message of store.subscribeToAll({
        fromPosition: start,
        signal: controller.signal,
        eventTypes: ['Wanted', 'Live'],
      })) {
        if (message.type === 'caughtUp') {
          caughtUpAt = message.position;
          continue;
        }
        if (message.event.streamId !== s) continue;
        if (message.event.type === 'Wanted' || message.event.type === 'Live')
          wanted.push(`${message.event.type}@${message.event.revision}`);
        if (message.event.type === 'Live') controller.abort();
      }
    })();
    await waitUntil(
      () => caughtUpAt !== undefined && comparePositions(caughtUpAt, last.position) >= 0,
    );
    await store.appendToStream(s, [anEvent('Other'), anEvent('Live')]);
    await done;
    expect(wanted).toEqual(['Wanted@0', 'Wanted@2', 'Live@6']);
  });
};

/**
 * The event-store contract: every adapter runs this suite by supplying a factory.
 * Stream names are unique per test, so an adapter may share one server between tests.
 */
export const eventStoreContract = (
  name: string,
  factory: () => Promise<EventStoreHarness>,
): void => {
  describe(`event store contract: ${name}`, () => {
    let harness: EventStoreHarness;

    beforeEach(async () => {
      harness = await factory();
    });
    afterEach(async () => harness.teardown());

    appendCases(() => harness.store);
    allStreamCases(() => harness.store);
  });
};

export const waitUntil = async (
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Condition non atteinte dans le délai.');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
