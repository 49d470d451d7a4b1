import type { DocumentStorage, EventStore, ReadStore } from '@examens-pro/platform';
import { MemoryEventLog } from './memoryLog.js';
import { SAMPLES, SampleScope, type AggregateSamples } from '@examens-pro/application/samples';

/** Runs the sample stories round after round: each aggregate `weight` stories per round. */
export class StoryRunner {
  readonly stories = new Map<string, number>();

  constructor(
    readonly scope: SampleScope,
    private readonly aggregates: readonly AggregateSamples[] = SAMPLES,
  ) {}

  /** Awaited after each story (the live appender gives the event loop a turn there). */
  pause?: () => Promise<void>;

  async round(): Promise<void> {
    for (const aggregate of this.aggregates) {
      for (let k = 0; k < aggregate.weight; k += 1) {
        const n = this.stories.get(aggregate.name) ?? 0;
        if (aggregate.limit !== undefined && n >= aggregate.limit) break;
        this.stories.set(aggregate.name, n + 1);
        await aggregate.story(this.scope, n);
        await this.pause?.();
      }
    }
  }
}

/**
 * A log of at least `targetEvents` events made by the sample stories through the product's command
 * handlers, held in memory (write it with `writeLog`). The scope keeps the items made and the
 * references expected, so that more stories can follow on the real store (`scope.eventStore = …`).
 */
export const generateLog = async (options: {
  readonly targetEvents: number;
  readonly seed: number;
  readonly readStore: ReadStore;
  readonly storage: DocumentStorage;
  /** Only these aggregates' stories (the others still make the items these reference). */
  readonly only?: readonly string[];
}): Promise<{ log: MemoryEventLog; runner: StoryRunner; ms: number }> => {
  const started = Date.now();
  const log = new MemoryEventLog();
  const scope = new SampleScope(
    log as EventStore,
    options.readStore,
    options.storage,
    options.seed,
  );
  const runner = new StoryRunner(
    scope,
    SAMPLES.filter((a) => !options.only || options.only.includes(a.name)),
  );
  while (log.events.length < options.targetEvents) await runner.round();
  return { log, runner, ms: Date.now() - started };
};
