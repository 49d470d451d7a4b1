/**
 * What the grade commands share: their dependencies, the checks every change passes (the session
 * grading, a window open, the épreuve the session's), and the writes on a sheet — opened with its
 * roster when needed, its copies numbered when anonymous, a copy found by its number.
 */
import {
  ConflictError,
  evolveGradeSheet,
  fold,
  GRADE_SHEET_CATEGORY,
  GRADE_WINDOW_LABELS,
  GRADING_STATUSES,
  gradeSheetDecider,
  gradeSheetId,
  listCollection,
  referenceList,
  SESSION_STATUS_LABELS,
  streamName,
  ValidationError,
  type CommandContext,
  type Decider,
  type GradeSheet,
  type GradeSheetCommand,
  type GradeSheetEvent,
  type GradeSettingsState,
  type GradeWindow,
  type ImportEpreuve,
  type MarkEntryError,
  type ReadModelDocument,
  type RosterEntry,
  type SheetKeys,
} from '@examens-pro/domain';
import {
  handleCommand,
  sequence,
  serialized,
  retryOnConflict,
  storedAnswer,
  type CommandAnswer,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';
import { randomInt } from 'node:crypto';
import {
  anonymityNumber,
  epreuveOf,
  gradeSettingsOf,
  isAnonymous,
  sessionState,
  sheetRoster,
  type CopyRef,
  type GradedEpreuve,
} from './gradeReads.js';

type Doc = ReadModelDocument & Record<string, unknown>;

/** A sheet's decider that opens it with its roster first when it was never written. */
const openingDecider = (
  keys: SheetKeys,
  roster: RosterEntry[] | null,
): Decider<GradeSheetCommand, GradeSheetEvent, GradeSheet> => ({
  ...gradeSheetDecider,
  decide: (command, state) => {
    if (state.status === 'present' || !roster) return gradeSheetDecider.decide(command, state);
    const opening: GradeSheetEvent = {
      type: 'GradeSheetOpened',
      data: { ...keys, candidats: roster },
    };
    return [opening, ...gradeSheetDecider.decide(command, evolveGradeSheet(state, opening))];
  },
});

/** Anonymity numbers per session: `numeros-anonymat-<session>`, blocks never repeated. */
const anonymityNumbers = (eventStore: EventStore) =>
  sequence(eventStore, {
    stream: (key) => `numeros-anonymat-${key}`,
    one: (key, numero, feuilleId) => ({
      type: 'AnonymityNumbersTaken',
      data: { key, numero, dernier: numero, feuilleId },
    }),
    block: (key, numero, dernier, ids) => ({
      type: 'AnonymityNumbersTaken',
      data: { key, numero, dernier, feuilleId: ids[0] },
    }),
    label: 'Numéro d’anonymat',
  });

/**
 * What the grade commands work with: the stores, the imports of a session taken in turn in this
 * process, and the session's anonymity numbers.
 */
export interface GradeDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly inTurn: ReturnType<typeof serialized>;
  readonly numbers: ReturnType<typeof anonymityNumbers>;
}

/** The dependencies of the grade commands, built once per command handler. */
export const gradeDeps = (eventStore: EventStore, readStore: ReadStore): GradeDeps => ({
  eventStore,
  readStore,
  inTurn: serialized(),
  numbers: anonymityNumbers(eventStore),
});

/** The marks refused by a sheet, as a French 400 naming each candidate's field. */
export const refusal = (error: MarkEntryError, ids: readonly string[]) =>
  new ValidationError(
    error.message,
    Object.fromEntries(error.problems.map((p) => [ids[p.index] ?? 'saisies', p.message])),
  );

export const chunks = <T>(items: readonly T[], count: number): T[][] => {
  const groups: T[][] = Array.from({ length: count }, () => []);
  items.forEach((item, i) => groups[i % count]!.push(item));
  return groups.filter((g) => g.length > 0);
};

export const refKey = (ref: CopyRef) => ref.numeroAnonymat ?? ref.candidatureId ?? 'saisies';

/** The session must be composing or deliberating for any grade or presence to change. */
export const grading = async (deps: GradeDeps, sessionId: string) => {
  const current = await sessionState(deps.eventStore, sessionId);
  if (!GRADING_STATUSES.includes(current.statut))
    throw new ConflictError(
      `Cette session est à l’étape « ${SESSION_STATUS_LABELS[current.statut]} » : les présences et les notes se saisissent aux étapes « Composition » et « Délibération ».`,
    );
  return current;
};

/** The session's grade settings, when this window of theirs is open. */
export const openWindow = async (deps: GradeDeps, sessionId: string, fenetre: GradeWindow) => {
  const settings = await gradeSettingsOf(deps.eventStore, sessionId);
  if (!settings[fenetre])
    throw new ConflictError(
      `La ${GRADE_WINDOW_LABELS[fenetre].toLowerCase()} des notes est fermée pour cette session : demandez son ouverture à qui en a la permission.`,
    );
  return settings;
};

/** An épreuve of the session's examen; a French 400 otherwise. */
export const sessionEpreuve = async (deps: GradeDeps, sessionId: string, epreuveId: string) => {
  const current = await sessionState(deps.eventStore, sessionId);
  const doc = await deps.readStore
    .collection<Doc>(listCollection(referenceList('epreuves')!))
    .get(epreuveId);
  if (!doc || doc.examenId !== current.examenId)
    throw new ValidationError('Cette épreuve n’est pas une épreuve de l’examen de cette session.', {
      epreuveId: 'Cette épreuve n’est pas une épreuve de l’examen de cette session.',
    });
  return epreuveOf(doc);
};

