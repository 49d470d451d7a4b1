import {
  DEFAULT_GEOGRAPHY,
  geographyCode,
  isChoosable,
  listItemDecider,
  referenceList,
  streamName,
  ValidationError,
  type CommandContext,
  type ListItemInput,
  type ReferenceListDefinition,
} from '@examens-pro/domain';
import {
  eventIdFor,
  releaseUniqueValue,
  reserveUniqueValue,
  type DocumentStorage,
  type EventStore,
  type ReadStore,
  type UniqueValue,
} from '@examens-pro/platform';
import { aggregateRunner, usageCount, type CommandAnswer } from '../commands.js';

/**
 * Whether `id` names an item of `resource` that may be chosen now (an active list item, a
 * session not yet closed: the manifest of its aggregate says), folded from the item's own stream,
 * not from a read model: an item deactivated a moment ago is refused at once.
 */
export const isActiveItem = async (
  eventStore: EventStore,
  resource: string,
  id: string,
): Promise<boolean> => isChoosable(resource, await eventStore.readStream(streamName(resource, id)));

/**
 * Every reference field must name an active item of its list, checked on the item's own stream
 * (not a read model): an item deactivated a moment ago is refused at once.
 */
const checkReferences = async (
  eventStore: EventStore,
  list: ReferenceListDefinition,
  input: ListItemInput,
  storage?: DocumentStorage,
): Promise<void> => {
  const errors: Record<string, string> = {};
  for (const field of list.fields) {
    const image = input.values[field.name];
    if (field.type === 'image' && typeof image === 'string' && !storage?.exists(image))
      errors[field.name] = `« ${field.label} » : image inconnue, envoyez-la de nouveau.`;
    if (field.type !== 'reference' && field.type !== 'references') continue;
    const ids = [input.values[field.name]]
      .flat()
      .filter((id): id is string => typeof id === 'string' && id !== '');
    const inactive = await Promise.all(
      ids.map(async (id) => !(await isActiveItem(eventStore, field.reference!, id))),
    );
    if (inactive.some(Boolean))
      errors[field.name] =
        field.inactiveMessage ?? `« ${field.label} » : choisissez un élément actif de la liste.`;
  }
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
};

/** The commands of one reference list: codes unique per list, references to active items. */
export const listCommands = (
  eventStore: EventStore,
  readStore: ReadStore,
  list: ReferenceListDefinition,
  storage?: DocumentStorage,
) => {
  const run = aggregateRunner(eventStore, list.name, listItemDecider);
  const codeOf = (value: string): UniqueValue => ({ resource: list.name, field: 'code', value });
  const owner = (id: string) => streamName(list.name, id);
  const item = (id: string, input: ListItemInput) => ({ list: list.name, itemId: id, ...input });

  return {
    async create(
      id: string,
      input: ListItemInput,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      await checkReferences(eventStore, list, input, storage);
      await reserveUniqueValue(eventStore, codeOf(input.code), owner(id), context);
      try {
        return (await run(id, { type: 'CreateListItem', data: item(id, input) }, context)).answer;
      } catch (error) {
        await releaseUniqueValue(eventStore, codeOf(input.code), owner(id), context);
        throw error;
      }
    },

    async modify(
      id: string,
      input: ListItemInput,
      expectedRevision: number,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      await checkReferences(eventStore, list, input, storage);
      let previousCode: string | undefined;
      try {
        const { answer } = await run(
          id,
          { type: 'ModifyListItem', data: item(id, input) },
          context,
          expectedRevision,
          async (state, events) => {
            if (events.length === 0 || !('code' in state) || state.code === input.code) return;
            await reserveUniqueValue(eventStore, codeOf(input.code), owner(id), context);
            previousCode = state.code;
          },
        );
        if (previousCode !== undefined)
          await releaseUniqueValue(eventStore, codeOf(previousCode), owner(id), context);
        return answer;
      } catch (error) {
        if (previousCode !== undefined)
          await releaseUniqueValue(eventStore, codeOf(input.code), owner(id), context);
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
        )
      ).answer;
    },

    async remove(id: string, expectedRevision: number, context: CommandContext) {
      const references = await usageCount(eventStore, readStore, list.name, id);
      const { outcome, answer } = await run(
        id,
        { type: 'DeleteListItem', data: { list: list.name, itemId: id, usageCount: references } },
        context,
        expectedRevision,
      );
      for (const event of outcome.events)
        if (event.type === 'ListItemDeleted')
          await releaseUniqueValue(
            eventStore,
            codeOf((event.data as { code: string }).code),
            owner(id),
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
