import {
  allocationRunEvents,
  ALLOCATION_RUN_CATEGORY,
  CANDIDATURE_CATEGORY,
  CANDIDATURE_NOT_FOUND,
  candidateNumber,
  candidatureDecider,
  candidaturesCollection,
  ConflictError,
  evolveSeats,
  fold,
  freeTables,
  NotFoundError,
  planAllocation,
  planFingerprint,
  PLAN_CHANGED,
  seatsStream,
  SESSION_STATUSES,
  sessionDecider,
  siteFullMessage,
  streamName,
  ValidationError,
  type AllocationRunAccepted,
  type AllocationRunChunk,
  type AllocationRunChunkApplied,
  type Candidature,
  type CandidatureCommand,
  type CandidatureDocument,
  type CandidatureEvent,
  type CommandContext,
  type PlanCandidate,
  type PlanSite,
  type RecordedEvent,
  type SessionEvent,
  type SiteSeats,
} from '@examens-pro/domain';
import { handleCommand, toEnvelopes, type CommandAnswer } from '@examens-pro/platform';
import { sequence, serialized } from '@examens-pro/platform';
import { readListItem } from '@examens-pro/platform';
import { WrongExpectedRevisionError, type EventStore } from '@examens-pro/platform';
import type { Projection } from '@examens-pro/platform';
import type { ReadStore } from '@examens-pro/platform';
import { readAllItems } from './examLists.js';

type Present = Extract<Candidature, { status: 'present' }>;

const readItem = readListItem;

const sessionStep = async (eventStore: EventStore, sessionId: string) => {
  const session = fold(
    sessionDecider,
    (await eventStore.readStream(streamName('sessions', sessionId))) as unknown as SessionEvent[],
  );
  if (session.status !== 'present')
    throw new ValidationError('Cette session est introuvable.', {
      sessionId: 'Cette session est introuvable.',
    });
  return { session, step: SESSION_STATUSES.indexOf(session.statut) };
};

/** The session has reached its composition: allocations are locked. */
const compositionStarted = async (eventStore: EventStore, sessionId: string) =>
  (await sessionStep(eventStore, sessionId)).step >= SESSION_STATUSES.indexOf('composition');

/**
 * The seats of composition sites: one stream per site (`sieges-<site>`), for every session, holding
 * who sits at which table. A seat is taken only at the revision read, against the site's capacity
 * read then: concurrent allocations by several staff, in several processes, never exceed it. A
 * change of capacity or activity of the site writes to the same stream (`SiteCapacityChecked`), so
 * that it and an allocation are ordered too.
 */