/**
 * The answer a command already recorded on its sheet gave (same command id, the client's
 * `Idempotency-Key`): an entry typed offline and sent again once the network returns is answered
 * as the first time, even when the window it was typed in has closed since or the session moved
 * on — it was recorded while they were open. Undefined when the sheet holds nothing of it.
 */
export const recordedOnSheet = (
  deps: GradeDeps,
  keys: Omit<SheetKeys, 'feuilleId'>,
  context: CommandContext,
): Promise<CommandAnswer | undefined> => {
  const feuilleId = gradeSheetId(keys.sessionId, keys.epreuveId, keys.siteId);
  return storedAnswer(
    deps.eventStore,
    streamName(GRADE_SHEET_CATEGORY, feuilleId),
    feuilleId,
    context.commandId,
  );
};

/** Runs a command on a sheet, opening it with its roster when needed; retried on a race. */
export const onSheet = async (
  deps: GradeDeps,
  keys: Omit<SheetKeys, 'feuilleId'>,
  command: GradeSheetCommand,
  context: CommandContext,
  known?: { epreuve: Pick<ImportEpreuve, 'metierId'> },
) => {
  const feuilleId = gradeSheetId(keys.sessionId, keys.epreuveId, keys.siteId);
  const sheetKeys = { feuilleId, ...keys };
  const stream = streamName(GRADE_SHEET_CATEGORY, feuilleId);
  return retryOnConflict(async () => {
    const exists = (await deps.eventStore.readStream(stream, { maxCount: 1 })).length > 0;
    const roster = exists
      ? null
      : await sheetRoster(
          deps.readStore,
          keys.sessionId,
          known?.epreuve ?? (await sessionEpreuve(deps, keys.sessionId, keys.epreuveId)),
          keys.siteId,
        );
    if (roster && roster.length === 0)
      throw new ValidationError('Aucun candidat affecté à ce site ne compose cette épreuve.', {
        siteId: 'Aucun candidat affecté à ce site ne compose cette épreuve.',
      });
    const outcome = await handleCommand(deps.eventStore, {
      stream,
      decider: openingDecider(sheetKeys, roster),
      command,
      context,
    });
    return { id: feuilleId, revision: outcome.revision, position: outcome.position };
  });
};

/**
 * An anonymous sheet's copies numbered, once (opened with its roster if need be): a block of the
 * session's anonymity numbers, shuffled over the sheet's candidates, so that a number says
 * nothing of the candidate, nor of the order of their candidate numbers.
 */
export const numbered = async (
  deps: GradeDeps,
  keys: Omit<SheetKeys, 'feuilleId'>,
  found: GradedEpreuve,
  context: CommandContext,
  rules?: GradeSettingsState,
): Promise<CommandAnswer | null> => {
  if (!isAnonymous(rules ?? (await gradeSettingsOf(deps.eventStore, keys.sessionId)), found))
    return null;
  const feuilleId = gradeSheetId(keys.sessionId, keys.epreuveId, keys.siteId);
  const state = fold(
    gradeSheetDecider,
    (await deps.eventStore.readStream(
      streamName(GRADE_SHEET_CATEGORY, feuilleId),
    )) as unknown as GradeSheetEvent[],
  );
  const candidates =
    state.status === 'present'
      ? [...state.candidats.entries()]
          .filter(([, c]) => c.numeroAnonymat === null)
          .map(([id]) => id)
      : (await sheetRoster(deps.readStore, keys.sessionId, found, keys.siteId)).map(
          (c) => c.candidatureId,
        );
  if (
    candidates.length === 0 ||
    (state.status === 'present' && candidates.length < state.candidats.size)
  )
    return null;
  const first = await deps.numbers.block(
    keys.sessionId,
    candidates.map((_, i) => `${feuilleId}#${i}`),
    { ...context, commandId: `${context.commandId}/anonymat/${feuilleId}` },
  );
  const pool = candidates.map((_, i) => first + i);
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return onSheet(
    deps,
    keys,
    {
      type: 'AssignAnonymityNumbers',
      data: {
        numeros: candidates.map((candidatureId, i) => ({
          candidatureId,
          numeroAnonymat: anonymityNumber(pool[i]!),
        })),
      },
    },
    { ...context, commandId: `${context.commandId}/anonymat/${feuilleId}` },
    { epreuve: found },
  );
};

/**
 * The dossier a mark names: by its id, or on an anonymous sheet by the copy's anonymity number
 * (the link stays here, in the sheet's stream).
 */
export const dossiersOf = async (
  deps: GradeDeps,
  keys: Omit<SheetKeys, 'feuilleId'>,
  refs: readonly CopyRef[],
): Promise<string[]> => {
  // The sheet is read once, and only when a copy is named by its number.
  let copies: Map<string | null, string> | undefined;
  const dossiers: string[] = [];
  for (const ref of refs) {
    if (ref.candidatureId) {
      dossiers.push(ref.candidatureId);
      continue;
    }
    if (!copies) {
      const state = fold(
        gradeSheetDecider,
        (await deps.eventStore.readStream(
          streamName(
            GRADE_SHEET_CATEGORY,
            gradeSheetId(keys.sessionId, keys.epreuveId, keys.siteId),
          ),
        )) as unknown as GradeSheetEvent[],
      );
      copies = new Map(
        state.status === 'present'
          ? [...state.candidats.entries()].map(([id, c]) => [c.numeroAnonymat, id])
          : [],
      );
    }
    const found = copies.get(ref.numeroAnonymat ?? null);
    if (!found || !ref.numeroAnonymat) {
      const message = `Aucune copie de cette feuille ne porte le numéro d’anonymat « ${ref.numeroAnonymat ?? ''} ».`;
      throw new ValidationError(message, { [ref.numeroAnonymat ?? 'numeroAnonymat']: message });
    }
    dossiers.push(found);
  }
  return dossiers;
};
