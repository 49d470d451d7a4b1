import type {
  AppliedRow,
  CandidatureDetails,
  CandidatureValues,
  CommandContext,
  PersonListTarget,
  PieceFile,
} from '@examens-pro/domain';
import type { EventStore, ReadStore } from '@examens-pro/platform';
import { correctCandidatureIdentity } from './candidatureCorrections.js';
import { candidatureDeps, readCandidature, type CandidatureOptions } from './candidatureDeps.js';
import { createCandidature, modifyCandidature, removeCandidature } from './candidatureDossier.js';
import { checkCandidatureList, createListCandidatures } from './candidatureLists.js';
import { recordCandidaturePayment } from './candidaturePayments.js';
import { checkCandidaturePiece, depositCandidaturePiece } from './candidaturePieces.js';
import { candidatureStep } from './candidatureSteps.js';

export {
  candidatureDeps,
  readCandidature,
  sessionFeeOf,
  type CandidatureDeps,
  type CandidatureOptions,
} from './candidatureDeps.js';
export * from './candidatureCorrections.js';
export * from './candidatureDossier.js';
export * from './candidatureLists.js';
export * from './candidaturePayments.js';
export * from './candidaturePieces.js';
export * from './candidatureSteps.js';

/**
 * The commands on candidatures. `scope` is the caller's centre de dépôt (an enrôleur's), or null:
 * an enrôleur registers for their centre only and never reaches another centre's dossiers. Each
 * command is a function of its own file, given the dependencies made here once (their counters
 * cache what they read).
 */
export const candidatureCommands = (
  eventStore: EventStore,
  timeZone: string,
  readStore?: ReadStore,
  options: CandidatureOptions = {},
) => {
  const deps = candidatureDeps(eventStore, timeZone, readStore, options);
  return {
    create: (
      id: string,
      input: CandidatureDetails,
      scope: string | null,
      context: CommandContext,
      confirmerHomonyme = false,
    ) => createCandidature(deps, id, input, scope, context, confirmerHomonyme),
    modify: (
      id: string,
      input: CandidatureDetails,
      revision: number,
      scope: string | null,
      context: CommandContext,
    ) => modifyCandidature(deps, id, input, revision, scope, context),
    correctIdentity: (
      id: string,
      input: { identite: CandidatureValues; justification: string; document: PieceFile },
      revision: number,
      scope: string | null,
      context: CommandContext,
    ) => correctCandidatureIdentity(deps, id, input, revision, scope, context),
    step: (
      id: string,
      action: 'soumettre' | 'valider' | 'rejeter' | 'desister',
      revision: number,
      scope: string | null,
      context: CommandContext,
      rejection?: { motifId: string; commentaire: string },
    ) => candidatureStep(deps, id, action, revision, scope, context, rejection),
    remove: (id: string, revision: number, scope: string | null, context: CommandContext) =>
      removeCandidature(deps, id, revision, scope, context),
    depositPiece: (
      id: string,
      pieceId: string,
      file: PieceFile,
      revision: number,
      scope: string | null,
      context: CommandContext,
    ) => depositCandidaturePiece(deps, id, pieceId, file, revision, scope, context),
    checkPiece: (
      id: string,
      pieceId: string,
      action: 'valider' | 'rejeter',
      revision: number,
      scope: string | null,
      context: CommandContext,
      rejection?: { motifId: string; commentaire: string },
    ) => checkCandidaturePiece(deps, id, pieceId, action, revision, scope, context, rejection),
    recordPayment: (
      id: string,
      input: { montant: number; date: string; reference: string },
      revision: number,
      scope: string | null,
      context: CommandContext,
    ) => recordCandidaturePayment(deps, id, input, revision, scope, context),
    checkList: (target: PersonListTarget, rows: readonly AppliedRow[], now: string) =>
      checkCandidatureList(deps, target, rows, now),
    createMany: (
      target: PersonListTarget,
      rows: readonly (AppliedRow & { readonly id: string; readonly commandId: string })[],
      base: Omit<CommandContext, 'commandId'> & { readonly causationId: string },
    ) => createListCandidatures(deps, target, rows, base),
    read: (id: string, scope: string | null) => readCandidature(deps, id, scope),
  };
};
