/**
 * The commands on a grade sheet (one per site and épreuve): its copies numbered, the presences,
 * the marks typed in the grid, a retained mark modified, two differing entries settled.
 */
import {
  ConflictError,
  GRADE_SHEET_CATEGORY,
  gradeSheetId,
  MarkEntryError,
  parseMark,
  resultsCollection,
  streamName,
  ValidationError,
  type CommandContext,
  type Presence,
  type SheetKeys,
} from '@examens-pro/domain';
import type { CommandAnswer } from '@examens-pro/platform';
import {
  dossiersOf,
  grading,
  numbered,
  onSheet,
  openWindow,
  recordedOnSheet,
  refKey,
  refusal,
  sessionEpreuve,
  type GradeDeps,
} from './gradeCommandSupport.js';
import { gradeSettingsOf, isAnonymous, type CopyRef } from './gradeReads.js';

/** An anonymous sheet's copies numbered (before its grade sheets are printed). */
export const numberGradeSheet = async (
  deps: GradeDeps,
  keys: Omit<SheetKeys, 'feuilleId'>,
  context: CommandContext,
): Promise<CommandAnswer> => {
  await grading(deps, keys.sessionId);
  const found = await sessionEpreuve(deps, keys.sessionId, keys.epreuveId);
  const rules = await gradeSettingsOf(deps.eventStore, keys.sessionId);
  if (!isAnonymous(rules, found))
    throw new ConflictError(
      'Les copies de cette épreuve ne sont pas anonymes dans cette session : elles ne reçoivent pas de numéro d’anonymat.',
    );
  const feuilleId = gradeSheetId(keys.sessionId, keys.epreuveId, keys.siteId);
  const answer = await numbered(deps, keys, found, context);
  if (answer) return answer;
  const last = await deps.eventStore.readStream(streamName(GRADE_SHEET_CATEGORY, feuilleId));
  const event = last[last.length - 1];
  if (!event)
    throw new ValidationError('Aucun candidat affecté à ce site ne compose cette épreuve.', {
      siteId: 'Aucun candidat affecté à ce site ne compose cette épreuve.',
    });
  return { id: feuilleId, revision: event.revision, position: event.position };
};

export const recordPresences = async (
  deps: GradeDeps,
  input: Omit<SheetKeys, 'feuilleId'> & {
    presences: readonly { candidatureId: string; presence: Presence }[];
  },
  context: CommandContext,
): Promise<CommandAnswer> => {
  const { presences, ...keys } = input;
  const recorded = await recordedOnSheet(deps, keys, context);
  if (recorded) return recorded;
  await grading(deps, keys.sessionId);
  try {
    return await onSheet(deps, keys, { type: 'RecordPresences', data: { presences } }, context);
  } catch (error) {
    if (error instanceof MarkEntryError)
      throw refusal(
        error,
        presences.map((p) => p.candidatureId),
      );
    throw error;
  }
};

/** Marks typed in the grid: each one entry (first or second), while the import window is open. */
export const enterMarks = async (
  deps: GradeDeps,
  input: Omit<SheetKeys, 'feuilleId'> & {
    saisies: readonly (CopyRef & { note: unknown })[];
  },
  context: CommandContext,
): Promise<CommandAnswer> => {
  const { saisies, ...keys } = input;
  const recorded = await recordedOnSheet(deps, keys, context);
  if (recorded) return recorded;
  await grading(deps, keys.sessionId);
  const found = await sessionEpreuve(deps, keys.sessionId, keys.epreuveId);
  const refs = saisies.map(refKey);
  const parsed = saisies.map((saisie, i) => {
    const mark = parseMark(saisie.note, found.noteMax);
    if ('error' in mark) throw new ValidationError(mark.error, { [refs[i]!]: mark.error });
    return mark.note;
  });
  const rules = await openWindow(deps, keys.sessionId, 'importation');
  // An anonymous sheet is numbered before its first mark: marks name its copies.
  await numbered(deps, keys, found, context, rules);
  const ids = await dossiersOf(deps, keys, saisies);
  const marks = ids.map((candidatureId, i) => ({ candidatureId, note: parsed[i]! }));
  try {
    return await onSheet(
      deps,
      keys,
      {
        type: 'EnterMarks',
        data: {
          source: 'saisie',
          importation: null,
          parId: context.actor.id,
          doubleSaisie: rules.doubleSaisie,
          marks,
        },
      },
      context,
      { epreuve: found },
    );
  } catch (error) {
    if (error instanceof MarkEntryError) throw refusal(error, refs);
    throw error;
  }
};

/** A retained mark changed, with its reason, while the modification window is open. */
export const modifyMark = async (
  deps: GradeDeps,
  input: Omit<SheetKeys, 'feuilleId'> & CopyRef & { note: unknown; motif: string },
  context: CommandContext,
): Promise<CommandAnswer> => {
  const { candidatureId: id, numeroAnonymat, note, motif, ...keys } = input;
  await grading(deps, keys.sessionId);
  const found = await sessionEpreuve(deps, keys.sessionId, keys.epreuveId);
  const mark = parseMark(note, found.noteMax);
  if ('error' in mark) throw new ValidationError(mark.error, { note: mark.error });
  await openWindow(deps, keys.sessionId, 'modification');
  const candidatureId = (await dossiersOf(deps, keys, [{ candidatureId: id, numeroAnonymat }]))[0]!;
  // After the jury has closed, a change is a dispute's: the frozen result stays until the
  // candidate is deliberated again.
  const deliberated = await deps.readStore.collection(resultsCollection).get(candidatureId);
  return onSheet(
    deps,
    keys,
    {
      type: 'ModifyMark',
      data: {
        candidatureId,
        note: mark.note,
        motif,
        origine: deliberated ? 'contentieux' : 'notes',
      },
    },
    context,
    { epreuve: found },
  );
};

/** Two differing entries settled, with a reason, while a grade window is open. */
export const resolveMarkDiscrepancy = async (
  deps: GradeDeps,
  input: Omit<SheetKeys, 'feuilleId'> & CopyRef & { note: unknown; motif: string },
  context: CommandContext,
): Promise<CommandAnswer> => {
  const { candidatureId: id, numeroAnonymat, note, motif, ...keys } = input;
  await grading(deps, keys.sessionId);
  const candidatureId = (await dossiersOf(deps, keys, [{ candidatureId: id, numeroAnonymat }]))[0]!;
  const found = await sessionEpreuve(deps, keys.sessionId, keys.epreuveId);
  const mark = parseMark(note, found.noteMax);
  if ('error' in mark) throw new ValidationError(mark.error, { note: mark.error });
  const rules = await gradeSettingsOf(deps.eventStore, keys.sessionId);
  if (!rules.importation && !rules.modification)
    throw new ConflictError(
      'Aucune fenêtre de saisie des notes n’est ouverte pour cette session : l’écart ne peut pas être résolu maintenant.',
    );
  return onSheet(
    deps,
    keys,
    { type: 'ResolveDiscrepancy', data: { candidatureId, note: mark.note, motif } },
    context,
    { epreuve: found },
  );
};
