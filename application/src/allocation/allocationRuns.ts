/**
 * The automatic allocation of a session: accepted as one operation (the plan previewed, in chunks),
 * each chunk applied by the reactor.
 */
import {
  allocationRunEvents,
  ALLOCATION_RUN_CATEGORY,
  candidateNumber,
  candidatureDecider,
  ConflictError,
  fold,
  PLAN_CHANGED,
  streamName,
  type AllocationRunAccepted,
  type AllocationRunChunk,
  type AllocationRunChunkApplied,
  type CandidatureEvent,
  type CommandContext,
  type RecordedEvent,
} from '@examens-pro/domain';
import {
  toEnvelopes,
  WrongExpectedRevisionError,
  type CommandAnswer,
  type EventStore,
  type Projection,
} from '@examens-pro/platform';
import {
  allocationDeps,
  metierCode,
  owner,
  type AllocationDeps,
  type Present,
} from './allocationDeps.js';
import { allocationPreview } from './allocationInputs.js';
import { compositionStarted } from './sessionStep.js';
import { readListItem } from '../reference-lists/references.js';

/**
 * Accepts the automatic allocation of a session: the plan computed now must be the one
 * previewed (its fingerprint), else 409; the plan is recorded in chunks (numbering order) that
 * the reactor applies. Nothing to place: a run already finished.
 */
export const acceptAllocationRun = async (
  { eventStore, readStore }: AllocationDeps,
  runId: string,
  input: { sessionId: string; empreinte: string },
  context: CommandContext,
): Promise<CommandAnswer> => {
  if (!readStore) throw new Error('lecture des modèles absente');
  const stream = streamName(ALLOCATION_RUN_CATEGORY, runId);
  const existing = await eventStore.readStream(stream);
  if (existing.length > 0) {
    const last = existing[existing.length - 1]!;
    return { id: runId, revision: last.revision, position: last.position };
  }
  if (await compositionStarted(eventStore, input.sessionId))
    throw new ConflictError(
      'La composition de cette session a commencé : les affectations ne changent plus.',
    );
  const { plan, empreinte } = await allocationPreview(readStore, input.sessionId);
  if (empreinte !== input.empreinte) throw new ConflictError(PLAN_CHANGED);
  const events = allocationRunEvents(runId, input.sessionId, plan, empreinte);
  const result = await eventStore.appendToStream(stream, toEnvelopes(events, context), {
    expectedRevision: 'no_stream',
  });
  return { id: runId, revision: result.nextRevision, position: result.position };
};

/**
 * Applies one chunk of a run: seats per site (as many as remain: a seat taken by hand since is
 * not taken twice), candidate numbers per métier in the chunk's order (name order), then each
 * dossier's allocation. Handled again after a crash, it finds the seats and allocations made
 * and adds only what is missing.
 */
export const applyAllocationChunk = async (
  { eventStore, seats, numbers }: AllocationDeps,
  chunk: AllocationRunChunk['data'],
  context: CommandContext & { readonly causationId: string },
): Promise<AllocationRunChunkApplied['data']> => {
  const { sessionId, placements, runId } = chunk;
  const refus: { candidatureId: string; motif: string }[] = [];
  const locked = await compositionStarted(eventStore, sessionId);
  if (locked)
    return {
      runId,
      tranche: chunk.tranche,
      candidats: placements.length,
      places: 0,
      refus: placements.map((p) => ({
        candidatureId: p.candidatureId,
        motif: 'La composition de la session a commencé.',
      })),
    };
  const dossiers = new Map<string, { state: Present; revision: number }>();
  await Promise.all(
    placements.map(async (p) => {
      const events = await eventStore.readStream(owner(p.candidatureId));
      const state = fold(candidatureDecider, events as unknown as CandidatureEvent[]);
      if (state.status === 'present')
        dossiers.set(p.candidatureId, { state, revision: events[events.length - 1]!.revision });
    }),
  );
  const eligible = placements.filter((p) => {
    const dossier = dossiers.get(p.candidatureId)?.state;
    const already = dossier?.statut === 'affecte' && dossier.siteId === p.siteId;
    if (dossier && (dossier.statut === 'valide' || already)) return true;
    refus.push({
      candidatureId: p.candidatureId,
      motif:
        dossier?.statut === 'affecte'
          ? 'Déjà affecté à un autre site.'
          : 'Le dossier n’est plus validé.',
    });
    return false;
  });
  // Seats, site by site.
  const bySite = new Map<string, string[]>();
  for (const p of eligible)
    bySite.set(p.siteId, [...(bySite.get(p.siteId) ?? []), p.candidatureId]);
  const tables = new Map<string, number>();
  const chunkContext = { ...context, commandId: `${context.causationId}/sieges` };
  // Every site of the chunk at once: each site's seats still taken in turn on its own stream.
  await Promise.all(
    [...bySite].map(async ([siteId, ids]) => {
      const site = await readListItem(eventStore, 'sites-composition', siteId);
      const capacite =
        site?.status === 'actif' && typeof site.values.capacite === 'number'
          ? site.values.capacite
          : 0;
      const given = await seats.take(siteId, sessionId, ids, capacite, chunkContext);
      for (const id of ids) {
        const table = given.get(id);
        if (table === undefined)
          refus.push({ candidatureId: id, motif: 'Plus de place libre dans ce site.' });
        else tables.set(id, table);
      }
    }),
  );
  const seated = eligible.filter((p) => tables.has(p.candidatureId));
  // Candidate numbers, per métier, in the chunk's order.
  const numbered = new Map<string, string>();
  const byMetier = new Map<string, string[]>();
  for (const p of seated) {
    const dossier = dossiers.get(p.candidatureId)!.state;
    if (dossier.numeroCandidat) numbered.set(p.candidatureId, dossier.numeroCandidat);
    else byMetier.set(p.metierId, [...(byMetier.get(p.metierId) ?? []), p.candidatureId]);
  }
  for (const [metierId, ids] of byMetier) {
    const code = await metierCode(eventStore, metierId);
    const first = await numbers.block(`${sessionId}+${metierId}`, ids, {
      ...context,
      commandId: `${context.causationId}/numeros/${metierId}`,
    });
    ids.forEach((id, i) => numbered.set(id, candidateNumber(code, first + i)));
  }
  let places = 0;
  await Promise.all(
    seated.map(async (p) => {
      const { state, revision } = dossiers.get(p.candidatureId)!;
      const events = candidatureDecider.decide(
        {
          type: 'AllocateCandidature',
          data: {
            candidatureId: p.candidatureId,
            siteId: p.siteId,
            numeroCandidat: numbered.get(p.candidatureId)!,
            numeroTable: tables.get(p.candidatureId)!,
            facts: { compositionStarted: false },
            affectationAutomatiqueId: runId,
          },
        },
        state,
      );
      if (events.length === 0) {
        places += 1;
        return;
      }
      try {
        await eventStore.appendToStream(
          owner(p.candidatureId),
          toEnvelopes(events, {
            ...context,
            commandId: `${context.causationId}/${p.candidatureId}`,
          }),
          { expectedRevision: revision },
        );
        places += 1;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        await seats.release(p.siteId, sessionId, [p.candidatureId], chunkContext);
        refus.push({
          candidatureId: p.candidatureId,
          motif: 'Le dossier a changé pendant l’affectation.',
        });
      }
    }),
  );
  return { runId, tranche: chunk.tranche, candidats: placements.length, places, refus };
};

