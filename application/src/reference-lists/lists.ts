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
  eventIdFor,
  releaseUniqueValue,
  reserveUniqueValue,
  uniqueValueHolder,
  type DocumentStorage,
  type EventStore,
  type ReadStore,
  type UniqueValue,
} from '@examens-pro/platform';
import { siteSeats, type SiteSeatsPort } from '../allocation/allocation.js';
import { aggregateRunner, usageCount, type CommandAnswer } from '../commands.js';
import { checkReferences, readListItem } from './references.js';

/** What the commands of one reference list work with: made once per list by `listItemDeps`. */
export interface ListItemDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly list: ReferenceListDefinition;
  readonly storage?: DocumentStorage;
  /** An item holding seats (a site): its capacity or activity checked against them first. */
  readonly seats?: SiteSeatsPort;
}

export const listItemDeps = (
  eventStore: EventStore,
  readStore: ReadStore,
  list: ReferenceListDefinition,
  storage?: DocumentStorage,
): ListItemDeps => ({
  eventStore,
  readStore,
  list,
  storage,
  seats: list.seats ? siteSeats(eventStore) : undefined,
});

const runListItem = ({ eventStore, list }: ListItemDeps) =>
  aggregateRunner(eventStore, list.name, listItemDecider);

const owner = (list: ReferenceListDefinition, id: string) => streamName(list.name, id);

const item = (list: ReferenceListDefinition, id: string, input: ListItemInput) => ({
  list: list.name,
  itemId: id,
  ...input,
});

/** What an item keeps unique: its code, then its keys when the list has a `unique` rule. */
const held = (
  list: ReferenceListDefinition,
  values: { code: string; values: ListValues },
): UniqueValue[] => [
  ...(list.code === false ? [] : [{ resource: list.name, field: 'code', value: values.code }]),
  ...uniqueKeysOf(list, values.values),
];

/** The 409 of a key another item holds: the list's message, or which key and who holds it. */
const duplicate = async (
  { eventStore, list }: ListItemDeps,
  value: UniqueValue,
): Promise<DuplicateError> => {
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

const reserve = async (
  deps: ListItemDeps,
  value: UniqueValue,
  id: string,
  context: CommandContext,
) => {
  try {
    await reserveUniqueValue(deps.eventStore, value, owner(deps.list, id), context);
  } catch (error) {
    // The key's own message: « Cette session a déjà ses frais d’examen… ».
    if (error instanceof DuplicateError && value.field !== 'code' && deps.list.unique)
      throw await duplicate(deps, value);
    throw error;
  }
};

/** Values of `next` that `previous` does not hold. */
const without = (next: readonly UniqueValue[], previous: readonly UniqueValue[]) =>
  next.filter((value) => !previous.some((kept) => sameReservedValue(kept, value)));

const release = async (
  { eventStore, list }: ListItemDeps,
  values: readonly UniqueValue[],
  id: string,
  context: CommandContext,
) => {
  for (const value of values) await releaseUniqueValue(eventStore, value, owner(list, id), context);
};

/** An item holding seats (a site): its capacity or activity checked against them first. */
const checkSeats = async (
  { seats }: ListItemDeps,
  id: string,
  change: { capacite: number | null; actif: boolean },
  context: CommandContext,
) => seats?.checkChange(id, change, context);

/** Creates an item: its code (and the list's `unique` key) reserved first, given back on failure. */
export const createListItem = async (
  deps: ListItemDeps,
  id: string,
  input: ListItemInput,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const { eventStore, list, storage } = deps;
  await checkReferences(eventStore, list.fields, input.values, storage);
  const reserved: UniqueValue[] = [];
  try {
    for (const value of held(list, input)) {
      await reserve(deps, value, id, context);
      reserved.push(value);
    }
    return (
      await runListItem(deps)(id, { type: 'CreateListItem', data: item(list, id, input) }, context)
    ).answer;
  } catch (error) {
    await release(deps, reserved, id, context);
    throw error;
  }
};

export const modifyListItem = async (
  deps: ListItemDeps,
  id: string,
  input: ListItemInput,
  expectedRevision: number,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const { eventStore, list, storage } = deps;
  await checkReferences(eventStore, list.fields, input.values, storage);
  // Values that change: the new ones reserved before the append (a 409 stores nothing), the old
  // ones given back after it; the new ones given back when the append loses (412).
  const reserved: UniqueValue[] = [];
  let given: UniqueValue[] = [];
  try {
    const { answer } = await runListItem(deps)(
      id,
      { type: 'ModifyListItem', data: item(list, id, input) },
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
            deps,
            id,
            { capacite: capacity, actif: state.status === 'actif' },
            context,
          );
        const before = held(list, state);
        const after = held(list, input);
        for (const next of without(after, before)) {
          await reserve(deps, next, id, context);
          reserved.push(next);
        }
        given = without(before, after);
      },
    );
    await release(deps, given, id, context);
    return answer;
  } catch (error) {
    await release(deps, reserved, id, context);
    throw error;
  }
};

export const setListItemActive = async (
  deps: ListItemDeps,
  id: string,
  active: boolean,
  expectedRevision: number,
  context: CommandContext,
) => {
  const data = { list: deps.list.name, itemId: id };
  return (
    await runListItem(deps)(
      id,
      active ? { type: 'ReactivateListItem', data } : { type: 'DeactivateListItem', data },
      context,
      expectedRevision,
      async (_state, events) => {
        if (!active && events.length > 0)
          await checkSeats(deps, id, { capacite: null, actif: false }, context);
      },
    )
  ).answer;
};

export const removeListItem = async (
  deps: ListItemDeps,
  id: string,
  expectedRevision: number,
  context: CommandContext,
) => {
  const { eventStore, readStore, list } = deps;
  const references = await usageCount(eventStore, readStore, list.name, id);
  let values: UniqueValue[] = [];
  const { outcome, answer } = await runListItem(deps)(
    id,
    { type: 'DeleteListItem', data: { list: list.name, itemId: id, usageCount: references } },
    context,
    expectedRevision,
    async (state, events) => {
      if ('values' in state) values = held(list, state);
      if (events.some((e) => e.type === 'ListItemDeleted'))
        await checkSeats(deps, id, { capacite: null, actif: false }, context);
    },
  );
  if (outcome.events.some((event) => event.type === 'ListItemDeleted'))
    await release(deps, values, id, context);
  return answer;
};

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
  const deps = listItemDeps(eventStore, readStore, list, storage);
  return {
    create: (id: string, input: ListItemInput, context: CommandContext) =>
      createListItem(deps, id, input, context),
    modify: (id: string, input: ListItemInput, expectedRevision: number, context: CommandContext) =>
      modifyListItem(deps, id, input, expectedRevision, context),
    setActive: (id: string, active: boolean, expectedRevision: number, context: CommandContext) =>
      setListItemActive(deps, id, active, expectedRevision, context),
    remove: (id: string, expectedRevision: number, context: CommandContext) =>
      removeListItem(deps, id, expectedRevision, context),
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
