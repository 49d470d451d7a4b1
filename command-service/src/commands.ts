import {
  streamName,
  type CommandContext,
  type Decider,
  type DomainEvent,
} from '@examens-pro/domain';
import { handleCommand, type CommandOutcome, type EventStore } from '@examens-pro/platform';

/** What every command route answers. */
export interface CommandAnswer {
  readonly id: string;
  readonly revision: number;
  readonly position: string;
}

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
