import { createHash } from 'node:crypto';
import type { Actor, CommandContext, Decider, DomainEvent } from '@examens-pro/domain';
import {
  handleCommand,
  type DocumentStorage,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';

/**
 * Sample commands per aggregate: the crash tests' log generator (and the appender of the live
 * catch-up test) run these small stories — create, modify, deactivate, delete… — through the
 * product's own command handlers (command-service), so that the log holds exactly what the product
 * writes, reservation streams included. The harness fails when a registered projection or reactor
 * receives no event: a new aggregate adds its stories in the file of its area (samples/) and to
 * `SAMPLES` (samples.ts).
 *
 * Deletions go through the aggregate's decider and `handleCommand`, as the handlers do, with the
 * usage count this generator keeps itself: the handlers read it from the `usages` read model, which
 * the generator does not run.
 */
export interface AggregateSamples {
  readonly name: string;
  /** Resources (stream categories) this aggregate's items belong to, which others may reference. */
  readonly provides: readonly string[];
  /** Aggregates (manifest categories) it writes besides those it provides (nobody references them). */
  readonly writes?: readonly string[];
  /** Stories per round of the generator: the aggregate's share of the log. */
  readonly weight: number;
  /** At most this many stories in all (users: every password is hashed with scrypt, ~90 ms). */
  readonly limit?: number;
  /** One story, numbered `n` within this aggregate. */
  story(scope: StoryScope, n: number): Promise<void>;
  /** Makes one active item of `resource` (one of `provides`), for another story to reference. */
  make?(scope: StoryScope, resource: string): Promise<string>;
}

export const GENERATOR: Actor = { id: 'generateur-charge', name: 'Générateur de charge' };

/**
 * A story's commands on one stream: decided and appended through the shared handler, as the
 * generator (or `actor`), the way the product's routes write them.
 */
export const commandsOn =
  <Command, Event extends DomainEvent, State>(
    scope: { readonly eventStore: EventStore; context(actor?: Actor): CommandContext },
    stream: string,
    decider: Decider<Command, Event, State>,
  ) =>
  (command: Command, actor?: Actor) =>
    handleCommand(scope.eventStore, { stream, decider, command, context: scope.context(actor) });
export const START = Date.UTC(2026, 0, 5, 8, 0, 0);

/**
 * What the stories share: the store, the clock, the items made so far and who references what.
 * `registry`: the aggregates that make the items referenced (`SampleScope` of samples.ts gives
 * them all, so that this file and the areas' stories need not import the registry).
 */
export class StoryScope {
  private commands = 0;
  private seed: number;
  /** Active items per resource (an array to pick from, and where each id sits in it). */
  private readonly active = new Map<string, { ids: string[]; at: Map<string, number> }>();
  /** Referrer stream → the `resource|itemId` keys it references; and the count per key. */
  private readonly referrers = new Map<string, Set<string>>();
  private readonly usages = new Map<string, number>();
  private imageName?: string;
  /** Items made on demand so far: their numbers never repeat (a random number could, seed 978354209). */
  private made = 0;

  constructor(
    public eventStore: EventStore,
    readonly readStore: ReadStore,
    readonly storage: DocumentStorage,
    seed: number,
    private readonly registry: readonly AggregateSamples[],
  ) {
    this.seed = seed >>> 0 || 1;
  }

  /** A fresh command: unique id, the clock moving one second per command. */
  context(actor: Actor = GENERATOR): CommandContext {
    this.commands += 1;
    return {
      commandId: `charge-${this.commands}`,
      actor,
      now: new Date(START + this.commands * 1000).toISOString(),
    };
  }

  /** Deterministic pseudo-random number in [0, 1) (xorshift32). */
  random(): number {
    let x = this.seed;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.seed = x >>> 0;
    return this.seed / 0x1_0000_0000;
  }

  /** A number for an item made on demand (codes and libellés must not collide with the stories'). */
  serial(): number {
    this.made += 1;
    return 900_000_000 + this.made;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  /** An active item of `resource`: one made earlier, or one made now by the aggregate providing it. */
  async reference(resource: string): Promise<string> {
    const ids = this.active.get(resource)?.ids;
    if (ids && ids.length > 0) return this.pick(ids);
    return this.make(resource);
  }

  /** A new active item of `resource`, made by the aggregate that provides it. */
  async make(resource: string): Promise<string> {
    const provider = this.registry.find((a) => a.provides.includes(resource) && a.make);
    if (!provider)
      throw new Error(`Aucun échantillon ne crée d’élément de « ${resource} » (samples.ts).`);
    return provider.make!(this, resource);
  }

  offer(resource: string, id: string): void {
    const pool = this.active.get(resource) ?? { ids: [], at: new Map<string, number>() };
    if (pool.at.has(id)) return;
    pool.at.set(id, pool.ids.length);
    pool.ids.push(id);
    this.active.set(resource, pool);
  }

  withdraw(resource: string, id: string): void {
    const pool = this.active.get(resource);
    const at = pool?.at.get(id);
    if (!pool || at === undefined) return;
    const last = pool.ids.pop()!;
    if (last !== id) {
      pool.ids[at] = last;
      pool.at.set(last, at);
    }
    pool.at.delete(id);
  }

  /** What `referrer` (a stream) references after a command; null once it is deleted. */
  references(referrer: string, refs: Record<string, readonly string[]> | null): void {
    for (const key of this.referrers.get(referrer) ?? []) this.count(key, -1);
    if (refs === null) {
      this.referrers.delete(referrer);
      return;
    }
    const keys = new Set(
      Object.entries(refs).flatMap(([resource, ids]) => ids.map((id) => `${resource}|${id}`)),
    );
    for (const key of keys) this.count(key, 1);
    this.referrers.set(referrer, keys);
  }

  private count(key: string, delta: number): void {
    const next = (this.usages.get(key) ?? 0) + delta;
    if (next === 0) this.usages.delete(key);
    else this.usages.set(key, next);
  }

  /** Whether any referrer references the item (then it is never deleted). */
  used(resource: string, id: string): boolean {
    return this.usages.has(`${resource}|${id}`);
  }

  /** Expected usage counts: `resource|itemId` → number of referrers referencing it. */
  expectedUsages(): Map<string, number> {
    return new Map(this.usages);
  }

  /** A signature image in the documents folder, stored as the images route stores uploads. */
  async image(): Promise<string> {
    if (this.imageName) return this.imageName;
    // The smallest PNG: signature (8 bytes) then an IHDR, IDAT and IEND of a 1×1 pixel.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const name = `image-${createHash('sha256').update(png).digest('hex')}.png`;
    if (!this.storage.exists(name))
      await this.storage.write(name, async (out) => void out.end(png));
    this.imageName = name;
    return name;
  }
}
