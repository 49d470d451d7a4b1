/**
 * Grades and presences: the session's grade settings, the grade sheets (one
 * per site and épreuve), and the import of a file of marks, all or nothing. The rules are the
 * domain's deciders; this part reads what they need (the session, its settings, the épreuve, the
 * sheet's roster) and writes their events through the shared command handler.
 */
import {
  candidaturesCollection,
  ConflictError,
  fold,
  GRADE_SETTINGS_CATEGORY,
  GRADE_SHEET_CATEGORY,
  GRADE_WINDOW_LABELS,
  GRADING_STATUSES,
  gradeSettingsDecider,
  gradeSheetDecider,
  gradeSheetId,
  evolveGradeSheet,
  listCollection,
  MarkEntryError,
  marksCollection,
  normalizeCode,
  parseMark,
  planGradeImport,
  referenceList,
  resultsCollection,
  SESSION_CATEGORY,
  SESSION_STATUS_LABELS,
  sessionDecider,
  sessionsCollection,
  streamName,
  ValidationError,
  type CandidatureDocument,
  type CommandContext,
  type DocumentTarget,
  type GradeSettingsDocument,
  gradeSettingsCollection,
  type MarkDocument,
  type Decider,
  type GradeImportRow,
  type GradeSettingsCommand,
  type GradeSettingsEvent,
  type GradeSettingsState,
  type GradeSheet,
  type GradeSheetCommand,
  type GradeSheetEvent,
  type GradeWindow,
  type ImportCandidate,
  type ImportEpreuve,
  type Presence,
  type ReadModelDocument,
  type RosterEntry,
  type Session,
  type SessionEvent,
  type SheetKeys,
} from '@examens-pro/domain';
import { WrongExpectedRevisionError, type EventStore } from '@examens-pro/platform';
import type { ReadStore } from '@examens-pro/platform';
import { handleCommand, type CommandAnswer } from '@examens-pro/platform';
import { randomInt } from 'node:crypto';
import { sequence, serialized } from '@examens-pro/platform';
import { targetSites } from '../allocation/examLists.js';

type Doc = ReadModelDocument & Record<string, unknown>;

export const SESSION_NOT_FOUND = 'Cette session est introuvable.';

/** An épreuve as grades use it. */
export interface GradedEpreuve extends ImportEpreuve {
  readonly libelle: string;
  readonly examenId: string;
  readonly typeEpreuve: string;
}

const epreuveOf = (doc: Doc): GradedEpreuve => ({
  id: doc.id,
  code: String(doc.code ?? ''),
  libelle: String(doc.libelle ?? ''),
  examenId: String(doc.examenId ?? ''),
  metierId: typeof doc.metierId === 'string' && doc.metierId !== '' ? doc.metierId : null,
  noteMax: typeof doc.noteMax === 'number' ? doc.noteMax : 20,
  typeEpreuve: String(doc.typeEpreuve ?? 'ecrite'),
});

/** The épreuves of an examen (active or not: a mark stays where it was given), in code order. */
export const epreuvesOfExamen = async (
  readStore: ReadStore,
  examenId: string,
): Promise<GradedEpreuve[]> => {
  const { items } = await readStore
    .collection<Doc>(listCollection(referenceList('epreuves')!))
    .list({ filter: { examenId }, sort: [{ field: 'code', order: 'ASC' }], limit: 500 });
  return items.map(epreuveOf);
};

/** The session folded from its stream; a French 400 when it does not exist. */
export const sessionState = async (
  eventStore: EventStore,
  sessionId: string,
): Promise<Extract<Session, { status: 'present' }>> => {
  const session = fold(
    sessionDecider,
    (await eventStore.readStream(
      streamName(SESSION_CATEGORY, sessionId),
    )) as unknown as SessionEvent[],
  );
  if (session.status !== 'present')
    throw new ValidationError(SESSION_NOT_FOUND, { sessionId: SESSION_NOT_FOUND });
  return session;
};