export const siteSeats = (eventStore: EventStore) => {
  const seen = new Map<string, { revision: number; seats: SiteSeats }>();
  const inTurn = serialized();
  const read = async (siteId: string) => {
    const stream = seatsStream(siteId);
    const known = seen.get(stream) ?? { revision: -1, seats: new Map() };
    const newer = await eventStore.readStream(stream, { fromRevision: known.revision + 1 });
    // A copy: a failed append must not leave what it meant to write in the cache.
    let seats: SiteSeats = new Map([...known.seats].map(([k, v]) => [k, new Map(v)]));
    for (const event of newer) seats = evolveSeats(seats, event);
    const revision = newer.length > 0 ? newer[newer.length - 1]!.revision : known.revision;
    const current = { revision, seats };
    seen.set(stream, current);
    return current;
  };
  const append = async (
    siteId: string,
    revision: number,
    event: { type: string; data: unknown },
    context: CommandContext,
  ) =>
    eventStore.appendToStream(
      seatsStream(siteId),
      toEnvelopes([event], {
        ...context,
        commandId: `${context.commandId}/sieges/${siteId}/${revision + 1}`,
      }),
      { expectedRevision: revision === -1 ? 'no_stream' : revision },
    );
  /** Retries `attempt` while another writer moved the stream between its read and its append. */
  const retrying = async <T>(siteId: string, attempt: () => Promise<T>): Promise<T> =>
    inTurn(siteId, async () => {
      for (let i = 0; i < 200; i += 1) {
        try {
          return await attempt();
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
        }
      }
      throw new Error(`Sièges : trop d’affectations simultanées (${siteId}).`);
    });

  return {
    read,
    /**
     * Seats for `candidatureIds` in the session, in order, as many as the capacity leaves: answers
     * each seated candidate's table (those already seated here keep theirs).
     */
    take: (
      siteId: string,
      sessionId: string,
      candidatureIds: readonly string[],
      capacite: number,
      context: CommandContext,
    ): Promise<Map<string, number>> =>
      retrying(siteId, async () => {
        const { revision, seats } = await read(siteId);
        const held = seats.get(sessionId);
        const tables = new Map<string, number>();
        const fresh: string[] = [];
        for (const id of candidatureIds) {
          const table = held?.get(id);
          if (table !== undefined) tables.set(id, table);
          else fresh.push(id);
        }
        const room = Math.max(0, capacite - (held?.size ?? 0));
        const seated = fresh.slice(0, room);
        if (seated.length === 0) return tables;
        const given = freeTables(held, seated.length);
        const sieges = seated.map((candidatureId, i) => ({
          candidatureId,
          numeroTable: given[i]!,
        }));
        await append(
          siteId,
          revision,
          { type: 'SeatsTaken', data: { siteId, sessionId, sieges } },
          context,
        );
        for (const seat of sieges) tables.set(seat.candidatureId, seat.numeroTable);
        return tables;
      }),
    /** Gives back the seats of `candidatureIds` (those not seated here are ignored). */
    release: (
      siteId: string,
      sessionId: string,
      candidatureIds: readonly string[],
      context: CommandContext,
    ): Promise<void> =>
      retrying(siteId, async () => {
        const { revision, seats } = await read(siteId);
        const held = seats.get(sessionId);
        const seated = candidatureIds.filter((id) => held?.has(id));
        if (seated.length === 0) return;
        await append(
          siteId,
          revision,
          { type: 'SeatsReleased', data: { siteId, sessionId, candidatureIds: seated } },
          context,
        );
      }),
    /**
     * A site's new capacity (or its deactivation, or deletion: `capacite` null) against the seats
     * held in sessions not yet closed: refused when it would leave a seated candidate without a
     * seat; recorded on the seats' stream otherwise, so that an allocation read before it fails.
     */
    checkChange: (
      siteId: string,
      change: { capacite: number | null; actif: boolean },
      context: CommandContext,
    ): Promise<void> =>
      retrying(siteId, async () => {
        const { revision, seats } = await read(siteId);
        let seated = 0;
        for (const [sessionId, held] of seats) {
          if (held.size === 0) continue;
          const { session } = await sessionStep(eventStore, sessionId).catch(() => ({
            session: undefined,
          }));
          if (session?.status === 'present' && session.statut === 'cloturee') continue;
          seated = Math.max(seated, held.size);
        }
        const format = new Intl.NumberFormat('fr-FR');
        const who = `${format.format(seated)} candidat${seated > 1 ? 's y sont affectés' : ' y est affecté'}`;
        if (seated > 0 && (!change.actif || change.capacite === null))
          throw new ConflictError(
            `Ce site ne peut pas être désactivé ni supprimé : ${who} pour une session en cours.`,
          );
        if (change.capacite !== null && change.capacite < seated)
          throw new ConflictError(
            `La capacité de ce site ne peut pas descendre sous ses candidats affectés : ${who} pour une session en cours.`,
          );
        await append(
          siteId,
          revision,
          { type: 'SiteCapacityChecked', data: { siteId, ...change } },
          context,
        );
      }),
  };
};

export type SiteSeatsPort = ReturnType<typeof siteSeats>;

/** Candidate numbers per session and métier: `numeros-candidat-<session>+<métier>`. */
const candidateNumbers = (eventStore: EventStore) =>
  sequence(eventStore, {
    stream: (key) => `numeros-candidat-${key}`,
    one: (key, numero, candidatureId) => ({
      type: 'CandidateNumberTaken',
      data: { key, numero, candidatureId },
    }),
    block: (key, numero, dernier, candidatureIds) => ({
      type: 'CandidateNumbersTaken',
      data: { key, numero, dernier, candidatureIds },
    }),
    label: 'Numéro de candidat',
  });

