import {
  personReservation,
  type CandidatureValues,
  type CommandContext,
  type PieceFile,
} from '@examens-pro/domain';
import { releaseUniqueValue, type CommandAnswer } from '@examens-pro/platform';
import { reservePerson } from './candidatureChecks.js';
import {
  answer,
  owner,
  readCandidature,
  run,
  sessionFacts,
  type CandidatureDeps,
} from './candidatureDeps.js';

/**
 * Corrects a candidate's identity after the exam (« Gestion des contentieux »), with its
 * justification (also the events' reason) and its document, already stored. The session must
 * have reached its composition; a new name or birth date moves the person's reservation in the
 * session (another dossier holding it: 409), as a modification does.
 */
export const correctCandidatureIdentity = async (
  deps: CandidatureDeps,
  id: string,
  input: { identite: CandidatureValues; justification: string; document: PieceFile },
  revision: number,
  scope: string | null,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const { eventStore } = deps;
  const current = await readCandidature(deps, id, scope);
  const { facts } = await sessionFacts(deps, current.sessionId, context.now);
  const before = personReservation(current.sessionId, current.values);
  const after = personReservation(current.sessionId, { ...current.values, ...input.identite });
  const changed = before.value !== after.value;
  let reserved = false;
  try {
    const outcome = await run(
      deps,
      id,
      {
        type: 'CorrectIdentity',
        data: { candidatureId: id, ...input, facts },
      },
      scope,
      { ...context, reason: input.justification },
      revision,
      async (_state, events) => {
        if (!changed || events.length === 0) return;
        await reservePerson(deps, after, id, scope, context);
        reserved = true;
      },
    );
    if (changed && outcome.events.length > 0)
      await releaseUniqueValue(eventStore, before, owner(id), context);
    return answer(id, outcome);
  } catch (error) {
    if (reserved) await releaseUniqueValue(eventStore, after, owner(id), context);
    throw error;
  }
};
