/**
 * The session's grade settings: its entry windows, its double-entry rule and the anonymity of its
 * copies, each command written on the settings' stream (one per session).
 */
import {
  GRADE_SETTINGS_CATEGORY,
  gradeSettingsDecider,
  streamName,
  type CommandContext,
  type GradeSettingsCommand,
  type GradeWindow,
} from '@examens-pro/domain';
import { handleCommand, type CommandAnswer } from '@examens-pro/platform';
import type { GradeDeps } from './gradeCommandSupport.js';
import { sessionState } from './gradeReads.js';

const settings = async (
  deps: GradeDeps,
  sessionId: string,
  command: GradeSettingsCommand,
  context: CommandContext,
) => {
  const outcome = await handleCommand(deps.eventStore, {
    stream: streamName(GRADE_SETTINGS_CATEGORY, sessionId),
    decider: gradeSettingsDecider,
    command,
    context,
  });
  return { id: sessionId, revision: outcome.revision, position: outcome.position };
};

export const openGradeWindow = async (
  deps: GradeDeps,
  sessionId: string,
  fenetre: GradeWindow,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const current = await sessionState(deps.eventStore, sessionId);
  return settings(
    deps,
    sessionId,
    { type: 'OpenGradeWindow', data: { sessionId, fenetre, sessionStatut: current.statut } },
    context,
  );
};

export const closeGradeWindow = async (
  deps: GradeDeps,
  sessionId: string,
  fenetre: GradeWindow,
  context: CommandContext,
): Promise<CommandAnswer> => {
  await sessionState(deps.eventStore, sessionId);
  return settings(
    deps,
    sessionId,
    { type: 'CloseGradeWindow', data: { sessionId, fenetre } },
    context,
  );
};

export const setGradeAnonymity = async (
  deps: GradeDeps,
  sessionId: string,
  anonymat: boolean,
  context: CommandContext,
): Promise<CommandAnswer> => {
  await sessionState(deps.eventStore, sessionId);
  return settings(
    deps,
    sessionId,
    { type: 'SetGradeAnonymity', data: { sessionId, anonymat } },
    context,
  );
};

/** The link between copies and candidates lifted, for the deliberation (« Délibérer »). */
export const liftGradeAnonymity = async (
  deps: GradeDeps,
  sessionId: string,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const current = await sessionState(deps.eventStore, sessionId);
  return settings(
    deps,
    sessionId,
    { type: 'LiftGradeAnonymity', data: { sessionId, sessionStatut: current.statut } },
    context,
  );
};

export const setGradeDoubleEntry = async (
  deps: GradeDeps,
  sessionId: string,
  doubleSaisie: boolean,
  context: CommandContext,
): Promise<CommandAnswer> => {
  await sessionState(deps.eventStore, sessionId);
  return settings(
    deps,
    sessionId,
    { type: 'SetGradeEntryRule', data: { sessionId, doubleSaisie } },
    context,
  );
};