export const gradeSettingsOf = async (
  eventStore: EventStore,
  sessionId: string,
): Promise<GradeSettingsState> =>
  fold(
    gradeSettingsDecider,
    (await eventStore.readStream(
      streamName(GRADE_SETTINGS_CATEGORY, sessionId),
    )) as unknown as GradeSettingsEvent[],
  );

const nameOf = (doc: CandidatureDocument) => ({
  nom: String(doc.nom ?? ''),
  prenoms: String(doc.prenoms ?? ''),
});

/**
 * The candidates of a sheet: allocated to the site in the session, whose métier composes the
 * épreuve, in candidate-number order.
 */
export const sheetRoster = async (
  readStore: ReadStore,
  sessionId: string,
  epreuve: Pick<ImportEpreuve, 'metierId'>,
  siteId: string,
): Promise<RosterEntry[]> => {
  const site = await readStore
    .collection<Doc>(listCollection(referenceList('sites-composition')!))
    .get(siteId);
  const centreExamenId = String(site?.centreExamenId ?? '');
  const roster: RosterEntry[] = [];
  for await (const doc of readStore.collection<CandidatureDocument>(candidaturesCollection).stream({
    filter: {
      sessionId,
      siteId,
      statut: 'affecte',
      ...(epreuve.metierId ? { metierId: epreuve.metierId } : {}),
    },
    sort: [{ field: 'numeroCandidat', order: 'ASC' }],
  }))
    roster.push({
      candidatureId: doc.id,
      numeroCandidat: doc.numeroCandidat ?? '',
      ...nameOf(doc),
      sexe: String(doc.sexe ?? ''),
      metierId: doc.metierId,
      centreExamenId,
    });
  return roster;
};

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

const MAX_ATTEMPTS = 5;

/**
 * Whether an épreuve's copies are anonymous in a session: a written épreuve, the session's rule on,
 * the link not lifted yet for the deliberation.
 */
export const isAnonymous = (
  rules: Pick<GradeSettingsState, 'anonymat' | 'anonymatLeve'>,
  epreuve: Pick<GradedEpreuve, 'typeEpreuve'>,
): boolean => rules.anonymat && !rules.anonymatLeve && epreuve.typeEpreuve === 'ecrite';

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

/** « 004217 »: six digits, as the copies carry them. */
export const anonymityNumber = (n: number): string => String(n).padStart(6, '0');

/** A mark names its dossier, or on an anonymous sheet its copy's anonymity number. */
export interface CopyRef {
  readonly candidatureId?: string;
  readonly numeroAnonymat?: string;
}

/** The marks refused by a sheet, as a French 400 naming each candidate's field. */
const refusal = (error: MarkEntryError, ids: readonly string[]) =>
  new ValidationError(
    error.message,
    Object.fromEntries(error.problems.map((p) => [ids[p.index] ?? 'saisies', p.message])),
  );

