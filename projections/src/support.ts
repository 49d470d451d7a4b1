import type { CollectionDefinition, ReadModelDocument, RecordedEvent } from '@examens-pro/domain';
import type { ProjectionContext } from '@examens-pro/platform';

/** What every document records of the last event it reflects: its revision, when and who. */
export const stampOf = (event: RecordedEvent) => ({
  version: event.revision,
  modifieLe: event.metadata.at,
  modifiePar: event.metadata.actor.name,
});

/** When a document was first made, and by whom (kept from the stored document when there is one). */
export const createdStamp = (
  current: { creeLe: string; creePar: string } | null,
  event: RecordedEvent,
) => ({
  creeLe: current?.creeLe ?? event.metadata.at,
  creePar: current?.creePar ?? event.metadata.actor.name,
});

export const ALREADY_SEEN = Symbol('déjà vu');

/**
 * The stored document an event updates, or ALREADY_SEEN when the document already reflects this
 * event (a redelivery): projections fed by one stream per document skip by stream revision.
 */
export const documentBefore = async <T extends ReadModelDocument>(
  context: ProjectionContext,
  collection: CollectionDefinition,
  id: string,
  event: RecordedEvent,
): Promise<T | null | typeof ALREADY_SEEN> => {
  const current = await context.get<T>(collection, id);
  return current && current.version >= event.revision ? ALREADY_SEEN : current;
};
