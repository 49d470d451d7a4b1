/**
 * The deliberation of a jury: what the jury deliberates is read here — its
 * candidates (allocated, in its centres d'examen and métiers), the examen's marks out of 20, the
 * épreuves' coefficients and note max, and each candidate's presences and retained marks from the
 * grade sheets' own streams (never a read model that could lag behind) — and decided by the
 * domain's deliberation decider, one stream per jury. The same reading serves the provisional
 * results shown before closing.
 */
import {
  candidaturesCollection,
  ConflictError,
  DELIBERATION_CATEGORY,
  deliberationDecider,
  computeResult,
  fold,
  GRADE_SHEET_CATEGORY,
  gradeSheetId,
  JURYS,
  JURY_DELIBERATED,
  listItemDecider,
  type ListItemEvent,
  listCollection,
  NotFoundError,
  referenceList,
  sheetMarks,
  streamName,
  type CandidateComputation,
  type CandidatureDocument,
  type CommandContext,
  type DeliberationCommand,
  type DeliberationEpreuve,
  type DeliberationEvent,
  type DeliberationRules,
  type DeliberationState,
  type EpreuveMark,
  type GradeSheetEvent,
  type OverrideResult,
  type ReadModelDocument,
} from '@examens-pro/domain';
import {
  handleCommand,
  retryOnConflict,
  type CommandAnswer,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';
import { readAllItems } from '../allocation/examLists.js';
import { gradeSettingsOf, sessionState } from '../grades/grades.js';

type Doc = ReadModelDocument & Record<string, unknown>;

export const JURY_NOT_FOUND = 'Ce jury est introuvable.';

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** An épreuve of the examen, with the métier it is for (null: every métier). */
export interface JuryEpreuve extends DeliberationEpreuve {
  readonly metierId: string | null;
  readonly actif: boolean;
}

export interface JuryDeliberation {
  readonly jury: { id: string; libelle: string; sessionId: string };
  readonly session: { id: string; statut: string; examenId: string };
  readonly reference: { numeroArrete: string; dateArrete: string } | null;
  readonly rules: DeliberationRules;
  /** The épreuves deliberated (those of the examen that are active or have a sheet). */
  readonly epreuves: readonly JuryEpreuve[];
  readonly candidats: CandidateComputation[];
  /** Whether the written épreuves' copies are still anonymous (the link not lifted). */
  readonly anonyme: boolean;
  /** The jury's stream, folded. */
  readonly state: DeliberationState;
  readonly revision: number;
}

/** The épreuves a candidate of `metierId` composes. */
export const epreuvesFor = (epreuves: readonly JuryEpreuve[], metierId: string) =>
  epreuves.filter((e) => e.metierId === null || e.metierId === metierId);

/**
 * Everything a jury deliberates, read now. `only`: just these candidates (an override, a
 * re-deliberation) — their épreuves' sheets only are read.
 */
export const readJuryDeliberation = async (
  eventStore: EventStore,
  readStore: ReadStore,
  juryId: string,
  only?: readonly string[],
): Promise<JuryDeliberation> => {
  const jury = await readStore.collection<Doc>(listCollection(JURYS)).get(juryId);
  if (!jury) throw new NotFoundError(JURY_NOT_FOUND);
  const sessionId = text(jury.sessionId);
  const session = await sessionState(eventStore, sessionId);
  const [examen, epreuveDocs, sites, centresDepot, departements, settings, recorded] =
    await Promise.all([
      readStore.collection<Doc>(listCollection(referenceList('examens')!)).get(session.examenId),
      readStore.collection<Doc>(listCollection(referenceList('epreuves')!)).list({
        filter: { examenId: session.examenId },
        sort: [{ field: 'code', order: 'ASC' }],
        limit: 500,
      }),
      readAllItems(readStore, 'sites-composition'),
      readAllItems(readStore, 'centres-depot'),
      readAllItems(readStore, 'departements'),
      gradeSettingsOf(eventStore, sessionId),
      eventStore.readStream(streamName(DELIBERATION_CATEGORY, juryId)),
    ]);
  const rules: DeliberationRules = {
    noteDePassage: typeof examen?.noteDePassage === 'number' ? examen.noteDePassage : 10,
    noteEliminatoire: typeof examen?.noteEliminatoire === 'number' ? examen.noteEliminatoire : null,
  };
  const centres = new Set(ids(jury.centreExamenIds));
  const metiers = ids(jury.metierIds);
  const juriesSites = sites.filter((s) => centres.has(text(s.centreExamenId)));
  const centreOfSite = new Map(juriesSites.map((s) => [s.id, text(s.centreExamenId)]));
  const departementOfCentre = new Map(centresDepot.map((c) => [c.id, text(c.departementId)]));
  const zoneOfDepartement = new Map(departements.map((d) => [d.id, text(d.zoneId)]));

  const dossiers: CandidatureDocument[] = [];
  if (juriesSites.length > 0 && metiers.length > 0)
    for await (const doc of readStore
      .collection<CandidatureDocument>(candidaturesCollection)
      .stream({
        filter: {
          sessionId,
          statut: 'affecte',
          siteId: { $in: juriesSites.map((s) => s.id) },
          metierId: { $in: metiers },
          ...(only ? { id: { $in: [...only] } } : {}),
        },
        sort: [{ field: 'numeroCandidat', order: 'ASC' }],
        // One query: a jury's candidates are read whole (paging by offset would scan them again
        // for every page).
        batchSize: 100_000,
      }))
      dossiers.push(doc);

  const allEpreuves: JuryEpreuve[] = epreuveDocs.items.map((e) => ({
    id: e.id,
    code: text(e.code),
    libelle: text(e.libelle),
    coefficient: typeof e.coefficient === 'number' ? e.coefficient : 1,
    noteMax: typeof e.noteMax === 'number' ? e.noteMax : 20,
    eliminatoire: e.eliminatoire === true,
    metierId: text(e.metierId) || null,
    actif: e.actif !== false,
  }));
  // Each sheet a candidate of the jury composes on: read once, folded.
  const marks = new Map<string, Record<string, EpreuveMark>>();
  const sheetsRead = new Set<string>();
  const withSheet = new Set<string>();
  for (const epreuve of allEpreuves) {
    const siteIds = [
      ...new Set(
        dossiers
          .filter((d) => epreuve.metierId === null || d.metierId === epreuve.metierId)
          .map((d) => d.siteId!),
      ),
    ];
    for (const siteId of siteIds) {
      const feuilleId = gradeSheetId(sessionId, epreuve.id, siteId);
      if (sheetsRead.has(feuilleId)) continue;
      sheetsRead.add(feuilleId);
      const sheet = sheetMarks(
        (await eventStore.readStream(
          streamName(GRADE_SHEET_CATEGORY, feuilleId),
        )) as unknown as GradeSheetEvent[],
      );
      if (!sheet) continue;
      withSheet.add(epreuve.id);
      for (const [candidatureId, mark] of sheet) {
        let own = marks.get(candidatureId);
        if (!own) marks.set(candidatureId, (own = {}));
        own[epreuve.id] = mark;
      }
    }
  }
  const epreuves = allEpreuves.filter((e) => e.actif || withSheet.has(e.id));
  // The épreuves of each métier, filtered once (not once per candidate).
  const epreuvesOf = new Map<string, readonly JuryEpreuve[]>();
  const candidats: CandidateComputation[] = dossiers.map((d) => {
    const departementId = departementOfCentre.get(d.centreDepotId) ?? '';
    let own = epreuvesOf.get(d.metierId);
    if (!own) epreuvesOf.set(d.metierId, (own = epreuvesFor(epreuves, d.metierId)));
    return {
      candidatureId: d.id,
      numeroDossier: d.numeroDossier,
      numeroCandidat: d.numeroCandidat ?? '',
      nom: text(d.nom),
      prenoms: text(d.prenoms),
      sexe: text(d.sexe),
      dateNaissance: text(d.dateNaissance),
      lieuNaissance: text(d.lieuNaissance),
      categorie: text(d.categorie),
      handicapId: text(d.handicapId) || null,
      metierId: d.metierId,
      centreDepotId: d.centreDepotId,
      siteId: d.siteId ?? '',
      centreExamenId: centreOfSite.get(d.siteId ?? '') ?? '',
      departementId,
      zoneId: zoneOfDepartement.get(departementId) ?? '',
      computation: computeResult(own, marks.get(d.id) ?? {}, rules),
    };
  });
  const reference =
    session.reference?.numeroArrete && session.reference.dateArrete
      ? { numeroArrete: session.reference.numeroArrete, dateArrete: session.reference.dateArrete }
      : null;
  return {
    jury: { id: jury.id, libelle: text(jury.libelle), sessionId },
    session: { id: sessionId, statut: session.statut, examenId: session.examenId },
    reference,
    rules,
    epreuves,
    candidats,
    anonyme: settings.anonymat && !settings.anonymatLeve,
    state: fold(deliberationDecider, recorded as unknown as DeliberationEvent[]),
    revision: recorded.length > 0 ? recorded[recorded.length - 1]!.revision : -1,
  };
};

const ANONYMOUS =
  'Les copies des épreuves écrites sont encore anonymes : levez l’anonymat (« Configuration des notes ») pour délibérer.';

export const deliberationCommands = (eventStore: EventStore, readStore: ReadStore) => {
  /** Reads, decides and appends at the revision read; read again when the jury's stream moved. */
  const decided = async (
    juryId: string,
    only: readonly string[] | undefined,
    command: (read: JuryDeliberation) => DeliberationCommand,
    context: CommandContext,
  ): Promise<CommandAnswer> => {
    return retryOnConflict(async () => {
      const read = await readJuryDeliberation(eventStore, readStore, juryId, only);
      if (read.anonyme) throw new ConflictError(ANONYMOUS);
      const outcome = await handleCommand(eventStore, {
        stream: streamName(DELIBERATION_CATEGORY, juryId),
        decider: deliberationDecider,
        command: command(read),
        context,
        expectedRevision: read.revision,
      });
      return { id: juryId, revision: outcome.revision, position: outcome.position };
    });
  };

  const candidateOf = (read: JuryDeliberation, candidatureId: string) => {
    const found = read.candidats.find((c) => c.candidatureId === candidatureId);
    if (!found) throw new NotFoundError('Ce candidat n’est pas un candidat de ce jury.');
    return found;
  };

  const keys = (read: JuryDeliberation) => ({
    juryId: read.jury.id,
    sessionId: read.jury.sessionId,
  });

  return {
    /** The jury's decision over a candidate's computed result (a « rachat »…), with its reason. */
    setOverride: (
      juryId: string,
      input: { candidatureId: string; resultat: OverrideResult; motif: string },
      context: CommandContext,
    ) =>
      decided(
        juryId,
        [input.candidatureId],
        (read) => ({
          type: 'SetOverride',
          data: {
            ...keys(read),
            candidat: candidateOf(read, input.candidatureId),
            resultat: input.resultat,
            motif: input.motif,
          },
        }),
        context,
      ),

    removeOverride: (
      juryId: string,
      input: { candidatureId: string; motif: string },
      context: CommandContext,
    ) =>
      decided(
        juryId,
        [input.candidatureId],
        (read) => ({
          type: 'RemoveOverride',
          data: {
            ...keys(read),
            candidatureId: input.candidatureId,
            numeroCandidat: candidateOf(read, input.candidatureId).numeroCandidat,
            motif: input.motif,
          },
        }),
        context,
      ),

    /**
     * Closing with the session's reference: every candidate's result frozen. The jury is then
     * marked as having deliberated (it can no longer be deleted).
     */
    async close(juryId: string, context: CommandContext): Promise<CommandAnswer> {
      const answer = await decided(
        juryId,
        undefined,
        (read) => ({
          type: 'CloseDeliberation',
          data: {
            ...keys(read),
            sessionStatut: read.session.statut,
            reference: read.reference,
            candidats: read.candidats,
          },
        }),
        context,
      );
      const stream = streamName(JURYS.name, juryId);
      const jury = fold(
        listItemDecider,
        (await eventStore.readStream(stream)) as unknown as ListItemEvent[],
      );
      if (
        (jury.status === 'actif' || jury.status === 'inactif') &&
        jury.values[JURY_DELIBERATED] !== true
      ) {
        const { list, id: itemId, code, libelle, values } = jury;
        const marked = await handleCommand(eventStore, {
          stream,
          decider: listItemDecider,
          command: {
            type: 'ModifyListItem',
            data: { list, itemId, code, libelle, values: { ...values, [JURY_DELIBERATED]: true } },
          },
          context,
          // The closing's events took the first ids of this command.
          eventIdOffset: 10_000,
        });
        return { ...answer, position: marked.position };
      }
      return answer;
    },

    /** A closed result decided again from the marks and identity of now, with the reason. */
    redeliberate: (
      juryId: string,
      input: {
        candidatureId: string;
        motif: string;
        derogation: { resultat: OverrideResult; motif: string } | null;
      },
      context: CommandContext,
    ) =>
      decided(
        juryId,
        [input.candidatureId],
        (read) => ({
          type: 'Redeliberate',
          data: {
            ...keys(read),
            candidat: candidateOf(read, input.candidatureId),
            motif: input.motif,
            derogation: input.derogation,
          },
        }),
        context,
      ),
  };
};

export type DeliberationCommands = ReturnType<typeof deliberationCommands>;