export const gradeCommands = (eventStore: EventStore, readStore: ReadStore) => {
  const inTurn = serialized();
  const numbers = anonymityNumbers(eventStore);

  const session = (sessionId: string) => sessionState(eventStore, sessionId);

  /** The session must be composing or deliberating for any grade or presence to change. */
  const grading = async (sessionId: string) => {
    const current = await session(sessionId);
    if (!GRADING_STATUSES.includes(current.statut))
      throw new ConflictError(
        `Cette session est à l’étape « ${SESSION_STATUS_LABELS[current.statut]} » : les présences et les notes se saisissent aux étapes « Composition » et « Délibération ».`,
      );
    return current;
  };

  const openWindow = async (sessionId: string, fenetre: GradeWindow) => {
    const settings = await gradeSettingsOf(eventStore, sessionId);
    if (!settings[fenetre])
      throw new ConflictError(
        `La ${GRADE_WINDOW_LABELS[fenetre].toLowerCase()} des notes est fermée pour cette session : demandez son ouverture à qui en a la permission.`,
      );
    return settings;
  };

  const epreuve = async (sessionId: string, epreuveId: string) => {
    const current = await session(sessionId);
    const doc = await readStore
      .collection<Doc>(listCollection(referenceList('epreuves')!))
      .get(epreuveId);
    if (!doc || doc.examenId !== current.examenId)
      throw new ValidationError(
        'Cette épreuve n’est pas une épreuve de l’examen de cette session.',
        {
          epreuveId: 'Cette épreuve n’est pas une épreuve de l’examen de cette session.',
        },
      );
    return epreuveOf(doc);
  };

  /** Runs a command on a sheet, opening it with its roster when needed; retried on a race. */
  const onSheet = async (
    keys: Omit<SheetKeys, 'feuilleId'>,
    command: GradeSheetCommand,
    context: CommandContext,
    known?: { epreuve: Pick<ImportEpreuve, 'metierId'> },
  ) => {
    const feuilleId = gradeSheetId(keys.sessionId, keys.epreuveId, keys.siteId);
    const sheetKeys = { feuilleId, ...keys };
    const stream = streamName(GRADE_SHEET_CATEGORY, feuilleId);
    for (let attempt = 1; ; attempt += 1) {
      const exists = (await eventStore.readStream(stream, { maxCount: 1 })).length > 0;
      const roster = exists
        ? null
        : await sheetRoster(
            readStore,
            keys.sessionId,
            known?.epreuve ?? (await epreuve(keys.sessionId, keys.epreuveId)),
            keys.siteId,
          );
      if (roster && roster.length === 0)
        throw new ValidationError('Aucun candidat affecté à ce site ne compose cette épreuve.', {
          siteId: 'Aucun candidat affecté à ce site ne compose cette épreuve.',
        });
      try {
        const outcome = await handleCommand(eventStore, {
          stream,
          decider: openingDecider(sheetKeys, roster),
          command,
          context,
        });
        return { id: feuilleId, revision: outcome.revision, position: outcome.position };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  };

  /**
   * An anonymous sheet's copies numbered, once (opened with its roster if need be): a block of the
   * session's anonymity numbers, shuffled over the sheet's candidates, so that a number says
   * nothing of the candidate, nor of the order of their candidate numbers.
   */
  const numbered = async (
    keys: Omit<SheetKeys, 'feuilleId'>,
    found: GradedEpreuve,
    context: CommandContext,
    rules?: GradeSettingsState,
  ): Promise<CommandAnswer | null> => {
    if (!isAnonymous(rules ?? (await gradeSettingsOf(eventStore, keys.sessionId)), found))
      return null;
    const feuilleId = gradeSheetId(keys.sessionId, keys.epreuveId, keys.siteId);
    const state = fold(
      gradeSheetDecider,
      (await eventStore.readStream(
        streamName(GRADE_SHEET_CATEGORY, feuilleId),
      )) as unknown as GradeSheetEvent[],
    );
    const candidates =
      state.status === 'present'
        ? [...state.candidats.entries()]
            .filter(([, c]) => c.numeroAnonymat === null)
            .map(([id]) => id)
        : (await sheetRoster(readStore, keys.sessionId, found, keys.siteId)).map(
            (c) => c.candidatureId,
          );
    if (
      candidates.length === 0 ||
      (state.status === 'present' && candidates.length < state.candidats.size)
    )
      return null;
    const first = await numbers.block(
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
  const dossiersOf = async (
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
          (await eventStore.readStream(
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
  const refKey = (ref: CopyRef) => ref.numeroAnonymat ?? ref.candidatureId ?? 'saisies';

  const settings = async (
    sessionId: string,
    command: GradeSettingsCommand,
    context: CommandContext,
  ) => {
    const outcome = await handleCommand(eventStore, {
      stream: streamName(GRADE_SETTINGS_CATEGORY, sessionId),
      decider: gradeSettingsDecider,
      command,
      context,
    });
    return { id: sessionId, revision: outcome.revision, position: outcome.position };
  };

  return {
    async openWindow(
      sessionId: string,
      fenetre: GradeWindow,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const current = await session(sessionId);
      return settings(
        sessionId,
        { type: 'OpenGradeWindow', data: { sessionId, fenetre, sessionStatut: current.statut } },
        context,
      );
    },
    async closeWindow(
      sessionId: string,
      fenetre: GradeWindow,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      await session(sessionId);
      return settings(
        sessionId,
        { type: 'CloseGradeWindow', data: { sessionId, fenetre } },
        context,
      );
    },
    async setAnonymity(
      sessionId: string,
      anonymat: boolean,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      await session(sessionId);
      return settings(
        sessionId,
        { type: 'SetGradeAnonymity', data: { sessionId, anonymat } },
        context,
      );
    },
    /** The link between copies and candidates lifted, for the deliberation (« Délibérer »). */
    async liftAnonymity(sessionId: string, context: CommandContext): Promise<CommandAnswer> {
      const current = await session(sessionId);
      return settings(
        sessionId,
        { type: 'LiftGradeAnonymity', data: { sessionId, sessionStatut: current.statut } },
        context,
      );
    },
    /** An anonymous sheet's copies numbered (before its grade sheets are printed). */
    async numberSheet(
      keys: Omit<SheetKeys, 'feuilleId'>,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      await grading(keys.sessionId);
      const found = await epreuve(keys.sessionId, keys.epreuveId);
      const rules = await gradeSettingsOf(eventStore, keys.sessionId);
      if (!isAnonymous(rules, found))
        throw new ConflictError(
          'Les copies de cette épreuve ne sont pas anonymes dans cette session : elles ne reçoivent pas de numéro d’anonymat.',
        );
      const feuilleId = gradeSheetId(keys.sessionId, keys.epreuveId, keys.siteId);
      const answer = await numbered(keys, found, context);
      if (answer) return answer;
      const last = await eventStore.readStream(streamName(GRADE_SHEET_CATEGORY, feuilleId));
      const event = last[last.length - 1];
      if (!event)
        throw new ValidationError('Aucun candidat affecté à ce site ne compose cette épreuve.', {
          siteId: 'Aucun candidat affecté à ce site ne compose cette épreuve.',
        });
      return { id: feuilleId, revision: event.revision, position: event.position };
    },
    async setDoubleEntry(
      sessionId: string,
      doubleSaisie: boolean,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      await session(sessionId);
      return settings(
        sessionId,
        { type: 'SetGradeEntryRule', data: { sessionId, doubleSaisie } },
        context,
      );
    },

    async recordPresences(
      input: Omit<SheetKeys, 'feuilleId'> & {
        presences: readonly { candidatureId: string; presence: Presence }[];
      },
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const { presences, ...keys } = input;
      await grading(keys.sessionId);
      try {
        return await onSheet(keys, { type: 'RecordPresences', data: { presences } }, context);
      } catch (error) {
        if (error instanceof MarkEntryError)
          throw refusal(
            error,
            presences.map((p) => p.candidatureId),
          );
        throw error;
      }
    },

    /** Marks typed in the grid: each one entry (first or second), while the import window is open. */
    async enterMarks(
      input: Omit<SheetKeys, 'feuilleId'> & {
        saisies: readonly (CopyRef & { note: unknown })[];
      },
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const { saisies, ...keys } = input;
      await grading(keys.sessionId);
      const found = await epreuve(keys.sessionId, keys.epreuveId);
      const refs = saisies.map(refKey);
      const parsed = saisies.map((saisie, i) => {
        const mark = parseMark(saisie.note, found.noteMax);
        if ('error' in mark) throw new ValidationError(mark.error, { [refs[i]!]: mark.error });
        return mark.note;
      });
      const rules = await openWindow(keys.sessionId, 'importation');
      // An anonymous sheet is numbered before its first mark: marks name its copies.
      await numbered(keys, found, context, rules);
      const ids = await dossiersOf(keys, saisies);
      const marks = ids.map((candidatureId, i) => ({ candidatureId, note: parsed[i]! }));
      try {
        return await onSheet(
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
    },

    /** A retained mark changed, with its reason, while the modification window is open. */
    async modifyMark(
      input: Omit<SheetKeys, 'feuilleId'> & CopyRef & { note: unknown; motif: string },
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const { candidatureId: id, numeroAnonymat, note, motif, ...keys } = input;
      await grading(keys.sessionId);
      const found = await epreuve(keys.sessionId, keys.epreuveId);
      const mark = parseMark(note, found.noteMax);
      if ('error' in mark) throw new ValidationError(mark.error, { note: mark.error });
      await openWindow(keys.sessionId, 'modification');
      const candidatureId = (await dossiersOf(keys, [{ candidatureId: id, numeroAnonymat }]))[0]!;
      // After the jury has closed, a change is a dispute's: the frozen result stays until the
      // candidate is deliberated again.
      const deliberated = await readStore.collection(resultsCollection).get(candidatureId);
      return onSheet(
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
    },

    /** Two differing entries settled, with a reason, while a grade window is open. */
    async resolveDiscrepancy(
      input: Omit<SheetKeys, 'feuilleId'> & CopyRef & { note: unknown; motif: string },
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const { candidatureId: id, numeroAnonymat, note, motif, ...keys } = input;
      await grading(keys.sessionId);
      const candidatureId = (await dossiersOf(keys, [{ candidatureId: id, numeroAnonymat }]))[0]!;
      const found = await epreuve(keys.sessionId, keys.epreuveId);
      const mark = parseMark(note, found.noteMax);
      if ('error' in mark) throw new ValidationError(mark.error, { note: mark.error });
      const rules = await gradeSettingsOf(eventStore, keys.sessionId);
      if (!rules.importation && !rules.modification)
        throw new ConflictError(
          'Aucune fenêtre de saisie des notes n’est ouverte pour cette session : l’écart ne peut pas être résolu maintenant.',
        );
      return onSheet(
        keys,
        { type: 'ResolveDiscrepancy', data: { candidatureId, note: mark.note, motif } },
        context,
        { epreuve: found },
      );
    },

    /**
     * A file of marks, all or nothing: the problems of every row (400), or every sheet's entries
     * written. One import of a session at a time in this process; each sheet is decided again at
     * its append (a change that lands in between is taken into account, not overwritten).
     */
    importMarks(
      sessionId: string,
      rows: readonly GradeImportRow[],
      fichier: string,
      context: CommandContext,
    ) {
      return inTurn(`notes/${sessionId}`, async () => {
        const current = await grading(sessionId);
        const rules = await openWindow(sessionId, 'importation');
        const epreuves = await epreuvesOfExamen(readStore, current.examenId);
        const byCode = new Map(epreuves.map((e) => [normalizeCode(e.code), e]));
        const candidates = await candidatesByNumber(
          readStore,
          sessionId,
          rows.map((r) => (r.values.numero_candidat ?? '').trim().toUpperCase()),
        );
        const copies = await copiesByNumber(
          readStore,
          sessionId,
          rows.map((r) => (r.values.numero_anonymat ?? '').trim()),
        );
        // The sheets the rows name, as stored or as they would open.
        const sheets = new Map<string, GradeSheet>();
        const wanted = new Map<string, SheetKeys & { epreuve: ImportEpreuve }>();
        for (const row of rows) {
          const copy = copies.get((row.values.numero_anonymat ?? '').trim());
          const candidate =
            copy ?? candidates.get((row.values.numero_candidat ?? '').trim().toUpperCase());
          const found = byCode.get(normalizeCode(row.values.code_epreuve ?? ''));
          if (!candidate || !found) continue;
          const feuilleId = gradeSheetId(sessionId, found.id, candidate.siteId);
          if (!wanted.has(feuilleId))
            wanted.set(feuilleId, {
              feuilleId,
              sessionId,
              epreuveId: found.id,
              siteId: candidate.siteId,
              epreuve: found,
            });
        }
        await Promise.all(
          chunks([...wanted.values()], 8).map(async (group) => {
            for (const { epreuve: found, ...keys } of group) {
              const events = await eventStore.readStream(
                streamName(GRADE_SHEET_CATEGORY, keys.feuilleId),
              );
              const state =
                events.length > 0
                  ? fold(gradeSheetDecider, events as unknown as GradeSheetEvent[])
                  : evolveGradeSheet(
                      { status: 'absent' },
                      {
                        type: 'GradeSheetOpened',
                        data: {
                          ...keys,
                          candidats: await sheetRoster(readStore, sessionId, found, keys.siteId),
                        },
                      },
                    );
              sheets.set(keys.feuilleId, state);
            }
          }),
        );
        const importation = { id: context.commandId, fichier };
        const plan = planGradeImport(rows, {
          sessionId,
          candidate: (numero) => candidates.get(numero),
          copy: (numero) => copies.get(numero),
          anonymous: (found) => isAnonymous(rules, found as GradedEpreuve),
          epreuve: (code) => byCode.get(code),
          sheet: (keys) => sheets.get(keys.feuilleId) ?? { status: 'absent' },
          parId: context.actor.id,
          doubleSaisie: rules.doubleSaisie,
          importation,
        });
        if (plan.problems.length > 0) return { problems: plan.problems } as const;
        let position = '0';
        const written = plan.sheets.filter((s) => s.event !== null);
        await Promise.all(
          chunks(written, 8).map(async (group) => {
            for (const { keys, event } of group) {
              const answer = await onSheet(
                keys,
                {
                  type: 'EnterMarks',
                  data: {
                    source: 'importation',
                    importation,
                    parId: context.actor.id,
                    doubleSaisie: rules.doubleSaisie,
                    marks: event!.data.saisies.map((s) => ({
                      candidatureId: s.candidatureId,
                      note: s.note,
                    })),
                  },
                },
                // One command per sheet: a retried import finds each sheet's entries done.
                { ...context, commandId: `${context.commandId}/${keys.feuilleId}` },
                { epreuve: wanted.get(keys.feuilleId)!.epreuve },
              );
              if (BigInt(answer.position) > BigInt(position)) position = answer.position;
            }
          }),
        );
        return {
          problems: null,
          id: context.commandId,
          revision: 0,
          position,
          lignes: rows.length,
          saisies: plan.saisies,
          feuilles: written.length,
        } as const;
      });
    },
  };
};

const chunks = <T>(items: readonly T[], count: number): T[][] => {
  const groups: T[][] = Array.from({ length: count }, () => []);
  items.forEach((item, i) => groups[i % count]!.push(item));
  return groups.filter((g) => g.length > 0);
};

/** The anonymous copies of a session named by these anonymity numbers (from the marks' list). */
export const copiesByNumber = async (
  readStore: ReadStore,
  sessionId: string,
  numbers: readonly string[],
): Promise<Map<string, ImportCandidate & { epreuveId: string }>> => {
  const wanted = [...new Set(numbers.filter((n) => n !== ''))];
  const found = new Map<string, ImportCandidate & { epreuveId: string }>();
  const collection = readStore.collection<MarkDocument>(marksCollection);
  for (let i = 0; i < wanted.length; i += 500) {
    const { items } = await collection.list({
      filter: { sessionId, numeroAnonymat: { $in: wanted.slice(i, i + 500) } },
      limit: 1000,
    });
    for (const doc of items)
      if (doc.numeroAnonymat)
        found.set(doc.numeroAnonymat, {
          candidatureId: doc.candidatureId,
          numeroCandidat: doc.numeroCandidat,
          siteId: doc.siteId,
          metierId: doc.metierId,
          epreuveId: doc.epreuveId,
        });
  }
  return found;
};

/** The session's allocated candidates named by these numbers. */
export const candidatesByNumber = async (
  readStore: ReadStore,
  sessionId: string,
  numbers: readonly string[],
): Promise<Map<string, ImportCandidate>> => {
  const wanted = [...new Set(numbers.filter((n) => n !== ''))];
  const found = new Map<string, ImportCandidate>();
  const collection = readStore.collection<CandidatureDocument>(candidaturesCollection);
  for (let i = 0; i < wanted.length; i += 500) {
    const { items } = await collection.list({
      filter: { sessionId, statut: 'affecte', numeroCandidat: { $in: wanted.slice(i, i + 500) } },
      limit: 500,
    });
    for (const doc of items)
      if (doc.numeroCandidat && doc.siteId)
        found.set(doc.numeroCandidat.toUpperCase(), {
          candidatureId: doc.id,
          numeroCandidat: doc.numeroCandidat,
          siteId: doc.siteId,
          metierId: doc.metierId,
        });
  }
  return found;
};

/** One line of a grade sheet: a candidate number, and « Absent » where the presences say so. */
export interface GradeSheetLine {
  /** The candidate's number, or on an anonymous sheet the copy's anonymity number. */
  readonly numeroCandidat: string;
  readonly numeroTable: string;
  readonly absent: boolean;
  readonly site: string;
}

/**
 * The grade sheets of an épreuve for a target (one site, or the sites of a centre d'examen or
 * département): each site's candidates composing it, in candidate-number order, absents marked
 * where the presences were recorded; the épreuve named with its scale.
 */
export const gradeSheetsSource = async (
  readStore: ReadStore,
  cible: Omit<DocumentTarget, 'libelle'> & { epreuveId: string },
) => {
  const epreuve = await readStore
    .collection<Doc>(listCollection(referenceList('epreuves')!))
    .get(cible.epreuveId);
  if (!epreuve) throw new Error('épreuve introuvable');
  const found = epreuveOf(epreuve);
  const rules = await readStore
    .collection<GradeSettingsDocument>(gradeSettingsCollection)
    .get(cible.sessionId);
  const anonyme = isAnonymous(
    { anonymat: rules?.anonymat ?? false, anonymatLeve: rules?.anonymatLeve ?? false },
    found,
  );
  const { chosen, heading } = await targetSites(readStore, cible);
  const session = await readStore.collection<Doc>(sessionsCollection).get(cible.sessionId);
  const rosters = await Promise.all(
    chosen.map(async (site) => {
      const roster = await sheetRoster(readStore, cible.sessionId, found, site.id);
      const marks = await readStore.collection<MarkDocument>(marksCollection).list({
        filter: { feuilleId: gradeSheetId(cible.sessionId, found.id, site.id) },
        limit: 10_000,
      });
      const absent = new Set(
        marks.items.filter((m) => m.presence === 'absent').map((m) => m.candidatureId),
      );
      if (anonyme) {
        // The copies by anonymity number, in that order: nothing ties them to the candidates.
        const copies = marks.items.filter((m) => m.numeroAnonymat);
        if (copies.length < roster.length)
          throw new Error(
            `Les copies de « ${found.code} » sont anonymes : leurs numéros d’anonymat ne sont pas encore attribués au site « ${String(site.libelle ?? '')} ».`,
          );
        return copies
          .sort((a, b) => a.numeroAnonymat!.localeCompare(b.numeroAnonymat!))
          .map((m): GradeSheetLine => ({
            numeroCandidat: m.numeroAnonymat!,
            numeroTable: '',
            absent: absent.has(m.candidatureId),
            site: `${heading(site)} — ${found.code} ${found.libelle}`,
          }));
      }
      const tables = new Map(
        (
          await readStore
            .collection<CandidatureDocument>(candidaturesCollection)
            .getMany(roster.map((c) => c.candidatureId))
        ).map((d) => [d.id, d.numeroTable]),
      );
      return roster.map((c): GradeSheetLine => ({
        numeroCandidat: c.numeroCandidat,
        numeroTable: String(tables.get(c.candidatureId) ?? ''),
        absent: absent.has(c.candidatureId),
        site: `${heading(site)} — ${found.code} ${found.libelle}`,
      }));
    }),
  );
  return {
    session: String(session?.libelle ?? ''),
    epreuve: found,
    anonyme,
    total: rosters.reduce((sum, r) => sum + r.length, 0),
    async *rows(): AsyncGenerator<GradeSheetLine> {
      for (const roster of rosters) yield* roster;
    },
  };
};
