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

type SessionStatut = Awaited<ReturnType<typeof sessionState>>['statut'];

/**
 * One command on the session's settings stream, decided on the session's statut read now (a
 * session that does not exist is a 404 before anything is written).
 */
const onSettings = async (
  deps: GradeDeps,
  sessionId: string,
  command: (sessionStatut: SessionStatut) => GradeSettingsCommand,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const current = await sessionState(deps.eventStore, sessionId);
  const outcome = await handleCommand(deps.eventStore, {
    stream: streamName(GRADE_SETTINGS_CATEGORY, sessionId),
    decider: gradeSettingsDecider,
    command: command(current.statut),
    context,
  });
  return { id: sessionId, revision: outcome.revision, position: outcome.position };
};

export const openGradeWindow = (
  deps: GradeDeps,
  sessionId: string,
  fenetre: GradeWindow,
  context: CommandContext,
): Promise<CommandAnswer> =>
  onSettings(
    deps,
    sessionId,
    (sessionStatut) => ({ type: 'OpenGradeWindow', data: { sessionId, fenetre, sessionStatut } }),
    context,
  );

export const closeGradeWindow = (
  deps: GradeDeps,
  sessionId: string,
  fenetre: GradeWindow,
  context: CommandContext,
): Promise<CommandAnswer> =>
  onSettings(
    deps,
    sessionId,
    () => ({ type: 'CloseGradeWindow', data: { sessionId, fenetre } }),
    context,
  );

export const setGradeAnonymity = (
  deps: GradeDeps,
  sessionId: string,
  anonymat: boolean,
  context: CommandContext,
): Promise<CommandAnswer> =>
  onSettings(
    deps,
    sessionId,
    () => ({ type: 'SetGradeAnonymity', data: { sessionId, anonymat } }),
    context,
  );

/** The link between copies and candidates lifted, for the deliberation (« Délibérer »). */
export const liftGradeAnonymity = (
  deps: GradeDeps,
  sessionId: string,
  context: CommandContext,
): Promise<CommandAnswer> =>
  onSettings(
    deps,
    sessionId,
    (sessionStatut) => ({ type: 'LiftGradeAnonymity', data: { sessionId, sessionStatut } }),
    context,
  );

export const setGradeDoubleEntry = (
  deps: GradeDeps,
  sessionId: string,
  doubleSaisie: boolean,
  context: CommandContext,
): Promise<CommandAnswer> =>
  onSettings(
    deps,
    sessionId,
    () => ({ type: 'SetGradeEntryRule', data: { sessionId, doubleSaisie } }),
    context,
  );