/** What the plan reads of a session: its validated candidates not seated, every active site. */
export const allocationInputs = async (
  readStore: ReadStore,
  sessionId: string,
): Promise<{ candidates: PlanCandidate[]; sites: PlanSite[]; siteNames: Map<string, string> }> => {
  const all = (list: string) => readAllItems(readStore, list);
  const [departements, centresDepot, centresExamen, sites, handicaps, metiers] = await Promise.all(
    [
      'departements',
      'centres-depot',
      'centres-examen',
      'sites-composition',
      'types-handicap',
      'metiers',
    ].map(all),
  );
  const zoneOf = new Map(departements!.map((d) => [d.id, String(d.zoneId ?? '')]));
  const departementOfDepot = new Map(
    centresDepot!.map((c) => [c.id, String(c.departementId ?? '')]),
  );
  const departementOfCentre = new Map(
    centresExamen!.map((c) => [c.id, String(c.departementId ?? '')]),
  );
  const accessibleRequired = new Set(
    handicaps!.filter((h) => h.siteAccessibleRequis === true).map((h) => h.id),
  );
  const codeOf = new Map(metiers!.map((m) => [m.id, String(m.code ?? '')]));
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);
  const occupied = new Map(
    (await dossiers.group({ filter: { sessionId, statut: 'affecte' }, by: ['siteId'] })).map(
      (g) => [String(g.key.siteId), g.count],
    ),
  );
  const planSites: PlanSite[] = sites!
    .filter((s) => s.actif === true)
    .map((s) => {
      const departementId = departementOfCentre.get(String(s.centreExamenId)) ?? '';
      return {
        id: s.id,
        libelle: String(s.libelle ?? ''),
        departementId,
        zoneId: zoneOf.get(departementId) ?? '',
        capacite: typeof s.capacite === 'number' ? s.capacite : 0,
        occupes: occupied.get(s.id) ?? 0,
        accessible: s.accessible === true,
      };
    });
  const candidates: PlanCandidate[] = [];
  for await (const doc of dossiers.stream({
    filter: { sessionId, statut: 'valide' },
    sort: [{ field: 'numeroDossier', order: 'ASC' }],
    batchSize: 5000,
  })) {
    const departementId = departementOfDepot.get(doc.centreDepotId) ?? '';
    candidates.push({
      id: doc.id,
      metierId: doc.metierId,
      metierCode: codeOf.get(doc.metierId) ?? '',
      nom: String(doc.nom ?? ''),
      prenoms: String(doc.prenoms ?? ''),
      dateNaissance: String(doc.dateNaissance ?? ''),
      departementId,
      zoneId: zoneOf.get(departementId) ?? '',
      accessibleRequis:
        typeof doc.handicapId === 'string' && accessibleRequired.has(doc.handicapId),
      langueId: typeof doc.langueId === 'string' ? doc.langueId : null,
    });
  }
  return {
    candidates,
    sites: planSites,
    siteNames: new Map(sites!.map((s) => [s.id, String(s.libelle ?? s.id)])),
  };
};

/** The automatic plan of a session as the read models show it now, and its fingerprint. */
export const allocationPreview = async (readStore: ReadStore, sessionId: string) => {
  const inputs = await allocationInputs(readStore, sessionId);
  const plan = planAllocation(inputs.candidates, inputs.sites);
  return { ...inputs, plan, empreinte: planFingerprint(plan) };
};

/**
 * The allocation commands: by hand (allocate, move, de-allocate) on one dossier, and the automatic
 * allocation of a session (accepted as one operation, applied in chunks by the reactor).
 */
