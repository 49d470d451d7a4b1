import { ALLOCATION_RUN_CATEGORY, allocationRunEvents, streamName } from '@examens-pro/domain';
import { toEnvelopes, newItemId } from '@examens-pro/platform';
import type { AggregateSamples } from '../sampleScope.js';
import { registrationOf, unseatedOf } from '../registration/samples.js';

/**
 * An automatic allocation of the candidatures' session: its acceptance and its chunk, as
 * `POST /api/affectations-automatiques` writes them (the allocation reactor then seats the
 * candidates), over the validated dossiers still without a seat (none: a chunk the reactor refuses).
 */
export const allocationRuns: AggregateSamples = {
  name: 'affectations-automatiques',
  provides: [],
  writes: [ALLOCATION_RUN_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId, metierId, siteId } = await registrationOf(scope);
    const waiting = unseatedOf(scope).splice(0, 3);
    const placements = (waiting.length > 0 ? waiting : [`sans-dossier-${n}`]).map(
      (candidatureId) => ({ candidatureId, siteId, metierId }),
    );
    const context = scope.context();
    const runId = newItemId(context.commandId);
    await scope.eventStore.appendToStream(
      streamName(ALLOCATION_RUN_CATEGORY, runId),
      toEnvelopes(
        allocationRunEvents(
          runId,
          sessionId,
          { placements, nonPlaces: [], sites: [] },
          `${n}`.padStart(16, '0'),
        ),
        context,
      ),
      { expectedRevision: 'no_stream' },
    );
  },
};
