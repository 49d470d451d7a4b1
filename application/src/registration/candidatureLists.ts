import {
  ALREADY_IN_SESSION,
  candidatureDecider,
  ConflictError,
  DomainError,
  dossierNumber,
  DuplicateError,
  fold,
  personReservation,
  REGISTRATION_CLOSED,
  ValidationError,
  yearsBefore,
  type AppliedRow,
  type CandidatureCommand,
  type CandidatureEvent,
  type CommandContext,
  type PersonListTarget,
  type RecordedEvent,
  type RegistrationFacts,
} from '@examens-pro/domain';
import { releaseUniqueValue, reserveUniqueValue, toEnvelopes } from '@examens-pro/platform';
import { WrongExpectedRevisionError } from '@examens-pro/platform';
import { checkDossier } from './candidatureChecks.js';
import {
  formatDay,
  invalid,
  itemHoldingKey,
  owner,
  quotaStream,
  sessionFacts,
  sessionFee,
  sessionPieces,
  type CandidatureDeps,
} from './candidatureDeps.js';

/** What became of one row of a list of agents. */
export interface ListRowOutcome {
  readonly ligne: number;
  readonly statut: 'soumis' | 'brouillon' | 'ignoree';
  readonly motif?: string;
}
/** A list's dossier beyond the métier's quota: created, not submitted. */
export const QUOTA_REACHED_DRAFT =
  'Le quota de ce métier est atteint pour cette session : le dossier reste à l’état « Brouillon ».';

/** A row of a list's chunk, with the id and the command id of its dossier. */
type ChunkRow = AppliedRow & { readonly id: string; readonly commandId: string };

/** A list's rows grouped by niveau and langue: each group's dossier rules are checked once. */
const groupKey = (row: AppliedRow) => `${row.values.niveauId ?? ''}|${row.values.langueId ?? ''}`;
/**
 * The dossier rules of a list's rows, once per niveau and langue: the session, the métier opened
 * in it and the centre (their failure is thrown: it concerns every row), then the references and
 * the level the métier requires (answered per group: the field and the message).
 */
const listGroups = async (
  deps: CandidatureDeps,
  target: PersonListTarget,
  rows: readonly AppliedRow[],
  debutComposition: string,
) => {
  const groups = new Map<string, { field: string; message: string } | null>();
  for (const row of rows) {
    const key = groupKey(row);
    if (groups.has(key)) continue;
    try {
      await checkDossier(
        deps,
        { ...target, values: { ...row.values, dateNaissance: null } },
        debutComposition,
        null,
      );
      groups.set(key, null);
    } catch (error) {
      const field = error instanceof ValidationError ? Object.keys(error.fields)[0] : undefined;
      if (field !== 'niveauId' && field !== 'langueId') throw error;
      groups.set(key, { field, message: (error as Error).message });
    }
  }
  return groups;
};
/** The minimum age at the first day of composition (paramètres d'édition), or undefined. */
const tooYoung = (row: AppliedRow, debutComposition: string, ageMinimum: unknown) => {
  const born = row.values.dateNaissance;
  if (typeof ageMinimum !== 'number' || typeof born !== 'string') return undefined;
  return born > yearsBefore(debutComposition, ageMinimum)
    ? `Le candidat doit avoir au moins ${ageMinimum} ans le ${formatDay(debutComposition)}, premier jour de composition.`
    : undefined;
};
/**
 * Places of the métier's quota for a list's chunk, in one event (`QuotaPlacesTaken`): as many
 * as remain, up to one per dossier; answers how many were taken. Same stream and same rule as
 * single submissions (appended at the revision read: never above the quota).
 */
