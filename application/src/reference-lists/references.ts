import {
  fold,
  isChoosable,
  listItemDecider,
  streamName,
  ValidationError,
  type ListField,
  type ListItem,
  type ListItemEvent,
} from '@examens-pro/domain';
import type { DocumentStorage, EventStore } from '@examens-pro/platform';

/** A list's item as its own stream says (active or not); undefined when absent or deleted. */
export const readListItem = async (
  eventStore: EventStore,
  list: string,
  id: string | null | undefined,
): Promise<Extract<ListItem, { status: 'actif' | 'inactif' }> | undefined> => {
  if (!id) return undefined;
  const item = fold(
    listItemDecider,
    (await eventStore.readStream(streamName(list, id))) as unknown as ListItemEvent[],
  );
  return item.status === 'actif' || item.status === 'inactif' ? item : undefined;
};

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
export const checkReferences = async (
  eventStore: EventStore,
  fields: readonly ListField[],
  values: Readonly<Record<string, unknown>>,
  storage?: DocumentStorage,
): Promise<void> => {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const image = values[field.name];
    if (field.type === 'image' && typeof image === 'string' && !storage?.exists(image))
      errors[field.name] = `« ${field.label} » : image inconnue, envoyez-la de nouveau.`;
    if (field.type !== 'reference' && field.type !== 'references') continue;
    const ids = [values[field.name]]
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
