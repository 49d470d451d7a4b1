import type { AllocationRunChunk, CommandContext } from '@examens-pro/domain';
import type { EventStore, ReadStore } from '@examens-pro/platform';
import { allocateCandidate, allocationAnswerOf, deallocateCandidate } from './allocationByHand.js';
import { allocationDeps } from './allocationDeps.js';
import { acceptAllocationRun, applyAllocationChunk } from './allocationRuns.js';

/**
 * The allocation commands: by hand (allocate, move, de-allocate) on one dossier, and the automatic
 * allocation of a session (accepted as one operation, applied in chunks by the reactor).
 */
export const allocationCommands = (eventStore: EventStore, readStore?: ReadStore) => {
  const deps = allocationDeps(eventStore, readStore);
  return {
    seats: deps.seats,
    allocate: (
      id: string,
      siteId: string,
      revision: number,
      scope: string | null,
      context: CommandContext,
    ) => allocateCandidate(deps, id, siteId, revision, scope, context),
    deallocate: (id: string, revision: number, scope: string | null, context: CommandContext) =>
      deallocateCandidate(deps, id, revision, scope, context),
    answerOf: (id: string) => allocationAnswerOf(eventStore, id),
    acceptRun: (
      runId: string,
      input: { sessionId: string; empreinte: string },
      context: CommandContext,
    ) => acceptAllocationRun(deps, runId, input, context),
    applyChunk: (
      chunk: AllocationRunChunk['data'],
      context: CommandContext & { readonly causationId: string },
    ) => applyAllocationChunk(deps, chunk, context),
  };
};