const takeListPlaces = async (
  { eventStore, quotaSeen }: CandidatureDeps,
  stream: string,
  candidatureIds: readonly string[],
  quota: number,
  context: CommandContext,
): Promise<number> => {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const known = quotaSeen.get(stream) ?? { revision: -1, held: 0 };
    const newer = await eventStore.readStream(stream, { fromRevision: known.revision + 1 });
    const last = newer[newer.length - 1];
    const revision = last ? last.revision : known.revision;
    const held = last ? (last.data as { held: number }).held : known.held;
    const count = Math.max(0, Math.min(candidatureIds.length, quota - held));
    quotaSeen.set(stream, { revision, held });
    if (count === 0) return 0;
    try {
      const result = await eventStore.appendToStream(
        stream,
        toEnvelopes(
          [
            {
              type: 'QuotaPlacesTaken',
              data: { candidatureIds: candidatureIds.slice(0, count), held: held + count },
            },
          ],
          { ...context, commandId: `${context.commandId}/quota/${revision + 1}` },
        ),
        { expectedRevision: revision === -1 ? 'no_stream' : revision },
      );
      quotaSeen.set(stream, { revision: result.nextRevision, held: held + count });
      return count;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  throw new Error(`Quota : trop de soumissions simultanées (${stream}).`);
};

/**
 * A list of agents (seed §5) before it is accepted: the session open for registration with its
 * dossier prefix, the métier opened in it, the centre active (thrown, French 400), then each
 * row's niveau (the level the métier requires, active references) and the minimum age at
 * composition, answered as offending rows.
 */
export const checkCandidatureList = async (
  deps: CandidatureDeps,
  target: PersonListTarget,
  rows: readonly AppliedRow[],
  now: string,
): Promise<{ ligne: number; colonne: string; message: string }[]> => {
  const { session, parametres, facts } = await sessionFacts(deps, target.sessionId, now);
  const prefix = parametres?.status === 'actif' ? parametres.values.prefixeDossier : undefined;
  if (typeof prefix !== 'string' || prefix === '')
    throw invalid(
      'sessionId',
      'Les paramètres d’édition de cette session (préfixe des numéros de dossier) ne sont pas encore définis.',
    );
  if (!facts.registrationOpen)
    throw invalid('sessionId', 'Les inscriptions de cette session ne sont pas ouvertes.');
  const problems: { ligne: number; colonne: string; message: string }[] = [];
  const groups = await listGroups(deps, target, rows, session.debutComposition);
  for (const row of rows) {
    const refused = groups.get(groupKey(row));
    if (refused)
      problems.push({
        ligne: row.ligne,
        colonne: refused.field === 'langueId' ? 'langue' : 'niveau',
        message: refused.message,
      });
    else {
      const young = tooYoung(row, session.debutComposition, parametres?.values.ageMinimum);
      if (young) problems.push({ ligne: row.ligne, colonne: 'date_naissance', message: young });
    }
  }
  return problems;
};

/** A list's dossier already stored (a chunk handled again): submitted, or a brouillon. */
const storedOutcome = (row: AppliedRow, events: readonly RecordedEvent[]): ListRowOutcome => {
  const state = fold(candidatureDecider, events as unknown as CandidatureEvent[]);
  return state.status === 'present' && state.statut === 'brouillon'
    ? { ligne: row.ligne, statut: 'brouillon', motif: QUOTA_REACHED_DRAFT }
    : { ligne: row.ligne, statut: 'soumis' };
};

/**
 * What a list's chunk needs from its session, read once: the facts, the dossier prefix, the first
 * day of composition, the minimum age, the examen. Registration closed or no prefix: a
 * ConflictError, for every row of the chunk.
 */
const chunkSession = async (deps: CandidatureDeps, sessionId: string, now: string) => {
  const read = await sessionFacts(deps, sessionId, now);
  const facts: RegistrationFacts = read.facts;
  const prefix: unknown =
    read.parametres?.status === 'actif' ? read.parametres.values.prefixeDossier : '';
  const debutComposition = read.session.debutComposition;
  const ageMinimum: unknown = read.parametres?.values.ageMinimum;
  const examenId = read.session.examenId;
  if (!facts.registrationOpen) throw new ConflictError(REGISTRATION_CLOSED);
  if (typeof prefix !== 'string' || prefix === '')
    throw new ConflictError(
      'Les paramètres d’édition de cette session (préfixe des numéros de dossier) ne sont pas définis.',
    );
  return { facts, prefix, debutComposition, ageMinimum, examenId };
};

/** The persons of a chunk's rows reserved in the session; one already registered is `taken`. */
const reserveChunkPersons = async (
  { eventStore }: CandidatureDeps,
  target: PersonListTarget,
  candidates: readonly ChunkRow[],
  contextOf: (row: ChunkRow) => CommandContext,
  taken: (row: ChunkRow) => void,
): Promise<ChunkRow[]> => {
  const reserved: ChunkRow[] = [];
  await Promise.all(
    candidates.map(async (row) => {
      try {
        await reserveUniqueValue(
          eventStore,
          personReservation(target.sessionId, row.values),
          owner(row.id),
          contextOf(row),
        );
        reserved.push(row);
      } catch (error) {
        if (!(error instanceof DuplicateError)) throw error;
        taken(row);
      }
    }),
  );
  return reserved;
};

/** How many of a chunk's dossiers get a place of the métier's quota (all, without a quota). */
const chunkPlaces = async (
  deps: CandidatureDeps,
  target: PersonListTarget,
  reserved: readonly ChunkRow[],
  context: CommandContext,
) => {
  const opened = await itemHoldingKey(
    deps.eventStore,
    'metiers-ouverts',
    'sessionId+metierId',
    `${target.sessionId}+${target.metierId}`,
  );
  const quota = typeof opened?.values.quota === 'number' ? opened.values.quota : undefined;
  return quota === undefined
    ? reserved.length
    : await takeListPlaces(
        deps,
        quotaStream(target.sessionId, target.metierId),
        reserved.map((row) => row.id),
        quota,
        context,
      );
};

/** A list's dossier created, then submitted when it has a place: the events of one append. */
const chunkDossierEvents = (
  create: Extract<CandidatureCommand, { type: 'CreateCandidature' }>,
  facts: RegistrationFacts,
  submitted: boolean,
): CandidatureEvent[] => {
  const created = candidatureDecider.decide(create, candidatureDecider.initialState());
  const events: CandidatureEvent[] = [...created];
  if (submitted) {
    const state = created.reduce(candidatureDecider.evolve, candidatureDecider.initialState());
    events.push(
      ...candidatureDecider.decide(
        { type: 'SubmitCandidature', data: { candidatureId: create.data.candidatureId, facts } },
        state,
      ),
    );
  }
  return events;
};

/**
 * Creates a chunk of a list's dossiers (the lists' reactor): each row a dossier of its own id and
 * command id (a chunk handled again answers what exists and creates nothing twice), catégorie
 * agent, created then submitted in one append. The session's facts are read once per chunk; the
 * persons are reserved row by row (one is already registered: the row is skipped); the dossier
 * numbers are taken in one block and the quota's places in one step. A row beyond the métier's
 * quota stays a brouillon (submitted later by hand when a place frees). Appends made together
 * share one commit.
 */
export const createListCandidatures = async (
  deps: CandidatureDeps,
  target: PersonListTarget,
  rows: readonly ChunkRow[],
  base: Omit<CommandContext, 'commandId'> & { readonly causationId: string },
): Promise<ListRowOutcome[]> => {
  const { eventStore, takeNumber } = deps;
  const outcomes = new Map<number, ListRowOutcome>();
  const skip = (row: AppliedRow, motif: string) =>
    outcomes.set(row.ligne, { ligne: row.ligne, statut: 'ignoree', motif });
  const contextOf = (row: { commandId: string }): CommandContext => ({
    ...base,
    commandId: row.commandId,
  });
  const asStored = (row: AppliedRow, events: readonly RecordedEvent[]) =>
    outcomes.set(row.ligne, storedOutcome(row, events));
  // Already created: a chunk handled again after a crash.
  const fresh: ChunkRow[] = [];
  for (const row of rows) {
    const events = await eventStore.readStream(owner(row.id));
    if (events.length > 0) asStored(row, events);
    else fresh.push(row);
  }
  if (fresh.length === 0) return rows.map((row) => outcomes.get(row.ligne)!);
  let settings: Awaited<ReturnType<typeof chunkSession>>;
  try {
    settings = await chunkSession(deps, target.sessionId, base.now);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    for (const row of fresh) skip(row, error.message);
    return rows.map((row) => outcomes.get(row.ligne)!);
  }
  const { facts, prefix, debutComposition, ageMinimum, examenId } = settings;
  const groups = await listGroups(deps, target, fresh, debutComposition);
  const candidates = fresh.filter((row) => {
    const refused =
      groups.get(groupKey(row))?.message ?? tooYoung(row, debutComposition, ageMinimum);
    if (refused) skip(row, refused);
    return !refused;
  });
  const reserved = await reserveChunkPersons(deps, target, candidates, contextOf, (row) =>
    skip(row, ALREADY_IN_SESSION),
  );
  if (reserved.length === 0) return rows.map((row) => outcomes.get(row.ligne)!);
  reserved.sort((a, b) => a.ligne - b.ligne);
  const chunkContext = { ...base, commandId: `${base.causationId}/dossiers` };
  const first = await takeNumber.block(
    target.sessionId,
    reserved.map((row) => row.id),
    chunkContext,
  );
  const piecesDemandees = await sessionPieces(deps, examenId);
  const montantDu = (await sessionFee(deps, target.sessionId))?.montant ?? null;
  const places = await chunkPlaces(deps, target, reserved, chunkContext);
  await Promise.all(
    reserved.map(async (row, i) => {
      const events = chunkDossierEvents(
        {
          type: 'CreateCandidature',
          data: {
            candidatureId: row.id,
            numeroDossier: dossierNumber(prefix, first + i),
            ...target,
            values: row.values,
            facts,
            piecesDemandees,
            montantDu,
          },
        },
        facts,
        i < places,
      );
      try {
        await eventStore.appendToStream(owner(row.id), toEnvelopes(events, contextOf(row)), {
          expectedRevision: 'no_stream',
        });
        outcomes.set(
          row.ligne,
          i < places
            ? { ligne: row.ligne, statut: 'soumis' }
            : { ligne: row.ligne, statut: 'brouillon', motif: QUOTA_REACHED_DRAFT },
        );
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) {
          asStored(row, await eventStore.readStream(owner(row.id)));
          return;
        }
        await releaseUniqueValue(
          eventStore,
          personReservation(target.sessionId, row.values),
          owner(row.id),
          contextOf(row),
        );
        throw error;
      }
    }),
  );
  return rows.map((row) => outcomes.get(row.ligne)!);
};
