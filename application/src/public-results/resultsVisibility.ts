/**
 * The visibility of a session's results on the public lookup (« Gérer la visibilité des
 * résultats »): it reads whether each of the session's juries has closed from the juries' own
 * streams.
 */
import {
  LIST_PROJECTION,
  RESULTS_VISIBILITY_CATEGORY,
  resultsVisibilityDecider,
  streamName,
  type CommandContext,
  type ResultsVisibility,
} from '@examens-pro/domain';
import {
  handleCommand,
  retryOnConflict,
  waitForProjections,
  type CommandAnswer,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';
import { sessionJuries } from '../deliberation/juryStates.js';
import { sessionState } from '../grades/grades.js';

export interface ResultsVisibilityDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
}

/**
 * A session's results visible on the public lookup or not, the average shown or not: made visible
 * only once every jury of the session has closed (409 naming the others).
 */
export const setResultsVisibility = async (
  { eventStore, readStore }: ResultsVisibilityDeps,
  sessionId: string,
  visibility: ResultsVisibility,
  context: CommandContext,
): Promise<CommandAnswer> => {
  await sessionState(eventStore, sessionId);
  // A jury created a moment before counts: the juries' read model is read once it has caught up.
  await waitForProjections(readStore, [LIST_PROJECTION], await eventStore.headPosition(), 5000);
  const jurys = await sessionJuries(eventStore, readStore, sessionId);
  return retryOnConflict(async () => {
    const outcome = await handleCommand(eventStore, {
      stream: streamName(RESULTS_VISIBILITY_CATEGORY, sessionId),
      decider: resultsVisibilityDecider,
      command: { type: 'SetResultsVisibility', data: { sessionId, ...visibility, jurys } },
      context,
    });
    return { id: sessionId, revision: outcome.revision, position: outcome.position };
  });
};
