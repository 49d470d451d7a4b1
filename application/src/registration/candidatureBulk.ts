/**
 * Actions in bulk on dossiers (issue #32): each dossier decided alone, by the same handler as by
 * hand (its own events, the caller as actor, its own revision); a refusal is its outcome, never
 * the end of the run. Up to `BULK_DIRECT_MAX` dossiers the run is done at once; beyond, it is
 * recorded in chunks that the reactor applies, its progress kept on the run.
 */
import {
  BULK_CATEGORY,
  BULK_CHUNK_SIZE,
  BULK_DIRECT_MAX,
  BULK_MAX,
  bulkEvents,
  bulkPaymentReference,
  candidateName,
  candidatureDecider,
  candidaturesCollection,
  CANDIDATURE_NOT_FOUND,
  CONCURRENT_CHANGE_MESSAGE,
  fold,
  isDomainError,
  streamName,
  ValidationError,
  type BulkAccepted,
  type BulkChunk,
  type BulkChunkApplied,
  type BulkFilter,
  type BulkOutcome,
  type BulkParameters,
  type BulkRequest,
  type CandidatureEvent,
  type CommandContext,
  type ReadModelDocument,
  type RecordedEvent,
} from '@examens-pro/domain';
import {
  newItemId,
  toEnvelopes,
  WrongExpectedRevisionError,
  type EventStore,
  type Filter,
  type FieldOperators,
  type Projection,
  type ReadStore,
} from '@examens-pro/platform';
import { requestDocument } from '../documents/requestDocument.js';
import { candidatureDeps, checkMotif, owner, type CandidatureDeps } from './candidatureDeps.js';
import { recordCandidaturePayment } from './candidaturePayments.js';
import { candidatureStep } from './candidatureSteps.js';

/** Dossiers of a chunk decided at the same time (each on its own stream). */
const CONCURRENCY = 8;

const NOT_ALLOCATED =
  'Le dossier n’est pas affecté à un site de composition : sa convocation ne peut pas être demandée.';

/**
 * The list's filter as the read store asks it, within the caller's centre (null: nothing, when the
 * filter names another centre). Only the list's own fields; `q` is its search box.
 */
export const bulkListFilter = (filtre: BulkFilter, scope: string | null): Filter | null => {
  const fields = candidaturesCollection.fields;
  const filter: Record<string, FieldOperators | string> = {};
  for (const [key, value] of Object.entries(filtre)) {
    if (key === 'q') {
      if (typeof value === 'string' && value.trim() !== '') filter.$q = value.slice(0, 200);
      continue;
    }
    if (key !== 'id' && !Object.hasOwn(fields, key))
      throw new ValidationError(`Filtre impossible sur le champ « ${key} ».`, {
        filtre: 'Champ inconnu.',
      });
    const coerce = (v: string | number | boolean) =>
      fields[key] === 'boolean' && (v === 'true' || v === 'false') ? v === 'true' : v;
    filter[key] = Array.isArray(value)
      ? { $in: (value as string[]).map(coerce) }
      : { $eq: coerce(value as string | number | boolean) };
  }
  if (!scope) return filter;
  const asked = filter.centreDepotId as FieldOperators | undefined;
  if (asked && !(asked.$eq === scope || asked.$in?.includes(scope))) return null;
  return { ...filter, centreDepotId: { $eq: scope } };
};

/** The dossiers a request names: its ids, or every result of its filter (in the list's order). */
export const bulkTargets = async (
  { eventStore, readStore }: { eventStore: EventStore; readStore: ReadStore },
  request: BulkRequest,
  scope: string | null,
): Promise<string[]> => {
  if (request.ids) {
    // None of them within reach (another centre's, unknown): nothing to run, as for an empty
    // filter (read from their streams: exact, the first one reachable ends the search).
    for (const id of request.ids) {
      const events = await eventStore.readStream(owner(id));
      const dossier = fold(candidatureDecider, events as unknown as CandidatureEvent[]);
      if (dossier.status === 'present' && (!scope || dossier.centreDepotId === scope))
        return [...request.ids];
    }
    return [];
  }
  const filter = bulkListFilter(request.filtre ?? {}, scope);
  if (filter === null) return [];
  const ids: string[] = [];
  const rows = readStore.collection<ReadModelDocument>(candidaturesCollection).stream({
    filter,
    sort: [{ field: 'numeroDossier', order: 'ASC' }],
    batchSize: 1000,
  });
  for await (const row of rows) {
    ids.push(row.id);
    if (ids.length > BULK_MAX)
      throw new ValidationError(
        'Le filtre retient plus de 50 000 dossiers : précisez-le (session, statut…).',
        { filtre: 'Trop de dossiers.' },
      );
  }
  return ids;
};

