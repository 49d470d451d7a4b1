import {
  METIER_CATEGORY,
  metierDecider,
  referencesCollection,
  streamName,
  type CommandContext,
  type MetierCommand,
  type MetierInput,
} from '@examens-pro/domain';
import {
  handleCommand,
  releaseUniqueValue,
  reserveUniqueValue,
  type EventStore,
  type ReadStore,
  type UniqueValue,
} from '@examens-pro/platform';

export interface CommandAnswer {
  readonly id: string;
  readonly revision: number;
  readonly position: string;
}

const codeOf = (value: string): UniqueValue => ({
  resource: METIER_CATEGORY,
  field: 'code',
  value,
});

/** The métier commands: the decider decides; here only the I/O around it (codes, usage, streams). */
export const metierCommands = (eventStore: EventStore, readStore: ReadStore) => {
  const run = async (
    id: string,
    command: MetierCommand,
    context: CommandContext,
    expectedRevision?: number,
  ) => {
    const outcome = await handleCommand(eventStore, {
      stream: streamName(METIER_CATEGORY, id),
      decider: metierDecider,
      command,
      context,
      expectedRevision,
    });
    return {
      outcome,
      answer: {
        id,
        revision: outcome.revision,
        position: outcome.position,
      } satisfies CommandAnswer,
    };
  };

  const currentState = async (id: string) => {
    const events = await eventStore.readStream(streamName(METIER_CATEGORY, id));
    return events.reduce(
      (s, e) => metierDecider.evolve(s, e as never),
      metierDecider.initialState(),
    );
  };

  return {
    async create(id: string, input: MetierInput, context: CommandContext): Promise<CommandAnswer> {
      const owner = streamName(METIER_CATEGORY, id);
      await reserveUniqueValue(eventStore, codeOf(input.code), owner, context);
      try {
        return (await run(id, { type: 'CreateMetier', data: { metierId: id, ...input } }, context))
          .answer;
      } catch (error) {
        await releaseUniqueValue(eventStore, codeOf(input.code), owner, context);
        throw error;
      }
    },

    async modify(
      id: string,
      input: MetierInput,
      expectedRevision: number,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const owner = streamName(METIER_CATEGORY, id);
      const before = await currentState(id);
      const previousCode =
        before.status === 'actif' || before.status === 'inactif' ? before.code : undefined;
      const codeChanges = previousCode !== undefined && previousCode !== input.code;
      if (codeChanges) await reserveUniqueValue(eventStore, codeOf(input.code), owner, context);
      let result;
      try {
        result = await run(
          id,
          { type: 'ModifyMetier', data: { metierId: id, ...input } },
          context,
          expectedRevision,
        );
      } catch (error) {
        // The modification lost (412, 404…): give the new code back.
        if (codeChanges) await releaseUniqueValue(eventStore, codeOf(input.code), owner, context);
        throw error;
      }
      if (codeChanges && result.outcome.events.length > 0) {
        await releaseUniqueValue(eventStore, codeOf(previousCode), owner, context);
      }
      return result.answer;
    },

    async deactivate(
      id: string,
      expectedRevision: number,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      return (
        await run(
          id,
          { type: 'DeactivateMetier', data: { metierId: id } },
          context,
          expectedRevision,
        )
      ).answer;
    },

    async reactivate(
      id: string,
      expectedRevision: number,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      return (
        await run(
          id,
          { type: 'ReactivateMetier', data: { metierId: id } },
          context,
          expectedRevision,
        )
      ).answer;
    },

    async remove(
      id: string,
      expectedRevision: number,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const usageCount = await readStore
        .collection(referencesCollection)
        .count({ resource: METIER_CATEGORY, itemId: id });
      const { outcome, answer } = await run(
        id,
        { type: 'DeleteMetier', data: { metierId: id, usageCount } },
        context,
        expectedRevision,
      );
      for (const event of outcome.events) {
        if (event.type === 'MetierDeleted') {
          await releaseUniqueValue(
            eventStore,
            codeOf((event.data as { code: string }).code),
            streamName(METIER_CATEGORY, id),
            context,
          );
        }
      }
      return answer;
    },
  };
};
