import {
  DEFAULT_GEOGRAPHY,
  DuplicateError,
  geographyCode,
  listItemDecider,
  referenceList,
  sameReservedValue,
  streamName,
  uniqueKeysOf,
  type CommandContext,
  type ListItemInput,
  type ListValues,
  type ReferenceListDefinition,
} from '@examens-pro/domain';
import {
  checkReferences,
  eventIdFor,
  readListItem,
  releaseUniqueValue,
  reserveUniqueValue,
  uniqueValueHolder,
  type DocumentStorage,
  type EventStore,
  type ReadStore,
  type UniqueValue,
} from '@examens-pro/platform';
import { siteSeats } from '../allocation/allocation.js';
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
  /** What an item keeps unique: its code, then its keys when the list has a `unique` rule. */
  const held = (values: { code: string; values: ListValues }): UniqueValue[] => [
    ...(list.code === false ? [] : [{ resource: list.name, field: 'code', value: values.code }]),
    ...uniqueKeysOf(list, values.values),
  ];
  /** The 409 of a key another item holds: the list's message, or which key and who holds it. */
  const duplicate = async (value: UniqueValue): Promise<DuplicateError> => {
    const rule = list.unique!;
    const holder = await uniqueValueHolder(eventStore, value);
    const prefix = streamName(list.name, '');
    const holderId = holder?.startsWith(prefix) ? holder.slice(prefix.length) : undefined;
    const holding = holderId ? await readListItem(eventStore, list.name, holderId) : undefined;
    if (!rule.conflict || !holding) return new DuplicateError(rule.message, rule.fields[0]);
    const ids = value.value.split('+');
    const named: Record<string, string> = {};
    for (const [k, name] of rule.fields.entries()) {
      // Named when it is an item of a list (a session is not: its id stays).
      const reference = list.fields.find((field) => field.name === name)?.reference;
      const item =
        reference && referenceList(reference)
          ? await readListItem(eventStore, reference, ids[k])
          : undefined;
      named[name] = item?.libelle ?? ids[k] ?? '';
    }
    return new DuplicateError(rule.conflict(named, holding.libelle), rule.fields[0]);
  };
  const reserve = async (value: UniqueValue, id: string, context: CommandContext) => {
    try {
      await reserveUniqueValue(eventStore, value, owner(id), context);
    } catch (error) {
      // The key's own message: « Cette session a déjà ses frais d’examen… ».
      if (error instanceof DuplicateError && value.field !== 'code' && list.unique)
        throw await duplicate(value);
      throw error;
    }
  };
  /** Values of `next` that `previous` does not hold. */
  const without = (next: readonly UniqueValue[], previous: readonly UniqueValue[]) =>
    next.filter((value) => !previous.some((kept) => sameReservedValue(kept, value)));
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
      // Values that change: the new ones reserved before the append (a 409 stores nothing), the old
      // ones given back after it; the new ones given back when the append loses (412).
      const reserved: UniqueValue[] = [];
      let given: UniqueValue[] = [];
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
            const after = held(input);
            for (const next of without(after, before)) {
              await reserve(next, id, context);
              reserved.push(next);
            }
            given = without(before, after);
          },
        );
        await release(given, id, context);
        return answer;
      } catch (error) {
        await release(reserved, id, context);
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
      let values: UniqueValue[] = [];
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
        await release(values, id, context);
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