/** One dossier's action, by the handler of the single route; its refusal as its outcome. */
const applyOne = async (
  deps: CandidatureDeps,
  parameters: BulkParameters,
  id: string,
  scope: string | null,
  base: CommandContext,
): Promise<BulkOutcome> => {
  const events = await deps.eventStore.readStream(owner(id));
  const dossier = fold(candidatureDecider, events as unknown as CandidatureEvent[]);
  if (dossier.status !== 'present' || (scope && dossier.centreDepotId !== scope))
    return { candidatureId: id, numeroDossier: '', libelle: '', motif: CANDIDATURE_NOT_FOUND };
  const revision = events[events.length - 1]!.revision;
  const outcome = {
    candidatureId: id,
    numeroDossier: dossier.numeroDossier,
    libelle: candidateName(dossier.values),
  };
  // Its own command id: a chunk applied again after a crash finds what was done.
  const context: CommandContext = {
    ...base,
    commandId: `${base.commandId}/${id}`,
    causationId: base.causationId ?? base.commandId,
  };
  try {
    const { action } = parameters;
    if (action === 'payer') {
      const { prefixeReference, ...payment } = parameters.paiement!;
      const reference = bulkPaymentReference(prefixeReference, dossier.numeroDossier);
      await recordCandidaturePayment(deps, id, { ...payment, reference }, revision, scope, context);
    } else if (action === 'convoquer') {
      if (dossier.statut !== 'affecte') return { ...outcome, motif: NOT_ALLOCATED };
      await requestDocument(
        deps.eventStore,
        newItemId(context.commandId),
        { kind: 'convocations', cible: { sessionId: dossier.sessionId, candidatureId: id } },
        scope,
        context,
      );
    } else await candidatureStep(deps, id, action, revision, scope, context, parameters.rejet);
    return { ...outcome, motif: null };
  } catch (error) {
    if (isDomainError(error)) return { ...outcome, motif: error.message };
    if (error instanceof WrongExpectedRevisionError)
      return { ...outcome, motif: CONCURRENT_CHANGE_MESSAGE };
    throw error;
  }
};

/** Each dossier of a chunk decided alone, a few at a time; the outcomes in the chunk's order. */
export const applyBulkChunk = async (
  deps: CandidatureDeps,
  parameters: BulkParameters,
  ids: readonly string[],
  scope: string | null,
  context: CommandContext,
): Promise<BulkOutcome[]> => {
  const outcomes: BulkOutcome[] = new Array(ids.length);
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const index = next++;
      outcomes[index] = await applyOne(deps, parameters, ids[index]!, scope, context);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, lane));
  return outcomes;
};

export interface BulkAnswer {
  readonly id: string;
  readonly revision: number;
  readonly position: string;
  readonly total: number;
  /** Done at once (≤ 200 dossiers): each dossier's outcome; otherwise the run's progress is read. */
  readonly resultats?: readonly BulkOutcome[];
}

const bulkStream = (lotId: string) => streamName(BULK_CATEGORY, lotId);

const completion = (lotId: string, outcomes: readonly { motif: string | null }[]) => ({
  type: 'LotCandidaturesTermine' as const,
  data: {
    lotId,
    reussis: outcomes.filter((o) => o.motif === null).length,
    refus: outcomes.filter((o) => o.motif !== null).length,
  },
});

/**
 * Starts a run `lotId` (its id from the command id: a retried request answers the run it
 * started). Its dossiers resolved within the caller's scope; a rejection's motif checked first
 * (a French 400, nothing done). Up to 200 dossiers, done now; beyond, recorded in chunks.
 */
export const startBulk = async (
  deps: CandidatureDeps,
  lotId: string,
  request: BulkRequest,
  scope: string | null,
  context: CommandContext,
): Promise<BulkAnswer> => {
  const { eventStore, readStore } = deps;
  if (!readStore) throw new Error('lecture des modèles absente');
  const stream = bulkStream(lotId);
  const existing = await eventStore.readStream(stream);
  if (existing.length > 0) return finishDirect(deps, lotId, existing);
  await checkMotif(deps, request.rejet);
  const ids = await bulkTargets({ eventStore, readStore }, request, scope);
  if (ids.length === 0)
    throw new ValidationError('Aucun dossier ne correspond à votre choix : rien n’a été fait.', {
      ids: 'Aucun dossier.',
    });
  const parameters: BulkParameters = {
    action: request.action,
    ...(request.rejet ? { rejet: request.rejet } : {}),
    ...(request.paiement ? { paiement: request.paiement } : {}),
  };
  const direct = ids.length <= BULK_DIRECT_MAX;
  await eventStore.appendToStream(
    stream,
    toEnvelopes(bulkEvents(lotId, parameters, ids, scope, !direct), context),
    { expectedRevision: 'no_stream' },
  );
  return finishDirect(deps, lotId, await eventStore.readStream(stream));
};