export const allocationCommands = (eventStore: EventStore, readStore?: ReadStore) => {
  const seats = siteSeats(eventStore);
  const numbers = candidateNumbers(eventStore);
  const owner = (id: string) => streamName(CANDIDATURE_CATEGORY, id);

  const readDossier = async (id: string, scope: string | null) => {
    const state = fold(
      candidatureDecider,
      (await eventStore.readStream(owner(id))) as unknown as CandidatureEvent[],
    );
    if (state.status !== 'present' || (scope && state.centreDepotId !== scope))
      throw new NotFoundError(CANDIDATURE_NOT_FOUND);
    return state;
  };

  /** The site, active, able to receive this candidate (an accessible one when their handicap asks). */
  const siteFor = async (siteId: string, dossier: Present) => {
    const site = await readItem(eventStore, 'sites-composition', siteId);
    if (!site)
      throw new ValidationError('Ce site de composition est introuvable.', {
        siteId: 'Ce site de composition est introuvable.',
      });
    if (site.status !== 'actif')
      throw new ValidationError('Choisissez un site de composition actif.', {
        siteId: 'Choisissez un site de composition actif.',
      });
    const handicap = await readItem(
      eventStore,
      'types-handicap',
      dossier.values.handicapId as string | null,
    );
    if (handicap?.values.siteAccessibleRequis === true && site.values.accessible !== true)
      throw new ConflictError(
        `Le handicap de ce candidat (« ${handicap.libelle} ») exige un site accessible : le site « ${site.libelle} » ne l’est pas.`,
      );
    return site;
  };

  const metierCode = async (metierId: string) =>
    (await readItem(eventStore, 'metiers', metierId))?.code ?? 'CAND';

  return {
    seats,

    /** Allocates a validated candidate to a site, or moves an allocated one to another. */
    async allocate(
      id: string,
      siteId: string,
      revision: number,
      scope: string | null,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const dossier = await readDossier(id, scope);
      const facts = { compositionStarted: await compositionStarted(eventStore, dossier.sessionId) };
      const site = await siteFor(siteId, dossier);
      const command = (numeroCandidat: string, numeroTable: number): CandidatureCommand => ({
        type: 'AllocateCandidature',
        data: { candidatureId: id, siteId, numeroCandidat, numeroTable, facts },
      });
      // Decided first without numbers: a refusal takes no seat; the same site changes nothing.
      if (candidatureDecider.decide(command('', 0), dossier).length === 0) return this.answerOf(id);
      const capacite = typeof site.values.capacite === 'number' ? site.values.capacite : 0;
      const tables = await seats.take(siteId, dossier.sessionId, [id], capacite, context);
      const table = tables.get(id);
      if (table === undefined) {
        const { seats: held } = await seats.read(siteId);
        const libres = Math.max(0, capacite - (held.get(dossier.sessionId)?.size ?? 0));
        throw new ConflictError(siteFullMessage(site.libelle, libres));
      }
      try {
        const numero =
          dossier.numeroCandidat ??
          candidateNumber(
            await metierCode(dossier.metierId),
            await numbers(`${dossier.sessionId}+${dossier.metierId}`, id, context),
          );
        const outcome = await handleCommand(eventStore, {
          stream: owner(id),
          decider: candidatureDecider,
          command: command(numero, table),
          context,
          expectedRevision: revision,
        });
        // A move gives the former seat back.
        if (dossier.siteId && dossier.siteId !== siteId && outcome.events.length > 0)
          await seats.release(dossier.siteId, dossier.sessionId, [id], context);
        return { id, revision: outcome.revision, position: outcome.position };
      } catch (error) {
        if (dossier.siteId !== siteId)
          await seats.release(siteId, dossier.sessionId, [id], context);
        throw error;
      }
    },

    /** De-allocates a candidate: their seat is free again; their candidate number stays theirs. */
    async deallocate(
      id: string,
      revision: number,
      scope: string | null,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const dossier = await readDossier(id, scope);
      const facts = { compositionStarted: await compositionStarted(eventStore, dossier.sessionId) };
      const outcome = await handleCommand(eventStore, {
        stream: owner(id),
        decider: candidatureDecider,
        command: { type: 'DeallocateCandidature', data: { candidatureId: id, facts } },
        context,
        expectedRevision: revision,
      });
      if (dossier.siteId && outcome.events.length > 0)
        await seats.release(dossier.siteId, dossier.sessionId, [id], context);
      return { id, revision: outcome.revision, position: outcome.position };
    },

    async answerOf(id: string): Promise<CommandAnswer> {
      const events = await eventStore.readStream(owner(id));
      const last = events[events.length - 1]!;
      return { id, revision: last.revision, position: last.position };
    },

    /**
     * Accepts the automatic allocation of a session: the plan computed now must be the one
     * previewed (its fingerprint), else 409; the plan is recorded in chunks (numbering order) that
     * the reactor applies. Nothing to place: a run already finished.
     */
    async acceptRun(
      runId: string,
      input: { sessionId: string; empreinte: string },
      context: CommandContext,
    ): Promise<CommandAnswer> {
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
    },

    /**
     * Applies one chunk of a run: seats per site (as many as remain: a seat taken by hand since is
     * not taken twice), candidate numbers per métier in the chunk's order (name order), then each
     * dossier's allocation. Handled again after a crash, it finds the seats and allocations made
     * and adds only what is missing.
     */
    async applyChunk(
      chunk: AllocationRunChunk['data'],
      context: CommandContext & { readonly causationId: string },
    ): Promise<AllocationRunChunkApplied['data']> {
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
          const site = await readItem(eventStore, 'sites-composition', siteId);
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
        const code = await metierCode(metierId);
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
    },
  };
};

export const ALLOCATION_REACTOR = 'reacteur-affectations';

/**
 * Reactor: applies an accepted automatic allocation, one chunk per event, records each chunk's
 * outcome on the run (`AffectationAutomatiqueTrancheAppliquee`), then, once every chunk is, its end
 * (`AffectationAutomatiqueTerminee`). Resumable like the lists' reactor: the outcome's command id
 * derives from the chunk's event; seats and allocations already made are found again.
 */
export const allocationReactor = (eventStore: EventStore): Projection => {
  const commands = allocationCommands(eventStore);
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
        const outcome = await commands.applyChunk(chunk.data, context);
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
