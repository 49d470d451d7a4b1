/** What the admission decisions' reads and commands share: small readers of list items and texts. */
import {
  fold,
  listItemDecider,
  MINISTER_SIGNATURE_CATEGORY,
  MINISTER_SIGNATURE_ID,
  streamName,
  ValidationError,
  type ListItemEvent,
  type ReadModelDocument,
} from '@examens-pro/domain';
import type { EventStore } from '@examens-pro/platform';

export type Doc = ReadModelDocument & Record<string, unknown>;

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');
export const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
export const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** The minister's signature: one stream, one event per deposited version. */
export const SIGNATURE_STREAM = streamName(MINISTER_SIGNATURE_CATEGORY, MINISTER_SIGNATURE_ID);

/** A list item folded from its own stream (present: active or not), else undefined. */
export const itemOf = async (eventStore: EventStore, stream: string) => {
  const item = fold(
    listItemDecider,
    (await eventStore.readStream(stream)) as unknown as ListItemEvent[],
  );
  return item.status === 'actif' || item.status === 'inactif' ? item : undefined;
};

/** A département, present (active or not), else 400. */
export const departementOf = async (eventStore: EventStore, departementId: string) => {
  const item = await itemOf(eventStore, streamName('departements', departementId));
  if (!item)
    throw new ValidationError('Ce département est introuvable.', {
      departementId: 'Ce département est introuvable.',
    });
  return item;
};

export const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);
