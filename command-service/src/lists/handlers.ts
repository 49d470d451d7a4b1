import {
  DEFAULT_GEOGRAPHY,
  DuplicateError,
  geographyCode,
  listItemDecider,
  referenceList,
  sameReservedValue,
  streamName,
  uniqueKeyOf,
  type CommandContext,
  type ListItemInput,
  type ListValues,
  type ReferenceListDefinition,
} from '@examens-pro/domain';
import {
  checkReferences,
  eventIdFor,
  releaseUniqueValue,
  reserveUniqueValue,
  siteSeats,
  type DocumentStorage,
  type EventStore,
  type ReadStore,
  type UniqueValue,
} from '@examens-pro/platform';
import { aggregateRunner, usageCount, type CommandAnswer } from '../commands.js';

/**
 * The commands of one reference list: codes unique per list, the list's `unique` key too (one fee per
 * session), references to active items.
 */
export const listCommands = (
  eventStore: EventStore,
  readStore: ReadStore,
  list: ReferenceListDefinition,
  storage?: DocumentStorage,
) => {
  const run = aggregateRunner(eventStore, list.name, listItemDecider);
  const owner = (id: string) => streamName(list.name, id);
  const item = (id: string, input: ListItemInput) => ({ list: list.name, itemId: id, ...input });
  /** What an item keeps unique: its code, then its key when the list has a `unique` rule. */
  const held = (values: { code: string; values: ListValues }): (UniqueValue | undefined)[] => [
    list.code === false ? undefined : { resource: list.name, field: 'code', value: values.code },
    uniqueKeyOf(list, values.values),
  ];
  const reserve = async (value: UniqueValue, id: string, context: CommandContext) => {
    try {
      await reserveUniqueValue(eventStore, value, owner(id), context);
    } catch (error) {
      // The key's own message: « Cette session a déjà ses frais d’examen… ».
      if (error instanceof DuplicateError && value.field !== 'code' && list.unique)
        throw new DuplicateError(list.unique.message, list.unique.fields[0]);
      throw error;
    }
  };
  const release = async (values: readonly UniqueValue[], id: string, context: CommandContext) => {
    for (const value of values) await releaseUniqueValue(eventStore, value, owner(id), context);
  };
  /** An item holding seats (a site): its capacity or activity checked against them first. */
  const seats = list.seats ? siteSeats(eventStore) : undefined;
  const checkSeats = async (
    id: string,
    change: { capacite: number | null; actif: boolean },
    context: CommandContext,
  ) => seats?.checkChange(id, change, context);

  return {
    async create(
      id: string,
      input: ListItemInput,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      await checkReferences(eventStore, list.fields, input.values, storage);
      const reserved: UniqueValue[] = [];
      try {
        for (const value of held(input)) {
          if (!value) continue;
          await reserve(value, id, context);
          reserved.push(value);
        }
        return (await run(id, { type: 'CreateListItem', data: item(id, input) }, context)).answer;
      } catch (error) {
        await release(reserved, id, context);
        throw error;
      }
    },

    async modify(
      id: string,
      input: ListItemInput,
      expectedRevision: number,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      await checkReferences(eventStore, list.fields, input.values, storage);
      // Values that change: the new one reserved before the append (a 409 stores nothing), the old
      // one given back after it; the new one given back when the append loses (412).
      const swaps: { previous?: UniqueValue; next: UniqueValue }[] = [];
      try {
        const { answer } = await run(
          id,
          { type: 'ModifyListItem', data: item(id, input) },
          context,
          expectedRevision,
          async (state, events) => {
            if (events.length === 0 || !('values' in state)) return;
            const capacity = list.seats && input.values[list.seats.capacity];
            if (
              list.seats &&
              typeof capacity === 'number' &&
              capacity < Number(state.values[list.seats.capacity] ?? 0)
            )
              await checkSeats(
                id,
                { capacite: capacity, actif: state.status === 'actif' },
                context,
              );
            const before = held(state);
            for (const [k, next] of held(input).entries()) {
              const previous = before[k];
              if (!next || sameReservedValue(previous, next)) continue;
              await reserve(next, id, context);
              swaps.push({ previous, next });
            }
          },
        );
        await release(
          swaps.flatMap((s) => (s.previous ? [s.previous] : [])),
          id,
          context,
        );
        return answer;
      } catch (error) {
        await release(
          swaps.map((s) => s.next),
          id,
          context,
        );
        throw error;
      }
    },

    async setActive(
      id: string,
      active: boolean,
      expectedRevision: number,
      context: CommandContext,
    ) {
      const data = { list: list.name, itemId: id };
      return (
        await run(
          id,
          active ? { type: 'ReactivateListItem', data } : { type: 'DeactivateListItem', data },
          context,
          expectedRevision,
          async (_state, events) => {
            if (!active && events.length > 0)
              await checkSeats(id, { capacite: null, actif: false }, context);
          },
        )
      ).answer;
    },

    async remove(id: string, expectedRevision: number, context: CommandContext) {
      const references = await usageCount(eventStore, readStore, list.name, id);
      let values: (UniqueValue | undefined)[] = [];
      const { outcome, answer } = await run(
        id,
        { type: 'DeleteListItem', data: { list: list.name, itemId: id, usageCount: references } },
        context,
        expectedRevision,
        async (state, events) => {
          if ('values' in state) values = held(state);
          if (events.some((e) => e.type === 'ListItemDeleted'))
            await checkSeats(id, { capacite: null, actif: false }, context);
        },
      );
      if (outcome.events.some((event) => event.type === 'ListItemDeleted'))
        await release(
          values.filter((v): v is UniqueValue => v !== undefined),
          id,
          context,
        );
      return answer;
    },
  };
};

/**
 * The default geography, loaded once as events (deterministic ids and command ids: a second start,
 * or two replicas starting together, append nothing more).
 */
export const ensureGeography = async (
  eventStore: EventStore,
  readStore: ReadStore,
  context: Omit<CommandContext, 'commandId'>,
): Promise<number> => {
  const zones = referenceList('zones')!;
  const departements = referenceList('departements')!;
  let created = 0;
  const ensure = async (
    list: ReferenceListDefinition,
    code: string,
    libelle: string,
    values: Record<string, string>,
  ): Promise<string> => {
    const commandId = `geographie-${list.name}-${code}`;
    const id = eventIdFor(commandId, 0);
    if ((await eventStore.readStream(streamName(list.name, id), { maxCount: 1 })).length === 0) {
      await listCommands(eventStore, readStore, list).create(
        id,
        { code, libelle, values },
        { ...context, commandId },
      );
      created += 1;
    }
    return id;
  };
  for (const { zone, departements: names } of DEFAULT_GEOGRAPHY) {
    const zoneId = await ensure(zones, geographyCode(zone), zone, {});
    for (const name of names) await ensure(departements, geographyCode(name), name, { zoneId });
  }
  return created;
};
