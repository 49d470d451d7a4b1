import {
  ConflictError,
  referencesCollection,
  streamName,
  type CommandContext,
  type Decider,
  type DomainEvent,
} from '@examens-pro/domain';
import {
  handleCommand,
  waitForProjections,
  type CommandAnswer,
  type CommandOutcome,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';

export type { CommandAnswer } from '@examens-pro/platform';

/** Runs one aggregate's commands against `<category>-<id>` and shapes the answer. */
export const aggregateRunner =
  <Command, Event extends DomainEvent, State>(
    eventStore: EventStore,
    category: string,
    decider: Decider<Command, Event, State>,
  ) =>
  async (
    id: string,
    command: Command,
    context: CommandContext,
    expectedRevision?: number,
    beforeAppend?: (state: State, events: readonly Event[]) => Promise<void>,
  ): Promise<{ outcome: CommandOutcome<State>; answer: CommandAnswer }> => {
    const outcome = await handleCommand(eventStore, {
      stream: streamName(category, id),
      decider,
      command,
      context,
      expectedRevision,
      beforeAppend,
    });
    return {
      outcome,
      answer: { id, revision: outcome.revision, position: outcome.position },
    };
  };

const USAGE_WAIT_MS = 5000;

/**
 * How many references an item has, counted once the usage projection has caught up with every
 * event stored so far: a reference written a moment ago (a site on this centre) is counted.
 */
export const usageCount = async (
  eventStore: EventStore,
  readStore: ReadStore,
  resource: string,
  itemId: string,
): Promise<number> => {
  const head = await eventStore.headPosition();
  if (!(await waitForProjections(readStore, ['usages'], head, USAGE_WAIT_MS)))
    throw new ConflictError(
      'Les références de cet élément sont en cours de mise à jour : réessayez dans un instant.',
    );
  return readStore.collection(referencesCollection).count({ resource, itemId });
};