/**
 * A run as it stands, done at once when it is small: its outcomes applied and recorded if they are
 * not yet (a retried request after a crash finishes it, each dossier's command id the same).
 */
const finishDirect = async (
  deps: CandidatureDeps,
  lotId: string,
  recorded: readonly RecordedEvent[],
): Promise<BulkAnswer> => {
  const accepted = recorded[0] as RecordedEvent<BulkAccepted>;
  const { total, candidatureIds, centreDepotId } = accepted.data;
  const last = recorded[recorded.length - 1]!;
  const applied = recorded.find((e) => e.type === 'LotCandidaturesTrancheAppliquee') as
    RecordedEvent<BulkChunkApplied> | undefined;
  if (!candidatureIds)
    return { id: lotId, revision: last.revision, position: last.position, total };
  if (applied)
    return {
      id: lotId,
      revision: last.revision,
      position: last.position,
      total,
      resultats: applied.data.resultats,
    };
  const context: CommandContext = {
    actor: accepted.metadata.actor,
    now: accepted.metadata.at,
    commandId: accepted.metadata.correlationId,
    causationId: accepted.metadata.correlationId,
  };
  const resultats = await applyBulkChunk(
    deps,
    accepted.data,
    candidatureIds,
    centreDepotId,
    context,
  );
  const outcome: BulkChunkApplied = {
    type: 'LotCandidaturesTrancheAppliquee',
    data: { lotId, tranche: 0, debut: 0, centreDepotId, resultats },
  };
  let done;
  try {
    done = await deps.eventStore.appendToStream(
      bulkStream(lotId),
      toEnvelopes([outcome, completion(lotId, resultats)], context, 10),
      { expectedRevision: last.revision },
    );
  } catch (error) {
    // The same request retried at the same time recorded it first: its outcome is this one's.
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    return finishDirect(deps, lotId, await deps.eventStore.readStream(bulkStream(lotId)));
  }
  return { id: lotId, revision: done.nextRevision, position: done.position, total, resultats };
};

export const BULK_REACTOR = 'reacteur-lots-candidatures';

/**
 * Reactor: applies a run's chunks in turn, as the run's actor; records each chunk's outcomes on
 * the run, then its end. Resumable: the outcome's command id derives from the chunk's event, each
 * dossier's from it too (a dossier done before a crash answers as it did).
 */
export const bulkReactor = (
  eventStore: EventStore,
  timeZone: string,
  readStore?: ReadStore,
): Projection => {
  const deps = candidatureDeps(eventStore, timeZone, readStore);
  return {
    name: BULK_REACTOR,
    version: 1,
    collections: [],
    eventTypes: ['LotCandidaturesTranche'],
    async apply(recorded: RecordedEvent) {
      const chunk = recorded as RecordedEvent<BulkChunk>;
      const { lotId, tranche, candidatureIds } = chunk.data;
      const stream = bulkStream(lotId);
      const run = await eventStore.readStream(stream);
      const accepted = run[0] as RecordedEvent<BulkAccepted> | undefined;
      if (accepted?.type !== 'LotCandidaturesAccepte') return;
      const applied = () =>
        run
          .filter((e) => e.type === 'LotCandidaturesTrancheAppliquee')
          .map((e) => (e as RecordedEvent<BulkChunkApplied>).data);
      const context: CommandContext = {
        actor: accepted.metadata.actor,
        now: new Date().toISOString(),
        causationId: chunk.id,
        commandId: `${BULK_REACTOR}/tranche/${chunk.id}`,
      };
      if (!applied().some((a) => a.tranche === tranche)) {
        const resultats = await applyBulkChunk(
          deps,
          accepted.data,
          candidatureIds,
          accepted.data.centreDepotId,
          context,
        );
        const event: BulkChunkApplied = {
          type: 'LotCandidaturesTrancheAppliquee',
          data: {
            lotId,
            tranche,
            debut: tranche * BULK_CHUNK_SIZE,
            centreDepotId: accepted.data.centreDepotId,
            resultats,
          },
        };
        await eventStore.appendToStream(stream, toEnvelopes([event], context), {
          expectedRevision: 'any',
        });
        run.push(...(await eventStore.readStream(stream, { fromRevision: run.length })));
      }
      const done = applied();
      if (
        new Set(done.map((a) => a.tranche)).size < accepted.data.tranches ||
        run.some((e) => e.type === 'LotCandidaturesTermine')
      )
        return;
      await eventStore.appendToStream(
        stream,
        toEnvelopes(
          [
            completion(
              lotId,
              done.flatMap((a) => a.resultats),
            ),
          ],
          {
            ...context,
            commandId: `${BULK_REACTOR}/fin/${lotId}`,
          },
        ),
        { expectedRevision: 'any' },
      );
    },
  };
};