export const ALLOCATION_REACTOR = 'reacteur-affectations';

/**
 * Reactor: applies an accepted automatic allocation, one chunk per event, records each chunk's
 * outcome on the run (`AffectationAutomatiqueTrancheAppliquee`), then, once every chunk is, its end
 * (`AffectationAutomatiqueTerminee`). Resumable like the lists' reactor: the outcome's command id
 * derives from the chunk's event; seats and allocations already made are found again.
 */
export const allocationReactor = (eventStore: EventStore): Projection => {
  const deps = allocationDeps(eventStore);
  /**
   * What this process has read of each run's stream (its chunks hold every placement: read once,
   * from where it was last seen, not again for every chunk).
   */
  interface RunView {
    revision: number;
    acceptance?: RecordedEvent<AllocationRunAccepted>;
    applied: Map<number, AllocationRunChunkApplied['data']>;
    finished: boolean;
  }
  const runs = new Map<string, RunView>();
  const view = async (runId: string): Promise<RunView> => {
    const known: RunView = runs.get(runId) ?? { revision: -1, applied: new Map(), finished: false };
    const newer = await eventStore.readStream(streamName(ALLOCATION_RUN_CATEGORY, runId), {
      fromRevision: known.revision + 1,
    });
    for (const event of newer) {
      if (event.type === 'AffectationAutomatiqueAcceptee')
        known.acceptance = event as RecordedEvent<AllocationRunAccepted>;
      else if (event.type === 'AffectationAutomatiqueTrancheAppliquee') {
        const data = (event as RecordedEvent<AllocationRunChunkApplied>).data;
        if (!known.applied.has(data.tranche)) known.applied.set(data.tranche, data);
      } else if (event.type === 'AffectationAutomatiqueTerminee') known.finished = true;
      known.revision = event.revision;
    }
    runs.set(runId, known);
    return known;
  };
  return {
    name: ALLOCATION_REACTOR,
    version: 1,
    collections: [],
    eventTypes: ['AffectationAutomatiqueTranche'],
    async apply(recorded: RecordedEvent) {
      const chunk = recorded as RecordedEvent<AllocationRunChunk>;
      const { runId, tranche } = chunk.data;
      const stream = streamName(ALLOCATION_RUN_CATEGORY, runId);
      let run = await view(runId);
      const acceptance = run.acceptance;
      if (!acceptance) return;
      const context = {
        actor: acceptance.metadata.actor,
        now: new Date().toISOString(),
        causationId: chunk.id,
        commandId: `${ALLOCATION_REACTOR}/tranche/${chunk.id}`,
      };
      if (!run.applied.has(tranche)) {
        const outcome = await applyAllocationChunk(deps, chunk.data, context);
        await eventStore.appendToStream(
          stream,
          toEnvelopes([{ type: 'AffectationAutomatiqueTrancheAppliquee', data: outcome }], context),
          { expectedRevision: 'any' },
        );
        run = await view(runId);
      }
      if (run.applied.size < acceptance.data.tranches || run.finished) return;
      const distinct = [...run.applied.values()];
      await eventStore.appendToStream(
        stream,
        toEnvelopes(
          [
            {
              type: 'AffectationAutomatiqueTerminee',
              data: {
                runId,
                places: distinct.reduce((n, d) => n + d.places, 0),
                refus: distinct.reduce((n, d) => n + d.refus.length, 0),
              },
            },
          ],
          { ...context, commandId: `${ALLOCATION_REACTOR}/fin/${runId}` },
        ),
        { expectedRevision: 'any' },
      );
      runs.delete(runId);
    },
  };
};
