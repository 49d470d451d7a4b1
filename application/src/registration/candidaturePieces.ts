import type { CandidatureCommand, CommandContext, PieceFile } from '@examens-pro/domain';
import type { CommandAnswer } from '@examens-pro/platform';
import {
  answer,
  checkMotif,
  readCandidature,
  run,
  sessionFacts,
  sessionPieces,
  type CandidatureDeps,
} from './candidatureDeps.js';

/**
 * Deposits a pièce justificative (a file already stored under its SHA-256), or deposits it
 * again after a rejection.
 */
export const depositCandidaturePiece = async (
  deps: CandidatureDeps,
  id: string,
  pieceId: string,
  file: PieceFile,
  revision: number,
  scope: string | null,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const current = await readCandidature(deps, id, scope);
  const { session, facts } = await sessionFacts(deps, current.sessionId, context.now);
  const pieces = await sessionPieces(deps, session.examenId);
  return answer(
    id,
    await run(
      deps,
      id,
      { type: 'DepositPiece', data: { candidatureId: id, pieceId, file, pieces, facts } },
      scope,
      context,
      revision,
    ),
  );
};

/** Validates a deposited pièce, or rejects it with a motif de rejet (and a comment). */
export const checkCandidaturePiece = async (
  deps: CandidatureDeps,
  id: string,
  pieceId: string,
  action: 'valider' | 'rejeter',
  revision: number,
  scope: string | null,
  context: CommandContext,
  rejection?: { motifId: string; commentaire: string },
): Promise<CommandAnswer> => {
  const current = await readCandidature(deps, id, scope);
  const { session, facts } = await sessionFacts(deps, current.sessionId, context.now);
  await checkMotif(deps, rejection);
  const pieces = await sessionPieces(deps, session.examenId);
  const command: CandidatureCommand =
    action === 'valider'
      ? { type: 'ValidatePiece', data: { candidatureId: id, pieceId, pieces, facts } }
      : {
          type: 'RejectPiece',
          data: { candidatureId: id, pieceId, pieces, facts, ...rejection! },
        };
  return answer(id, await run(deps, id, command, scope, context, revision));
};
