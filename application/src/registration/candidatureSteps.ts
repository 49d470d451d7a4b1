import { ConflictError, type CandidatureCommand, type CommandContext } from '@examens-pro/domain';
import type { CommandAnswer } from '@examens-pro/platform';
import {
  answer,
  checkMotif,
  itemHoldingKey,
  quotaFormat,
  quotaStream,
  readCandidature,
  run,
  sessionFacts,
  sessionFee,
  sessionPieces,
  type CandidatureDeps,
} from './candidatureDeps.js';

/** Submit, validate, reject, withdraw: a step of the life cycle, on the session's facts. */
export const candidatureStep = async (
  deps: CandidatureDeps,
  id: string,
  action: 'soumettre' | 'valider' | 'rejeter' | 'desister',
  revision: number,
  scope: string | null,
  context: CommandContext,
  rejection?: { motifId: string; commentaire: string },
): Promise<CommandAnswer> => {
  const { eventStore, places, seats } = deps;
  const current = await readCandidature(deps, id, scope);
  const { session, facts } = await sessionFacts(deps, current.sessionId, context.now);
  await checkMotif(deps, rejection);
  const candidatureId = id;
  const command: CandidatureCommand =
    action === 'soumettre'
      ? { type: 'SubmitCandidature', data: { candidatureId, facts } }
      : action === 'valider'
        ? {
            type: 'ValidateCandidature',
            data: {
              candidatureId,
              facts,
              pieces: await sessionPieces(deps, session.examenId),
              frais: await sessionFee(deps, current.sessionId),
            },
          }
        : action === 'rejeter'
          ? { type: 'RejectCandidature', data: { candidatureId, ...rejection!, facts } }
          : { type: 'WithdrawCandidature', data: { candidatureId } };
  if (action !== 'soumettre' && action !== 'rejeter' && action !== 'desister')
    return answer(id, await run(deps, id, command, scope, context, revision));
  // The métier's quota: a place taken when submitted, given back when rejected or withdrawn.
  const opened = await itemHoldingKey(
    eventStore,
    'metiers-ouverts',
    'sessionId+metierId',
    `${current.sessionId}+${current.metierId}`,
  );
  const quota = typeof opened?.values.quota === 'number' ? opened.values.quota : undefined;
  const stream = quotaStream(current.sessionId, current.metierId);
  let taken = false;
  try {
    const outcome = await run(
      deps,
      id,
      command,
      scope,
      context,
      revision,
      async (state, events) => {
        if (action !== 'soumettre' || events.length === 0 || quota === undefined) return;
        taken = await places.take(stream, id, quota, context);
        if (!taken)
          throw new ConflictError(
            `Le quota de ce métier est atteint pour cette session (${quotaFormat.format(quota)} place${quota > 1 ? 's' : ''}) : le dossier ne peut pas être soumis.`,
          );
      },
    );
    const heldPlace = ['soumis', 'valide', 'affecte'].includes(current.statut);
    if (action !== 'soumettre' && heldPlace && outcome.events.length > 0)
      await places.release(stream, id, context);
    // A withdrawn candidate's seat is free again.
    if (action === 'desister' && current.siteId && outcome.events.length > 0)
      await seats.release(current.siteId, current.sessionId, [id], context);
    return answer(id, outcome);
  } catch (error) {
    if (taken) await places.release(stream, id, context);
    throw error;
  }
};
