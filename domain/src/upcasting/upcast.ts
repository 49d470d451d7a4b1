/**
 * Upcasting: events stored under a type the code no longer emits are read as today's events. The
 * event stores apply `upcast` to every event they read (streams, the global log, subscriptions), so
 * that deciders, projections, reactors and histories only know the current types; what is stored
 * stays as it was written (ids, streams, revisions, positions and metadata are kept).
 */
import { LEGACY_METIER_UPCASTERS } from './legacyMetiers.js';
import type { Upcaster } from './types.js';

export type { Upcaster } from './types.js';

const UPCASTERS: Readonly<Record<string, Upcaster>> = { ...LEGACY_METIER_UPCASTERS };

/** Old event types that are read as another type. */
export const UPCAST_TYPES: readonly string[] = Object.keys(UPCASTERS);

/** The event as today's code reads it: itself, or its upcast when its type is an old one. */
export const upcast = <E extends { readonly type: string; readonly data: unknown }>(
  event: E,
): E => {
  const upcaster = Object.hasOwn(UPCASTERS, event.type) ? UPCASTERS[event.type] : undefined;
  if (!upcaster) return event;
  const { type, data } = upcaster(event.data ?? {});
  return { ...event, type, data };
};
