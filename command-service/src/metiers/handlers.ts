import { aggregateRunner, usageCount, type CommandAnswer } from '../commands.js';
import { isActiveItem } from '../lists/handlers.js';
import {
  METIER_CATEGORY,
  metierDecider,
  streamName,
  ValidationError,
  type CommandContext,
  type MetierCommand,
  type MetierInput,
} from '@examens-pro/domain';
import {
  releaseUniqueValue,
  reserveUniqueValue,
  type EventStore,
  type ReadStore,
  type UniqueValue,
} from '@examens-pro/platform';

export type { CommandAnswer };

const codeOf = (value: string): UniqueValue => ({
  resource: METIER_CATEGORY,
  field: 'code',
  value,
});

/** The métier commands: the decider decides; here only the I/O around it (codes, usage, streams). */
/** A métier's filière and corps de métier must be active items of their lists. */
const checkLists = async (eventStore: EventStore, input: MetierInput): Promise<void> => {
  const errors: Record<string, string> = {};
  if (input.filiereId && !(await isActiveItem(eventStore, 'filieres', input.filiereId)))
    errors.filiereId = 'Choisissez une filière active.';
  if (
    input.corpsDeMetierId &&
    !(await isActiveItem(eventStore, 'corps-de-metier', input.corpsDeMetierId))
  )
    errors.corpsDeMetierId = 'Choisissez un corps de métier actif.';
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
};

export const metierCommands = (eventStore: EventStore, readStore: ReadStore) => {
  const run = aggregateRunner(eventStore, METIER_CATEGORY, metierDecider);

  return {
    async create(id: string, input: MetierInput, context: CommandContext): Promise<CommandAnswer> {
      await checkLists(eventStore, input);
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
      await checkLists(eventStore, input);
      const owner = streamName(METIER_CATEGORY, id);
      let previousCode: string | undefined;
      const command: MetierCommand = { type: 'ModifyMetier', data: { metierId: id, ...input } };
      let stored;
      try {
        stored = await run(id, command, context, expectedRevision, async (state, events) => {
          // Decided, not yet stored: a new code is reserved first, so that a 409 stores nothing.
          if (events.length === 0 || !('code' in state) || state.code === input.code) return;
          await reserveUniqueValue(eventStore, codeOf(input.code), owner, context);
          previousCode = state.code;
        });
      } catch (error) {
        // The modification lost (412) after the new code was reserved: give it back.
        if (previousCode !== undefined) {
          await releaseUniqueValue(eventStore, codeOf(input.code), owner, context);
        }
        throw error;
      }
      if (previousCode !== undefined) {
        await releaseUniqueValue(eventStore, codeOf(previousCode), owner, context);
      }
      return stored.answer;
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
      const references = await usageCount(eventStore, readStore, METIER_CATEGORY, id);
      const { outcome, answer } = await run(
        id,
        { type: 'DeleteMetier', data: { metierId: id, usageCount: references } },
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
