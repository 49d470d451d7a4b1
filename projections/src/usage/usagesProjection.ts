import {
  REFERENCE_RULES,
  referenceId,
  referencesCollection,
  referrersCollection,
  type ReferenceRule,
  type ReferrerDocument,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';

/**
 * References per item, so that "delete while unused" can count them. State-based (the referrer's
 * full set of references is kept), hence a redelivered event writes the same documents again.
 */
export const usagesProjection = (
  rules: readonly ReferenceRule[] = REFERENCE_RULES,
): Projection => ({
  name: 'usages',
  // 2: users reference their profile; 3: list items reference items of other lists;
  // 4: enrôleurs their centre, sessions their examen; 5: métiers their filière and corps;
  // 6: references indexed by item only.
  version: 6,
  collections: [referencesCollection, referrersCollection],
  eventTypes: [...new Set(rules.map((r) => r.eventType))],
  async apply(event, context) {
    for (const rule of rules) {
      if (rule.eventType !== event.type) continue;
      const referrer = event.streamId;
      const changes = rule.changes(event);
      const current =
        (await context.get<ReferrerDocument>(referrersCollection, referrer))?.refs ?? [];
      const touched = new Set((changes ?? []).map((c) => c.resource));
      const next =
        changes === null
          ? []
          : [
              ...current.filter((ref) => !touched.has(ref.resource)),
              ...changes.flatMap((c) =>
                [...new Set(c.ids)].map((itemId) => ({ resource: c.resource, itemId })),
              ),
            ];
      const key = (ref: { resource: string; itemId: string }): string =>
        referenceId(referrer, ref.resource, ref.itemId);
      const nextKeys = new Set(next.map(key));
      for (const ref of current) {
        if (!nextKeys.has(key(ref))) context.delete(referencesCollection, key(ref));
      }
      for (const ref of next) {
        context.put(referencesCollection, {
          id: key(ref),
          version: event.revision,
          resource: ref.resource,
          itemId: ref.itemId,
          referrer,
        });
      }
      if (next.length > 0) {
        context.put(referrersCollection, {
          id: referrer,
          version: event.revision,
          refs: next,
        } as ReferrerDocument);
      } else {
        context.delete(referrersCollection, referrer);
      }
    }
  },
});
